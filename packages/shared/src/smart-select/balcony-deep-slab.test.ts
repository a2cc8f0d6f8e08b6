import { describe, expect, it } from 'vitest';
import { balconyMisfits, glass, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade, three floors of four dark windows over a rusticated ground floor (deep
// joints every 5 px: a facade's many row lines, against which a faint line is measured). In
// front of the middle floor's two middle windows stands a balcony of light bars (2 of every
// 6 pixels, a grey lighter than the glass behind them) under a light grey handrail, as on
// cmp_b0007: its top line is under the 3 × the photo's mean row edge a lone balcony needs
// (decision 155). It stands right on a slab of the render's stone whose front edge is in deep
// shade (docs/decisions/240-railings-on-deep-slabs.md).
const width = 440;
const height = 400;
const windows = renderFacadeWindows([30, 150, 270]);
const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
const railing: Rectangle = { left: 130, top: 206, right: 310, bottom: 235 };
const slab: Rectangle = { left: 126, top: 236, right: 314, bottom: 246 };
const wallShade = (y: number) => ((y > 290 || y < 28) && y % 5 === 0 ? 0.3 : 1) * (1 - 0.06 * (y / height));
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(railing, x, y) && y - railing.top < 2) return shade(render, 0.85, grain);
  if (isInside(railing, x, y) && x % 6 < 2) return shade(render, 0.7, grain);
  if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.2 : 1.03, grain);
  if (windowAt(x, y)) return shade(glass, 1, grain);
  return shade(render, wallShade(y), grain);
});
const click = { x: 60, y: 255 };
const onBalcony = (box: Rectangle) => box.left < 200 && box.right > 250 && box.top < 230 && box.bottom > 240;

describe('balconies of the whole photo: a railing standing on a deep slab', () => {
  it('is found, from the top of its bars down to its slab, however faint its top line', () => {
    const image = prepareFacadeImage(photo);
    const found = image.balconyOpenings.find(onBalcony);
    expect(found).toBeDefined();
    const balcony = found as Rectangle;
    expect(balconyMisfits(balcony, railing, slab.bottom)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeLessThan(0.05);
    expect(shareSelected(selection, (x, y) => y > 250 && y < 265 && !windowAt(x, y))).toBeGreaterThan(0.9);
  });

  it('without it (balconyDeepSlab 0) it is missed and a wall click takes its slab', () => {
    // The click's own railing, kept whole down to its slab by decision 335, would leave out 60 %
    // of the slab on its own: off too, to see this decision's part.
    const image = prepareFacadeImage(photo, { tuning: { balconyDeepSlab: 0, bandSparesRailings: false } });
    expect(image.balconyOpenings.filter(onBalcony)).toEqual([]);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeGreaterThan(0.5);
  });
});
