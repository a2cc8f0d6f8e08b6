import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { dropLoneFloors } from './repeat-check.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: a floor of one repeat is dropped where floors hold three or more (docs/decisions/282)', () => {
  // Three floors of four framed two-pane windows (50 × 70), and under the example's column on
  // the ground floor a framed panel of light glass (a notice board, a shop's sign) that the
  // grid's search down the column takes for a window.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [60, 160, 260]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const panel = { left: 155, top: 380, right: 204, bottom: 449 };
  const image = drawFramedFacade(520, 480, windows, [panel]);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('takes every window once and not the lone panel', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of windows)
      expect(
        repeats.filter((repeat) => middleIn(window, repeat)),
        `window at ${window.left}, ${window.top}`,
      ).toHaveLength(1);
    expect(repeats.filter((repeat) => middleIn(panel, repeat))).toEqual([]);
  });

  it('keeps lone floors on a facade of one window a floor, and the example alone on its floor', () => {
    const column = windows.filter((window) => window.left === 155);
    expect(dropLoneFloors(column)).toEqual(column);
    const exampleAlone = [panel, ...windows];
    expect(dropLoneFloors(exampleAlone)).toEqual(exampleAlone);
  });
});
