import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { findSimilar } from './similar-and-frames.ts';

/**
 * `findSimilar`'s own wiring of decisions 351 and 347 (their steps' tests call the steps
 * directly): three floors of four framed two-pane windows (50 × 70) on axes 120, 240, 360 and
 * 480; over the two left columns a storey of light windows (90 × 36), which decision 251 finds
 * over those columns; over that, a tower storey on axes 120, 300 and 420 (cmp_b0011's tower):
 * decision 302 takes the window on axis 120 up its column, alone on its floor, and the other
 * two stand on no column of the block's.
 */
function towerFacade(towerHalfWidth: number): {
  image: ReturnType<typeof drawFramedFacade>;
  example: Rectangle;
  tower: Rectangle[];
} {
  const windows: Rectangle[] = [];
  for (const top of [270, 370, 470]) {
    for (const middle of [120, 240, 360, 480])
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const storey = [120, 240].map((middle) => ({
    left: middle - 45,
    top: 190,
    right: middle + 44,
    bottom: 225,
  }));
  const tower = [120, 300, 420].map((middle) => ({
    left: middle - towerHalfWidth,
    top: 100,
    right: middle + towerHalfWidth - 1,
    bottom: 135,
  }));
  const image = drawFramedFacade(620, 590, windows, [...storey, ...tower]);
  return { image, example: windows[5] as Rectangle, tower };
}

/** Each of `windows` is the middle of exactly one of `repeats`, whose left, right and top lie within `within` pixels. */
function expectEachOutlinedOnce(
  repeats: readonly Rectangle[],
  windows: readonly Rectangle[],
  within: number,
): void {
  for (const window of windows) {
    const found = repeats.filter((repeat) =>
      isInside(window, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2),
    );
    expect(found, `window at ${window.left}`).toHaveLength(1);
    const [repeat] = found as [Rectangle];
    for (const side of ['left', 'right', 'top'] as const)
      expect(Math.abs(repeat[side] - window[side]), `${side} at ${window.left}`).toBeLessThanOrEqual(within);
  }
}

describe("select all similar: a tower storey's windows off the columns (docs/decisions/351)", () => {
  it("finds the tower storey's two windows on axes of their own, each once, within 3 pixels", () => {
    // Without `withFoundFloorsGoingOn` in `findSimilar` neither is found.
    const { image, example, tower } = towerFacade(45);
    expectEachOutlinedOnce(findSimilar(image, example), tower.slice(1), 3);
  });
});

describe("select all similar: a tower storey's narrower windows take their own frames (docs/decisions/347, 351)", () => {
  it('outlines the two windows found along the storey within 2 pixels, not at the template width', () => {
    // The tower's windows are 66 pixels wide; decision 351's step places its finds at the
    // width of the storey's found window, 90 pixels (0.73: a grid repeat would keep its sides,
    // decision 278's narrowest). `findSimilar` passing the grid's count as `placedFrom`
    // (decision 347) lets them take their frames' sides; without it they stay 90 wide.
    const { image, example, tower } = towerFacade(33);
    expectEachOutlinedOnce(findSimilar(image, example), tower.slice(1), 2);
  });
});
