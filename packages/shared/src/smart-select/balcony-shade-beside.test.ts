import { describe, expect, it } from 'vitest';
import { glass, iron, render } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { type FacadeTuning, prepareFacadeImage, type Rectangle } from './facade-select.ts';

// A render facade with a balcony (iron bars 2 of every 7 pixels under an iron handrail) on a slab
// of the render's stone, wider than the railing. Under the slab the wall stands in its shade, of
// the render's hue, 24 px down to the head of the window below: where cmp_b0002's corbels stand,
// which the CMP labels count as balcony (docs/decisions/336-balcony-shade-beside-it.md). Decision
// 239 reads the wall one balcony height further down, on that window's glass, and takes none of it.
const width = 440;
const height = 400;
const railing: Rectangle = { left: 130, top: 100, right: 310, bottom: 129 };
const slab: Rectangle = { left: 122, top: 130, right: 318, bottom: 140 };
const shaded: Rectangle = { left: 130, top: 141, right: 310, bottom: 164 };
const windowBelow: Rectangle = { left: 180, top: 165, right: 260, bottom: 255 };
const windowsAbove: Rectangle[] = [150, 250].map((left) => ({ left, top: 20, right: left + 40, bottom: 90 }));
const photo = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(railing, x, y) && (x % 7 < 2 || y - railing.top < 4)) return shade(iron, 1, grain);
  if (isInside(slab, x, y)) return shade(render, slab.bottom - y < 4 ? 0.6 : 1.03, grain);
  if (isInside(shaded, x, y)) return shade(render, 0.62, grain);
  if (isInside(windowBelow, x, y) || windowsAbove.some((box) => isInside(box, x, y)))
    return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
const onBalcony = (box: Rectangle) => box.left < 200 && box.right > 250 && box.top < 120 && box.bottom > 125;
const prepared = (tuning: Partial<FacadeTuning> = {}) => prepareFacadeImage(photo, { tuning });

describe('a balcony takes the wall in its shade where the wall beside it is lit', () => {
  it('goes down from its slab over the shaded wall to the window below, not into its glass', () => {
    const image = prepared();
    const found = image.balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    const bottom = Math.max(...found.map((box) => box.bottom));
    expect(bottom).toBeGreaterThanOrEqual(shaded.bottom - 2);
    expect(bottom).toBeLessThanOrEqual(windowBelow.top + 1);
  });

  it('ends at its slab without it (balconyBesideDarker 0)', () => {
    const found = prepared({ balconyBesideDarker: 0 }).balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeLessThanOrEqual(slab.bottom + 2);
  });

  it('does not go down over a grey shutter (the render is not grey in shade)', () => {
    const grey = makeImage(width, height, (x, y) => {
      const grain = noise(x, y, 4);
      if (isInside(shaded, x, y)) return shade([128, 128, 128], 1, grain);
      const [red, green, blue] = photo.data.subarray((y * width + x) * 4, (y * width + x) * 4 + 3);
      return [red as number, green as number, blue as number];
    });
    const found = prepareFacadeImage(grey).balconyOpenings.filter(onBalcony);
    expect(found.length).toBeGreaterThan(0);
    expect(Math.max(...found.map((box) => box.bottom))).toBeLessThanOrEqual(slab.bottom + 2);
  });
});
