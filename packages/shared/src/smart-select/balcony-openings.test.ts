import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

describe('balconies of the whole photo: railing and slab', () => {
  // Three floors × four dark windows on a render. In front of the middle floor's windows'
  // lower part runs a balcony across the facade: iron bars (2 of every 7 pixels) under an
  // iron handrail, about 4 superpixel sizes high as on street photos, and under them the slab
  // (with its corbels, as the CMP labels count it) of the render's own stone, two thirds as
  // deep as the railing, its underside in shade. The slab is as light as the wall: a wall
  // click's surface takes it unless the balcony is found as a whole.
  const width = 440;
  const height = 400;
  const render: Colour = [206, 196, 178];
  const glass: Colour = [80, 88, 98];
  const iron: Colour = [40, 38, 36];
  const windows: Rectangle[] = [];
  for (const top of [30, 150, 270]) {
    for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 44, bottom: top + 89 });
  }
  const railing: Rectangle = { left: 20, top: 206, right: 419, bottom: 235 };
  const slab: Rectangle = { left: 20, top: 236, right: 419, bottom: 256 };
  const isBalcony = (x: number, y: number) => isInside(railing, x, y) || isInside(slab, x, y);
  const windowAt = (x: number, y: number) => windows.find((box) => isInside(box, x, y));
  const photo = makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 4);
    if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
    if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.6 : 1.03, grain);
    if (windowAt(x, y)) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / height), grain);
  });
  const click = { x: 120, y: 340 };

  it('finds the balcony once per photo, from its handrail down to the slab underside', () => {
    const image = prepareFacadeImage(photo);
    const found = image.balconyOpenings.filter((box) => box.right - box.left > 300);
    expect(found).toHaveLength(1);
    const [balcony] = found as [Rectangle];
    expect(Math.abs(balcony.top - railing.top)).toBeLessThanOrEqual(3);
    expect(Math.abs(balcony.bottom - slab.bottom)).toBeLessThanOrEqual(3);
    expect(Math.abs(balcony.left - railing.left)).toBeLessThanOrEqual(6);
    expect(Math.abs(balcony.right - railing.right)).toBeLessThanOrEqual(6);
  });

  it('a wall click leaves out the bars, the handrail and the slab, and keeps the wall', () => {
    const image = prepareFacadeImage(photo);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeLessThan(0.1);
    expect(shareSelected(selection, isBalcony)).toBeLessThan(0.05);
    expect(shareSelected(selection, (x, y) => !windowAt(x, y) && !isBalcony(x, y))).toBeGreaterThan(0.9);
  });

  it('without it (balconyEdge 0) the wall click takes the slab', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyEdge: 0 } });
    expect(image.balconyOpenings).toHaveLength(0);
    const selection = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(selection, (x, y) => isInside(slab, x, y))).toBeGreaterThan(0.5);
  });

  it('finds no balcony in windows behind dense grilles: no handrail or slab line runs along them', () => {
    const plain = makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 4);
      const window = windowAt(x, y);
      if (window && (x - window.left) % 6 < 2) return shade(iron, 1, grain);
      if (window) return shade(glass, 1, grain);
      return shade(render, 1 - 0.06 * (y / height), grain);
    });
    expect(prepareFacadeImage(plain).balconyOpenings).toEqual([]);
  });
});
