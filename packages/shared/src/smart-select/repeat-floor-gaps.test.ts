import { describe, expect, it } from 'vitest';
import { isFrameBand, isInside, isTwoPaneFrame, makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultFloorGapsTuning, withFloorGapsFilled } from './repeat-floor-gaps.ts';
import { findSimilar } from './similar-and-frames.ts';

describe("select all similar: the windows of a floor the grid's period stepped over (docs/decisions/320)", () => {
  // Three floors of four framed two-pane windows (50 × 70) on the columns, under a top floor
  // of tall single-pane windows with a transom (50 × 90): dark glass on the columns, and
  // between each two of them one more of the same frame with light glass (blinds down), as
  // cmp_b0008's arcade. From a window of the middle floor the grid finds the four dark ones
  // at its crossings; the light ones stand on no column, and decision 279 takes nothing
  // within a run of a floor's repeats.
  const columns = [60, 180, 300, 420];
  const windows: Rectangle[] = [];
  for (const top of [200, 300, 400]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const dark = columns.map((middle) => ({ left: middle - 25, top: 60, right: middle + 24, bottom: 149 }));
  const light = [120, 240, 360].map((middle) => ({
    left: middle - 25,
    top: 60,
    right: middle + 24,
    bottom: 149,
  }));
  const isTransomFrame = (box: Rectangle, x: number, y: number) =>
    isFrameBand(box, x, y) || Math.abs(y - (box.top + 25)) < 2;
  const image = prepareFacadeImage(
    makeImage(500, 500, (x, y) => {
      const grain = noise(x, y, 3);
      if (y < 24) return [130 + grain, 175 + grain, 225 + grain];
      const window = windows.find((box) => isInside(box, x, y));
      if (window) {
        if (isTwoPaneFrame(window, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return [96 + grain, 110 + grain, 128 + grain];
      }
      const top = [...dark, ...light].find((box) => isInside(box, x, y));
      if (top) {
        if (isTransomFrame(top, x, y)) return [62 + grain, 58 + grain, 54 + grain];
        return dark.includes(top)
          ? [40 + grain, 46 + grain, 56 + grain]
          : [150 + grain, 160 + grain, 170 + grain];
      }
      const plaster = noise(x, y, 6);
      return [214 + plaster, 196 + plaster, 164 + plaster];
    }),
  );
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);
  const all = [...windows, ...dark, ...light];

  it('takes the light windows between the dark ones, each once, and nothing on the wall', () => {
    const repeats = findSimilar(image, windows[5] as Rectangle);
    for (const window of all) {
      const found = repeats.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}, ${window.top}`).toHaveLength(1);
    }
    expect(repeats.filter((repeat) => !all.some((box) => middleIn(box, repeat)))).toEqual([]);
  });

  it("finds nothing on the piers between a floor's windows", () => {
    // The two-pane floors: gaps as wide as the top floor's, plain wall in them.
    const repeats = [windows[5] as Rectangle, ...windows.filter((_, index) => index !== 5)];
    expect(withFloorGapsFilled(image, repeats)).toEqual(repeats);
  });

  it('searches a floor of three repeats, not one of two, and nothing above 1', () => {
    const repeats = [windows[5] as Rectangle, ...windows.filter((_, index) => index !== 5)];
    const three = [...repeats, ...dark.slice(0, 3)];
    const added = withFloorGapsFilled(image, three).slice(three.length);
    expect(added).toHaveLength(2);
    for (const window of light.slice(0, 2))
      expect(added.filter((repeat) => middleIn(window, repeat))).toHaveLength(1);
    const two = [...repeats, ...dark.slice(0, 2)];
    expect(withFloorGapsFilled(image, two)).toEqual(two);
    expect(withFloorGapsFilled(image, three, { ...defaultFloorGapsTuning, correlation: 1.01 })).toEqual(
      three,
    );
  });

  it('lends no look from a sliver: a floor of narrow repeats along a balustrade adds nothing (docs/decisions/321)', () => {
    // A balustrade of 6-pixel posts every 20 pixels under a window; every third post is a
    // repeat (what a floor of strips cut by a railing leaves). Matched with a post's look, the
    // posts between are as like it as can be.
    const posts = Array.from({ length: 20 }, (_, at) => ({
      left: 40 + 20 * at,
      top: 300,
      right: 45 + 20 * at,
      bottom: 349,
    }));
    const window = { left: 200, top: 150, right: 249, bottom: 219 };
    const balustrade = prepareFacadeImage(
      makeImage(500, 450, (x, y) => {
        const grain = noise(x, y, 3);
        if (isInside(window, x, y))
          return isTwoPaneFrame(window, x, y)
            ? [62 + grain, 58 + grain, 54 + grain]
            : [96 + grain, 110 + grain, 128 + grain];
        if (posts.some((post) => isInside(post, x, y))) return [70 + grain, 66 + grain, 60 + grain];
        const plaster = noise(x, y, 6);
        return [214 + plaster, 196 + plaster, 164 + plaster];
      }),
    );
    const repeats = [window, ...posts.filter((_, at) => at % 3 === 0)];
    expect(withFloorGapsFilled(balustrade, repeats)).toEqual(repeats);
    expect(
      withFloorGapsFilled(balustrade, repeats, { ...defaultFloorGapsTuning, narrowest: 0 }).length,
    ).toBeGreaterThan(repeats.length);
  });
});
