import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  paintRectangle,
  prepareFacadeImage,
  type Rectangle,
  surfaceClick,
} from './facade-select.ts';

// A render facade with two floors of three dark windows (a mullion and a transom across the
// glass). A later wall click on the layer gets the cuts of its earlier clicks: a large one its
// own cuts miss stays cut (an earlier click's detector found an opening there that this one does
// not see: here a patch of the render, for the drawing's sake), unless the click lands in it;
// one its own cuts cover, a small one, and the ring of an earlier cut around a window it cuts
// itself come back (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
const render: Colour = [208, 196, 176];
const glass: Colour = [70, 78, 90];
const bar: Colour = [120, 118, 114];
const windows: Rectangle[] = [60, 240].flatMap((top) =>
  [80, 300, 520].map((left) => ({ left, top, right: left + 99, bottom: top + 79 })),
);
const photo = makeImage(700, 420, (x, y) => {
  const grain = noise(x, y, 6);
  const window = windows.find((box) => isInside(box, x, y));
  if (window) {
    const isBar = Math.abs(x - (window.left + window.right) / 2) < 3 || Math.abs(y - (window.top + 25)) < 3;
    return shade(isBar ? bar : glass, 1, grain);
  }
  return shade(render, 1 - 0.05 * (y / 420), grain);
});
// Plain render between the floors' windows, which an earlier click cut.
const patch: Rectangle = { left: 200, top: 160, right: 279, bottom: 219 };
// A small one (144 pixels, under 6 superpixel sizes squared).
const small: Rectangle = { left: 420, top: 180, right: 431, bottom: 191 };
// An earlier cut 12 pixels wider than a window on each side: the click cuts the window itself.
const window = windows[0] as Rectangle;
const around: Rectangle = {
  left: window.left - 12,
  top: window.top - 12,
  right: window.right + 12,
  bottom: window.bottom + 12,
};
const onWindows = (x: number, y: number) => windows.some((box) => isInside(box, x, y));
const onRing = (x: number, y: number) => isInside(around, x, y) && !isInside(window, x, y);

const wallClick = (
  point: { x: number; y: number },
  earlier: Rectangle[],
  tuning: Partial<FacadeTuning> = {},
) => {
  const { surface, cuts, remembered } = surfaceClick(
    prepareFacadeImage(photo, { tuning }),
    point,
    true,
    earlier,
  );
  for (const cut of cuts) paintRectangle(surface, cut, 0);
  return { wall: surface, remembered };
};

describe("a later wall click and its layer's earlier cuts", () => {
  it('without earlier cuts the click takes the patch and cuts the windows', () => {
    const { wall } = wallClick({ x: 40, y: 200 }, []);
    expect(shareSelected(wall, (x, y) => isInside(patch, x, y))).toBeGreaterThan(0.95);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
  });

  it('keeps a large earlier cut its own cuts miss, and remembers it with its own', () => {
    const { wall, remembered } = wallClick({ x: 40, y: 200 }, [patch]);
    expect(shareSelected(wall, (x, y) => isInside(patch, x, y))).toBe(0);
    expect(shareSelected(wall, onWindows)).toBeLessThan(0.05);
    // The render around the patch is still taken.
    expect(shareSelected(wall, (x, y) => y >= 160 && y <= 219 && x >= 20 && x < 190)).toBeGreaterThan(0.95);
    expect(remembered).toContainEqual(patch);
    expect(remembered.length).toBeGreaterThanOrEqual(windows.length);
  });

  it('takes the patch back with the setting at 0 (the former rule)', () => {
    const { wall } = wallClick({ x: 40, y: 200 }, [patch], { earlierCutCells: 0 });
    expect(shareSelected(wall, (x, y) => isInside(patch, x, y))).toBeGreaterThan(0.95);
  });

  it('a click inside the earlier cut takes it as wall and forgets it', () => {
    const { wall, remembered } = wallClick({ x: 240, y: 190 }, [patch]);
    expect(shareSelected(wall, (x, y) => isInside(patch, x, y))).toBeGreaterThan(0.95);
    expect(remembered).not.toContainEqual(patch);
  });

  it('gives back a small earlier cut and one its own cuts cover, but remembers them', () => {
    const { wall, remembered } = wallClick({ x: 40, y: 200 }, [small, around]);
    expect(shareSelected(wall, (x, y) => isInside(small, x, y))).toBeGreaterThan(0.95);
    expect(shareSelected(wall, onRing)).toBeGreaterThan(0.8);
    expect(remembered).toContainEqual(small);
    expect(remembered).toContainEqual(around);
  });
});
