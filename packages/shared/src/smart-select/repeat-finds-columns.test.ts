import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { defaultFindsColumnsTuning, withFindsAlongTheirColumns } from './repeat-finds-columns.ts';
import { findSimilar } from './similar-and-frames.ts';

describe("select all similar: a floor's finds go on along their columns by their own look (docs/decisions/301)", () => {
  // Decision 279's facade: three floors of four framed two-pane windows (50 × 70) under an
  // attic of wide, low windows (90 × 36) that goes on over a wing. Here the wing has floors of
  // its own under its two attic windows, with the attic windows' look and on floor lines
  // halfway between the main block's: the grid matches the example (a two-pane window) and
  // passes them over, decision 279 finds the wing's attic windows along the attic.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [190, 330, 470]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const low = (middle: number, top: number) => ({
    left: middle - 45,
    top,
    right: middle + 44,
    bottom: top + 35,
  });
  const attic = [...columns, 540, 660].map((middle) => low(middle, 68));
  const wing = [275, 415].flatMap((top) => [540, 660].map((middle) => low(middle, top)));
  const image = drawFramedFacade(760, 580, windows, [...attic, ...wing]);
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it("takes the wing's windows under its attic windows, each once at its place, and nothing else", () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    const all = [...windows, ...attic, ...wing];
    for (const window of all) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
    }
    for (const window of wing) {
      const [repeat] = repeats.filter((candidate) => middleIn(window, candidate)) as [Rectangle];
      expect(
        Math.abs(repeat.left - window.left),
        `left at ${window.left}, ${window.top}`,
      ).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.top - window.top), `top at ${window.left}, ${window.top}`).toBeLessThanOrEqual(
        3,
      );
    }
    expect(repeats.filter((repeat) => !all.some((box) => middleIn(box, repeat)))).toEqual([]);
  });

  it('follows only the windows from the given index, and nothing when switched off', () => {
    const repeats = [windows[5] as Rectangle, ...windows.filter((_, index) => index !== 5), ...attic];
    const added = withFindsAlongTheirColumns(image, repeats, repeats.length - 2).slice(repeats.length);
    expect(added).toHaveLength(wing.length);
    expect(withFindsAlongTheirColumns(image, repeats, repeats.length)).toEqual(repeats);
    expect(
      withFindsAlongTheirColumns(image, repeats, repeats.length - 2, {
        ...defaultFindsColumnsTuning,
        correlation: 2,
      }),
    ).toEqual(repeats);
  });
});
