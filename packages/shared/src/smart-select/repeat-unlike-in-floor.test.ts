import { describe, expect, it } from 'vitest';
import { drawFramedFacade } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { defaultUnlikeInFloorTuning, dropUnlikeInFloor } from './repeat-check.ts';

describe('select all similar drops a repeat far less like the example than its floor (docs/decisions/353)', () => {
  // Two floors of four framed two-pane windows (50 × 70) on plaster; a grid crossing placed
  // on the plain wall of the upper floor, right of its last window, on no opening.
  const windows: Rectangle[] = [];
  for (const top of [80, 200]) {
    for (const left of [40, 140, 240, 340]) windows.push({ left, top, right: left + 49, bottom: top + 69 });
  }
  const image = drawFramedFacade(520, 320, windows, []);
  const onWall: Rectangle = { left: 430, top: 80, right: 479, bottom: 149 };

  it('drops the repeat on the wall and keeps every window', () => {
    expect(dropUnlikeInFloor(image, [...windows, onWall])).toEqual(windows);
  });

  it('keeps it with the step off (share 0)', () => {
    const repeats = [...windows, onWall];
    expect(dropUnlikeInFloor(image, repeats, { ...defaultUnlikeInFloorTuning, share: 0 })).toEqual(repeats);
  });
});
