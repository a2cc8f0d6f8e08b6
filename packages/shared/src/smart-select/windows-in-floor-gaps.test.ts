import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

const render: Colour = [206, 200, 186];
const darkGlass: Colour = [58, 62, 66];
/** Closed shutters in a grey a little darker than the render, slatted: no darkness map sees them. */
const shutter: Colour = [178, 178, 170];

/**
 * One row of eight windows (22 × 50, 8-pixel piers) under the eaves, nothing above or below
 * them: windows 2, 5 and 7 (from 1) have closed shutters, the others dark glass; every window
 * sits in a 2-pixel reveal in shade.
 */
const row: Rectangle[] = Array.from({ length: 8 }, (_, at) => ({
  left: 40 + 30 * at,
  top: 60,
  right: 61 + 30 * at,
  bottom: 109,
}));
const shuttered = [1, 4, 6].map((at) => row[at] as Rectangle);

/** `boxes` in their reveals: those of `shut` shuttered, the others dark glass. */
const drawBoxes = (boxes: readonly Rectangle[], shut: readonly Rectangle[]) =>
  makeImage(320, 220, (x, y) => {
    const box = boxes.find((w) => isInside(w, x, y));
    const wall = shade(render, 1 - 0.04 * (y / 220), noise(x, y, 4));
    if (!box) return wall;
    const isReveal = x < box.left + 2 || x > box.right - 2 || y < box.top + 2 || y > box.bottom - 2;
    if (isReveal) return shade(render, 0.72, noise(x, y, 2));
    if (!shut.includes(box)) return shade(darkGlass, 1, noise(x, y, 2));
    return shade(shutter, (y - box.top) % 5 === 0 ? 0.9 : 1, noise(x, y, 2));
  });
/** The row with its shuttered windows, or plain wall in their places. */
const facade = (shut: 'shutters' | 'wall') =>
  shut === 'shutters'
    ? drawBoxes(row, shuttered)
    : drawBoxes(
        row.filter((box) => !shuttered.includes(box)),
        [],
      );

const click = { x: 160, y: 170 };
const inShutters = (x: number, y: number) => shuttered.some((box) => isInside(box, x, y));
/** Each shutter within its reveal. */
const shutterLeaves = shuttered.map((box) => ({
  left: box.left + 2,
  top: box.top + 2,
  right: box.right - 2,
  bottom: box.bottom - 2,
}));
const isWall = (x: number, y: number) =>
  !row.some((box) =>
    isInside(
      { ...box, left: box.left - 3, right: box.right + 3, top: box.top - 3, bottom: box.bottom + 3 },
      x,
      y,
    ),
  );

describe('windows in a gap of their floor (docs/decisions/540-windows-in-a-gap-of-their-floor.md)', () => {
  it('a wall click leaves out the shuttered windows between the row’s cut windows', () => {
    const image = prepareFacadeImage(facade('shutters'));
    const former = prepareFacadeImage(facade('shutters'), { tuning: { repeatGapLeast: 0 } });
    const wall = selectFacadeElement(image, click, 'surface');
    const before = selectFacadeElement(former, click, 'surface');
    // The former code: no window above or below names the shuttered windows' columns.
    expect(shareSelected(before, inShutters)).toBeGreaterThan(0.9);
    for (const leaf of shutterLeaves) {
      expect(shareSelected(before, (x, y) => isInside(leaf, x, y))).toBeGreaterThan(0.9);
      expect(shareSelected(wall, (x, y) => isInside(leaf, x, y))).toBeLessThan(0.02);
    }
    expect(shareSelected(wall, isWall)).toBeGreaterThan(0.95);
  });

  it('plain wall in the same gaps stays wall', () => {
    const image = prepareFacadeImage(facade('wall'));
    const former = prepareFacadeImage(facade('wall'), { tuning: { repeatGapLeast: 0 } });
    const wall = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(wall, inShutters)).toBeGreaterThan(0.95);
    expect(shareSelected(wall, inShutters)).toBeCloseTo(
      shareSelected(selectFacadeElement(former, click, 'surface'), inShutters),
      5,
    );
  });

  it('a panel between a window and a cut of no window’s size (a sign) stays wall', () => {
    // Windows 1–4 of the row, then a panel like a shutter in window 5's place and a dark sign
    // over the places of windows 6–8: the gap does not lie in a row of like windows.
    const panel = row[4] as Rectangle;
    const sign = {
      left: (row[5] as Rectangle).left,
      top: 60,
      right: (row[7] as Rectangle).right,
      bottom: 109,
    };
    const photo = drawBoxes([...row.slice(0, 5), sign], [panel]);
    const wall = selectFacadeElement(prepareFacadeImage(photo), click, 'surface');
    const inPanel = (x: number, y: number) => isInside(panel, x, y);
    expect(shareSelected(wall, inPanel)).toBeGreaterThan(0.9);
  });
});
