import { describe, expect, it } from 'vitest';
import { isInside, isTwoPaneFrame, makeImage, noise, sideError } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultColumnGapsTuning, withColumnGapsFilled } from './repeat-floor-gaps.ts';
import { findSimilar } from './similar-and-frames.ts';

describe("select all similar: the windows of a column the grid's crossings missed (docs/decisions/375)", () => {
  // A row of two buildings, as cmp_b0003's: on the left three floors of four framed two-pane
  // windows (50 × 70); on the right, in a wall of another colour, two columns of narrower
  // windows of the same kind (40 × 70) whose top and bottom floors stand on the left building's
  // lines and whose middle floor stands 45 pixels lower (a floor line of its own). From a
  // window of the left building's middle floor the grid's crossings of its middle floor line
  // with the right building's columns land on the wall between two windows: no window there.
  const windows: Rectangle[] = [];
  for (const top of [60, 200, 340]) {
    for (const middle of [60, 160, 260, 360])
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const right: Rectangle[] = [];
  for (const top of [60, 245, 340]) {
    for (const middle of [480, 580])
      right.push({ left: middle - 20, top, right: middle + 19, bottom: top + 69 });
  }
  const all = [...windows, ...right];
  const image = prepareFacadeImage(
    makeImage(640, 480, (x, y) => {
      const grain = noise(x, y, 3);
      const window = all.find((box) => isInside(box, x, y));
      if (window) {
        if (isTwoPaneFrame(window, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const plaster = noise(x, y, 6);
      return x < 430
        ? [214 + plaster, 196 + plaster, 164 + plaster]
        : [190 + plaster, 200 + plaster, 210 + plaster];
    }),
  );
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);
  const lower = right.filter((box) => box.top === 245);

  it("takes the right building's lower windows between those above and below them, each once, nothing on the wall", () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of all) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
    }
    for (const window of lower) {
      const found = repeats.find((repeat) => middleIn(window, repeat)) as Rectangle;
      expect(sideError(found, window), `window at ${window.left}, ${window.top}`).toBeLessThanOrEqual(3);
    }
    expect(repeats.filter((repeat) => !all.some((box) => middleIn(box, repeat)))).toEqual([]);
  });

  it("searches a gap far taller than the facade's usual one between two windows of a column, not a column of one, and nothing above 1", () => {
    const example = windows[5] as Rectangle;
    const others = windows.filter((box) => box !== example);
    const column = right.filter((box) => box.left === 460 && box.top !== 245);
    const repeats = [example, ...others, ...column];
    const added = withColumnGapsFilled(image, repeats).slice(repeats.length);
    expect(added).toHaveLength(1);
    expect(sideError(added[0] as Rectangle, lower[0] as Rectangle)).toBeLessThanOrEqual(3);
    const one = [example, ...others, column[0] as Rectangle];
    expect(withColumnGapsFilled(image, one)).toEqual(one);
    expect(withColumnGapsFilled(image, repeats, { ...defaultColumnGapsTuning, correlation: 1.01 })).toEqual(
      repeats,
    );
    // A click of more repeats than `mostRepeats` searches no gap, nor one past `maximumGaps`.
    expect(
      withColumnGapsFilled(image, repeats, { ...defaultColumnGapsTuning, mostRepeats: repeats.length - 1 }),
    ).toEqual(repeats);
    expect(withColumnGapsFilled(image, repeats, { ...defaultColumnGapsTuning, maximumGaps: 0 })).toEqual(
      repeats,
    );
    // The gap alone in its facade is its own usual gap: not searched unless every gap is.
    const alone = [example, ...column];
    expect(withColumnGapsFilled(image, alone)).toEqual(alone);
    expect(withColumnGapsFilled(image, alone, { ...defaultColumnGapsTuning, irregular: 0 })).toHaveLength(4);
  });

  it("finds nothing between a column's windows over plain wall", () => {
    // The left building's columns: gaps of 70 pixels of plain wall between the floors.
    const example = windows[5] as Rectangle;
    const repeats = [example, ...windows.filter((box) => box !== example)];
    expect(withColumnGapsFilled(image, repeats)).toEqual(repeats);
  });
});
