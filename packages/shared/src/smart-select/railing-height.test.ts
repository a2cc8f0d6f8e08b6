import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { type FacadeImage, prepareFacadeImage, type Rectangle } from './facade-select.ts';

// A render facade (superpixels about 10 pixels across) with two floors of five dark windows
// under a dentil cornice across the whole width: render blocks 5 pixels wide with 3-pixel
// shadows between them, 6 pixels high. Dense edges across the row like a railing's bars, but
// lower than any balustrade: the detector's railings (decision 052) must not take it for one.
const render: Colour = [208, 196, 176];
const glass: Colour = [80, 88, 100];
const dentils: Rectangle = { left: 0, top: 60, right: 799, bottom: 65 };
const windows: Rectangle[] = [110, 250].flatMap((top) =>
  [60, 210, 360, 510, 660].map((left) => ({ left, top, right: left + 79, bottom: top + 99 })),
);

const photo = makeImage(800, 400, (x, y) => {
  const grain = noise(x, y, 4);
  if (isInside(dentils, x, y)) return shade(render, x % 8 < 5 ? 1.05 : 0.5, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(render, 1 - 0.06 * (y / 400), grain);
});
/** Openings of the main wall that lie along the dentils and span more than two of them. */
const alongDentils = (image: FacadeImage) =>
  image.openings.filter(
    (box) => box.top <= dentils.bottom && box.bottom >= dentils.top && box.right - box.left + 1 > 16,
  );

describe('a dentil cornice is no railing', () => {
  it('gives no opening along the cornice', () => {
    expect(alongDentils(prepareFacadeImage(photo))).toEqual([]);
  });

  it('was a railing when railings could be as low as the smallest opening (the former rule)', () => {
    expect(
      alongDentils(prepareFacadeImage(photo, { tuning: { railingMinimumHeight: 0.4 } })).length,
    ).toBeGreaterThan(0);
  });
});
