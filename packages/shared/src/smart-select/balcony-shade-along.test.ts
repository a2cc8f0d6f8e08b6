import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade, two floors of four dark windows. Along the upper floor runs one balcony on a
// slab whose front edge is in shade, under one iron handrail: straight iron bars over most of it,
// found (decision 155), and at its left end scrolls drawn as slanting iron strokes, found as a
// stretch along its floor (decision 268). The slab casts its shadow on the wall under it, with
// lit stone corbels standing in it, and runs on to the photo's left edge past the railing
// (cmp_b0012's floors: a slab the whole facade long). Beside the stretch the wall is in the same
// shadow on both sides, so its own shade reads as a cornice's; the balcony beside it, lit wall
// at its right end, takes its shade (docs/decisions/303-balcony-shade-along-its-floor.md).
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150]);
const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
const balcony: Rectangle = { left: 24, top: 206, right: 405, bottom: 246 };
const barsFrom = 120;
const slabHeight = 11;
const shadeHeight = 18;
const click = { x: 20, y: 140 };

const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  const onSlab = x <= balcony.right;
  if (onSlab && y > balcony.bottom - slabHeight && y <= balcony.bottom)
    return shade(render, balcony.bottom - y < 4 ? 0.3 : 1.03, grain);
  if (isInside(balcony, x, y)) {
    if (y - balcony.top < 3) return shade(iron, 1, grain);
    if (x >= barsFrom ? x % 6 < 2 : (x + y) % 24 < 2) return shade(iron, 1, grain);
  }
  if (windowAt(x, y)) return shade(glass, 1, grain);
  const below = y - balcony.bottom;
  if (onSlab && below > 0 && below <= shadeHeight) {
    // Corbels: 10-px blocks of lit stone every 30 px along the slab, 10 px high.
    if (x % 30 < 10 && below <= 10) return shade(render, 1, grain);
    return shade(render, 0.55 + 0.45 * (below / shadeHeight), grain);
  }
  return shade(render, 1, grain);
});

/** The corbels' band (the darker half of the shade) under the railing's scrolled left end. */
const corbelsUnderEnd: Rectangle = {
  left: balcony.left + 4,
  top: balcony.bottom + 1,
  right: barsFrom - 10,
  bottom: balcony.bottom + 8,
};
/** The lit wall under the shade and between the floors. */
const wallAround = (x: number, y: number) =>
  (y > balcony.bottom + shadeHeight + 4 && y < 300) || (y > 122 && y < 148 && !windowAt(x, y));

describe('a balcony along its floor takes the shade of the balcony it goes on from', () => {
  it("a wall click leaves out the corbels under the railing's scrolled end, and keeps the lit wall", () => {
    const image = prepareFacadeImage(photo);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(corbelsUnderEnd, x, y))).toBeLessThan(0.05);
    expect(shareSelected(selection, wallAround)).toBeGreaterThan(0.9);
  });

  it('without it (balconyShadeAlongDarker 0) the stretch ends at its slab and the click takes the corbels', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyShadeAlongDarker: 0 } });
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(corbelsUnderEnd, x, y))).toBeGreaterThan(0.3);
  });
});
