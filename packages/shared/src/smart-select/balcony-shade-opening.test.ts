import { describe, expect, it } from 'vitest';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// Decision 239's render facade (balcony-shade.test.ts) without the slab's shadow: the balcony's
// lit slab stands right on the head of a wide, low window of dark glass (a mezzanine's), 120 of
// the balcony's 181 px wide, its head the row under the slab. The glass is far darker than the
// wall further down and the wall beside it is lit: decision 239 reads it as the balcony's
// shade, and the balcony reached down over the window and the wall either side of it
// (docs/decisions/551-balcony-shade-stops-at-an-opening.md).
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30]);
const railing: Rectangle = { left: 130, top: 200, right: 310, bottom: 235 };
const slab: Rectangle = { left: 130, top: 236, right: 310, bottom: 246 };
const mezzanine: Rectangle = { left: 160, top: 247, right: 279, bottom: 282 };
const click = { x: 60, y: 330 };
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
  if (isInside(slab, x, y)) return shade(render, 1.03, grain);
  if (isInside(mezzanine, x, y) || windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
// The wall under the slab either side of the window, down to its sill.
const besideWindow = (x: number, y: number) =>
  y > slab.bottom &&
  y <= mezzanine.bottom &&
  ((x >= slab.left && x < mezzanine.left - 3) || (x <= slab.right && x > mezzanine.right + 3));
const balconyOf = (found: Rectangle[]) => found.find((box) => box.left < 200 && box.right > 250);

describe("a balcony's shade stops at the head of an opening under it", () => {
  it('the balcony ends at its slab, over the window', () => {
    const image = prepareFacadeImage(photo);
    expect(image.openings.some((box) => Math.abs(box.top - mezzanine.top) <= 2)).toBe(true);
    const balcony = balconyOf(image.balconyOpenings);
    if (!balcony) throw new Error('no balcony found');
    expect(balcony.bottom).toBeLessThanOrEqual(slab.bottom + 2);
  });

  it('a wall click keeps the wall beside the window and leaves out its glass', () => {
    const selection = selectFacadeElement(prepareFacadeImage(photo), click, 'surface');
    expect(shareSelected(selection, besideWindow)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, (x, y) => isInside(mezzanine, x, y))).toBeLessThan(0.05);
  });

  it('with balconyShadeOpening 0 the balcony takes the window as its shade, and the wall beside it', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyShadeOpening: 0 } });
    const balcony = balconyOf(image.balconyOpenings);
    if (!balcony) throw new Error('no balcony found');
    expect(balcony.bottom).toBeGreaterThan(slab.bottom + 10);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, besideWindow)).toBeLessThan(0.5);
  });
});
