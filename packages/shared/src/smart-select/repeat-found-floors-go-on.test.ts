import { describe, expect, it } from 'vitest';
import { drawFramedFacade, isInside } from './drawn-facade.ts';
import type { Rectangle } from './facade-select.ts';
import { withFoundFloorsGoingOn } from './repeat-floors-go-on.ts';

describe('select all similar: a floor of windows found over the columns goes on along itself (docs/decisions/351)', () => {
  // Three floors of four framed two-pane windows (50 × 70) on axes 90, 210, 330 and 450, and
  // over the left of the block a tower storey of three framed light windows (44 × 40) on axes
  // 90, 150 and 210 (cmp_b0011's tower): the column steps found the one on axis 90, alone on
  // its floor; the other two stand on no column of the block's.
  const columns = [90, 210, 330, 450];
  const windows: Rectangle[] = [];
  for (const top of [230, 330, 430]) {
    for (const middle of columns)
      windows.push({ left: middle - 25, top, right: middle + 24, bottom: top + 69 });
  }
  const tower = [90, 150, 210].map((middle) => ({
    left: middle - 22,
    top: 100,
    right: middle + 21,
    bottom: 139,
  }));
  const image = drawFramedFacade(560, 550, windows, tower);
  const example = windows[5] as Rectangle;
  const grid = [example, ...windows.filter((window) => window !== example)];
  const middleIn = (box: Rectangle, repeat: Rectangle) =>
    isInside(box, (repeat.left + repeat.right) / 2, (repeat.top + repeat.bottom) / 2);

  it("takes the storey's two other windows by the found one's look, each once, and nothing else", () => {
    const repeats = withFoundFloorsGoingOn(image, [...grid, tower[0] as Rectangle], grid.length);
    const added = repeats.slice(grid.length + 1);
    for (const window of tower.slice(1)) {
      const found = added.filter((repeat) => middleIn(window, repeat));
      expect(found, `window at ${window.left}`).toHaveLength(1);
      const [repeat] = found as [Rectangle];
      expect(Math.abs(repeat.left - window.left), `left at ${window.left}`).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.top - window.top), `top at ${window.left}`).toBeLessThanOrEqual(3);
    }
    expect(added).toHaveLength(2);
  });

  it('leaves a floor of two found windows alone (largestFloor 1: the time of a click)', () => {
    const repeats = [...grid, tower[0] as Rectangle, tower[2] as Rectangle];
    expect(withFoundFloorsGoingOn(image, repeats, grid.length)).toEqual(repeats);
  });

  it("leaves the grid's floors to decision 279: a floor holding a grid repeat is not searched", () => {
    // The block's lowest floor holds one window, the grid's own (before `from`); the tower's
    // window is the one find. Only the tower's floor goes on (its two other windows): searched
    // too, the lowest floor would take its three other windows.
    const rest = grid.filter((repeat) => repeat.top !== 430);
    const lone = grid.find((repeat) => repeat.top === 430) as Rectangle;
    const repeats = [...rest, lone, tower[0] as Rectangle];
    const found = withFoundFloorsGoingOn(image, repeats, rest.length + 1);
    expect(found).toHaveLength(repeats.length + 2);
    expect(found.slice(repeats.length).every((repeat) => repeat.top < 200)).toBe(true);
  });
});
