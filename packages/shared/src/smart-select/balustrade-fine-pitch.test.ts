import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A terrace balustrade across a stone facade 1000 pixels wide: runs of five balusters (4 pixels
// wide every 7, the gaps between them in shade) between posts two pitches wide, each post's
// right half in its own shade; two floors of windows under it. A run is 35 pixels long: a window
// of three of the longest pitch looked for (0.012 of the photo: 12 pixels, 36 in all) along its
// rows reaches onto a post nearly everywhere, a window of three of 0.008's (24) fits in a run
// (docs/decisions/560-balustrades-at-a-finer-pitch.md). The railing bands of decision 155 are
// off (`balconyEdge` 0): they find this balustrade too, and the test is of the balustrades'.
const stone: Colour = [214, 204, 184];
const shadeColour: Colour = [186, 177, 160];
const glass: Colour = [70, 78, 90];
const cornice: Colour = [120, 114, 104];
const pitch = 7;
const post = 14;
const period = 5 * pitch + post;
/** The photo with the balustrade's balusters `rows` high from row 60. */
const drawn = (rows: number) => {
  const band: Rectangle = { left: 120, top: 60, right: 120 + 14 * period + post - 1, bottom: 59 + rows };
  const along = (x: number) => (x - band.left) % period;
  const inShade = (x: number, y: number) =>
    isInside(band, x, y) && (along(x) < post ? along(x) >= post / 2 : (along(x) - post) % pitch >= 4);
  return makeImage(1000, 420, (x, y) => {
    const grain = noise(x, y, 4);
    if (inShade(x, y)) return shade(shadeColour, along(x) < post ? 0.85 : 1, grain);
    if (y >= 92 && y <= 96) return shade(cornice, 1, grain);
    if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
    return shade(stone, 1 - 0.05 * (y / 420), grain);
  });
};
const windows: Rectangle[] = [150, 290].flatMap((top) =>
  [100, 300, 500, 700].map((left) => ({ left, top, right: left + 99, bottom: top + 99 })),
);
const balustrade: Rectangle = { left: 120, top: 60, right: 120 + 14 * period + post - 1, bottom: 83 };
const photo = drawn(24);
const prepared = (tuning: Partial<FacadeTuning> = {}, image = photo) =>
  prepareFacadeImage(image, { tuning: { balconyEdge: 0, ...tuning } });
const inBalustrade = (x: number, y: number) => isInside(balustrade, x, y);
/** The share of the balustrade's columns that found bands over its rows cover. */
const covered = (bands: Rectangle[], bottom = 79) => {
  let columns = 0;
  for (let x = balustrade.left; x <= balustrade.right; x++) {
    if (bands.some((band) => band.left <= x && band.right >= x && band.top <= 64 && band.bottom >= bottom))
      columns++;
  }
  return columns / (balustrade.right - balustrade.left + 1);
};

describe('a balustrade of short runs between close posts', () => {
  it('is found at the finer pitch over nearly all its length, and a wall click leaves it', () => {
    const image = prepared();
    expect(covered(image.balustrades)).toBeGreaterThan(0.85);
    expect(
      shareSelected(selectFacadeElement(image, { x: 250, y: 120 }, 'surface'), inBalustrade),
    ).toBeLessThan(0.1);
  });

  it('was found only in pieces without the second search (balustradeFine 0)', () => {
    const image = prepared({ balustradeFine: 0 });
    expect(covered(image.balustrades)).toBeLessThan(0.5);
    expect(
      shareSelected(selectFacadeElement(image, { x: 250, y: 120 }, 'surface'), inBalustrade),
    ).toBeGreaterThan(0.5);
  });

  it('is no band at the finer pitch when under 2.5 pitches high (balustradeFineHeight)', () => {
    // Eleven rows, 1.6 pitches: a frieze's motif, as a patterned wall's grain reads at 0.008.
    const frieze = drawn(11);
    expect(covered(prepared({}, frieze).balustrades, 68)).toBeLessThan(0.3);
    expect(covered(prepared({ balustradeFineHeight: 1.9 }, frieze).balustrades, 68)).toBeGreaterThan(0.85);
  });
});
