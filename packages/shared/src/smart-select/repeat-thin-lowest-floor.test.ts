import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { dropLoneFloors } from './repeat-check.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: a thin lowest floor is dropped (docs/decisions/300)', () => {
  // Three floors of four framed two-pane windows (50 × 70), and on the ground floor under the
  // second and fourth columns two framed panels of light glass (a shop's sign, a shop window)
  // that the grid's search down the columns takes for windows: a floor of two under floors of four.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [60, 160, 260]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const panels = [
    { left: 155, top: 380, right: 204, bottom: 449 },
    { left: 395, top: 380, right: 444, bottom: 449 },
  ];
  const image = drawFramedFacade(520, 480, windows, panels);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('takes every window once and neither panel', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of windows)
      expect(
        repeats.filter((repeat) => middleIn(window, repeat)),
        `window at ${window.left}, ${window.top}`,
      ).toHaveLength(1);
    for (const panel of panels)
      expect(
        repeats.filter((repeat) => middleIn(panel, repeat)),
        `panel at ${panel.left}`,
      ).toEqual([]);
  });

  it('keeps a lowest floor of more than half the median floor, and the example on the lowest floor', () => {
    const threeUnder = [
      ...windows,
      ...windows.slice(8).map((w) => ({ ...w, top: w.top + 100, bottom: w.bottom + 100 })),
    ];
    threeUnder.splice(threeUnder.length - 1, 1);
    expect(dropLoneFloors(threeUnder)).toEqual(threeUnder);
    const exampleUnder = [panels[0] as Rectangle, ...windows, panels[1] as Rectangle];
    expect(dropLoneFloors(exampleUnder)).toEqual(exampleUnder);
    expect(dropLoneFloors([...windows, ...panels], 3, 0)).toEqual([...windows, ...panels]);
  });
});
