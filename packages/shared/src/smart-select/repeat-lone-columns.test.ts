import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { dropLoneColumns } from './repeat-check.ts';
import { findSimilar } from './similar-and-frames.ts';

describe('select all similar: a column of one repeat is dropped where columns hold four or more (docs/decisions/376)', () => {
  // Four floors of four framed two-pane windows (50 × 70) and, on the example's floor past the
  // last column, a two-pane window of light glass off every column (a pane of a glazed gallery
  // spanning one floor, a shop's sign) that the grid's search along the floor takes for a
  // window.
  const columns = [60, 200, 340, 480];
  const windows: Rectangle[] = [];
  for (const top of [40, 140, 240, 340]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const panel = { left: 575, top: 140, right: 624, bottom: 209 };
  const image = prepareFacadeImage(
    makeImage(700, 460, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 24) return [130 + grain, 175 + grain, 225 + grain];
      const box = [...windows, panel].find((candidate) => isInside(candidate, x, y));
      if (box) {
        if (isTwoPaneFrame(box, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return box === panel
          ? [150 + grain, 160 + grain, 170 + grain]
          : [96 + grain, 110 + grain, 128 + grain];
      }
      const plaster = noise(x, y, 6);
      return [214 + plaster, 196 + plaster, 164 + plaster];
    }),
  );
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it('takes every window once and not the panel off the columns', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of windows)
      expect(
        repeats.filter((repeat) => middleIn(window, repeat)),
        `window at ${window.left}, ${window.top}`,
      ).toHaveLength(1);
    expect(repeats.filter((repeat) => middleIn(panel, repeat))).toEqual([]);
  });

  it('keeps a lone column where columns hold fewer than four, and the example alone in its column', () => {
    const threeFloors = [windows[5] as Rectangle, ...windows.filter((_, at) => at !== 5 && at < 12), panel];
    expect(dropLoneColumns(threeFloors)).toEqual(threeFloors);
    const exampleAlone = [panel, ...windows];
    expect(dropLoneColumns(exampleAlone)).toEqual(exampleAlone);
    const all = [windows[5] as Rectangle, ...windows.filter((_, at) => at !== 5), panel];
    expect(dropLoneColumns(all)).toEqual(all.slice(0, -1));
    expect(dropLoneColumns(all, 0)).toEqual(all);
  });
});
