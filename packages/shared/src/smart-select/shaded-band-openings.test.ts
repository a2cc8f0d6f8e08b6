import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, sideError } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { bandDarknessMap, cutOpenings, darknessMap, toImageRectangle } from './opening-detector.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

/** A light stone render. */
const render: Colour = [204, 198, 186];
const glass: Colour = [70, 78, 88];
const columns = [100, 220, 340];
/** Two floors of framed dark windows, 60 × 80, on three columns. */
const windows: Rectangle[] = [30, 150].flatMap((top) =>
  columns.map((left) => ({ left, top, right: left + 59, bottom: top + 79 })),
);
/** The plinth in the shade of a terrace, its ends fading into the light over 60 pixels and its top and foot
 * (the penumbra under the terrace's slab, the light off the street) over 10. */
const band = { left: 20, top: 262, right: 459, bottom: 314 };
/** Basement windows in it, under the columns: darker still, but darker than the lit wall anyway. */
const basement: Rectangle[] = columns.map((left) => ({ left, top: 274, right: left + 59, bottom: 303 }));
const shadeAt = (x: number, y: number) =>
  0.32 +
  0.68 *
    Math.max(
      0,
      1 - Math.min(x - band.left, band.right - x) / 60,
      1 - Math.min(y - band.top, band.bottom - y) / 10,
    );

const facade = makeImage(480, 340, (x, y) => {
  if (basement.some((w) => isInside(w, x, y))) return shade(glass, 0.2, noise(x, y, 1));
  if (isInside(band, x, y)) return shade(render, shadeAt(x, y), noise(x, y, 3));
  const box = windows.find((w) => isInside(w, x, y));
  if (box) {
    const frame = x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > box.bottom - 4;
    return frame ? shade(render, 0.8, noise(x, y, 2)) : shade(glass, 1, noise(x, y, 2));
  }
  return shade(render, 1, noise(x, y, 5));
});

describe('openings in a shaded band (docs/decisions/500-openings-in-a-shaded-band.md)', () => {
  const image = prepareFacadeImage(facade);
  const step = 2;
  const map = darknessMap(image.lab, image.width, image.height, 6, 12, step);
  const inImage = (boxes: Rectangle[]) =>
    boxes.map((box) => toImageRectangle(map, box, image.width, image.height));
  const leaves = cutOpenings(map);
  const plinth = leaves.filter((box) => box.right - box.left + 1 >= 3 * (box.bottom - box.top + 1));

  it('the photo-wide map finds the shaded plinth as one dark leaf, its windows in it', () => {
    expect(plinth).toHaveLength(1);
    const [whole] = inImage(plinth);
    for (const window of basement) expect(whole && overlapArea(whole, window)).toBe(rectangleArea(window));
    expect(inImage(leaves).filter((box) => overlapArea(box, band) > 0)).toHaveLength(1);
  });

  it('against the band’s own wall its windows stand out, one cut each, and its wall does not', () => {
    const bandMap = bandDarknessMap(map, plinth, 6);
    const found = inImage(plinth.flatMap((leaf) => cutOpenings(bandMap, undefined, leaf)));
    expect(found).toHaveLength(basement.length);
    for (const window of basement) {
      const cut = found.find((box) => overlapArea(box, window) > 0);
      expect(cut && sideError(cut, window)).toBeLessThanOrEqual(2 * step);
    }
  });
});
