import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A render facade with two floors of five dark windows; along the street, in front of the
// ground floor's lower part and down to the photo's foot, a row of parked bikes or a fence:
// thin dark bars 6 pixels apart, as dense as a balustrade's. A balcony stands on its slab above
// the street; bars that reach the photo's foot are the street's, and the wall behind them stays
// wall (docs/decisions/243-railings-off-the-street.md). The whole-photo balcony pass of decision
// 155 (its own slab and outline tests) is off here: this is the detector's railings' rule.
const render: Colour = [208, 196, 176];
const glass: Colour = [80, 88, 100];
const bars: Colour = [60, 60, 64];
const street: Rectangle = { left: 0, top: 330, right: 799, bottom: 399 };
const windows: Rectangle[] = [60, 240].flatMap((top) =>
  [60, 210, 360, 510, 660].map((left) => ({ left, top, right: left + 79, bottom: top + 119 })),
);
const asphalt: Colour = [96, 96, 100];
const kerb = 370;
/** The facade; `onAsphalt`: the same bars standing on the street's asphalt, which fills the photo's lowest 30 rows. */
const drawStreet = (onAsphalt: boolean) =>
  makeImage(800, 400, (x, y) => {
    const grain = noise(x, y, 4);
    if (onAsphalt && y >= kerb) return shade(asphalt, 1, grain);
    if (isInside(street, x, y) && x % 6 < 2) return shade(bars, 1, grain);
    if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
    return shade(render, 1 - 0.06 * (y / 400), grain);
  });
const photo = drawStreet(false);
const onAsphalt = drawStreet(true);
/** The wall between the bars and the windows, along the street. */
const wallBehindBars = (x: number, y: number) =>
  isInside(street, x, y) && x % 6 >= 3 && x % 6 <= 4 && !windows.some((box) => isInside(box, x, y));

describe('bars along the street are no balcony', () => {
  it('a wall click keeps the wall behind them', () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyEdge: 0 } });
    const wall = selectFacadeElement(image, { x: 170, y: 200 }, 'surface');
    // 0.82: the rest lies in superpixels mixed with the bars, which the click's colour does not reach.
    expect(shareSelected(wall, wallBehindBars)).toBeGreaterThan(0.75);
    // The windows are still cut out.
    expect(
      shareSelected(wall, (x, y) => isInside(windows[1] as Rectangle, x, y) && y < street.top),
    ).toBeLessThan(0.05);
  });

  it('a wall click keeps the wall behind them when they stand on the asphalt above the foot', () => {
    const image = prepareFacadeImage(onAsphalt, { tuning: { balconyEdge: 0 } });
    const wall = selectFacadeElement(image, { x: 170, y: 200 }, 'surface');
    const above = (x: number, y: number) => y < kerb && wallBehindBars(x, y);
    expect(shareSelected(wall, above)).toBeGreaterThan(0.75);
    // Only bars that reach the very last row were the street's at first: these were a railing
    // then, and the wall click kept 0.53 of the wall behind them (0.81 now).
    const lastRow = prepareFacadeImage(onAsphalt, { tuning: { balconyEdge: 0, railingOffStreet: 0.001 } });
    const lastRowWall = selectFacadeElement(lastRow, { x: 170, y: 200 }, 'surface');
    expect(shareSelected(lastRowWall, above)).toBeLessThan(0.6);
  });

  it("were cut as a railing when railings could stand on the photo's foot (the former rule)", () => {
    const image = prepareFacadeImage(photo, { tuning: { balconyEdge: 0, railingOffStreet: 0 } });
    const wall = selectFacadeElement(image, { x: 170, y: 200 }, 'surface');
    expect(shareSelected(wall, wallBehindBars)).toBeLessThan(0.3);
  });
});
