import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultFloorHeadTuning, grownInColumns } from './repeat-floor-heads.ts';

/**
 * Four floors; on each a window 40 × 50 over a light sill and, beside it, two French windows
 * 40 × 80 of plain glass standing on dark balcony slabs wider than them (cmp_b0008's French
 * windows). The second floor's first French window was found at the example's 50 rows, its
 * bottom on the glass, its neighbour at its full height: it grows down to the slab, its
 * column's height. The windows, the other French windows and the example stay; where both of
 * the floor's French windows were found short (a floor of shorter windows, cmp_b0010's top
 * floor, looks like that), they stay (docs/decisions/398).
 */
const width = 360;
const height = 500;
const floorTops = [30, 140, 250, 360];
const french: Rectangle[] = floorTops.map((top) => ({ left: 60, top, right: 99, bottom: top + 79 }));
const second: Rectangle[] = floorTops.map((top) => ({ left: 130, top, right: 169, bottom: top + 79 }));
const plain: Rectangle[] = floorTops.map((top) => ({ left: 220, top, right: 259, bottom: top + 49 }));
const plaster: Colour = [206, 190, 160];
const frame: Colour = [58, 54, 50];
const glass: Colour = [120, 140, 160];
const slab: Colour = [70, 66, 62];
const sill: Colour = [235, 230, 220];
const image = prepareFacadeImage(
  makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = [...french, ...second, ...plain].find((candidate) => isInside(candidate, x, y));
    if (box) {
      const isFrame = x < box.left + 3 || x > box.right - 3 || y < box.top + 3;
      return shade(isFrame ? frame : glass, 1, grain);
    }
    const slabs = [...french, ...second];
    if (
      slabs.some(
        (window) =>
          y > window.bottom && y <= window.bottom + 6 && x >= window.left - 10 && x <= window.right + 10,
      )
    ) {
      return shade(slab, 1, grain);
    }
    if (plain.some((window) => y > window.bottom && y <= window.bottom + 4 && x >= 216 && x <= 263)) {
      return shade(sill, 1, grain);
    }
    return shade(plaster, 1, noise(x, y, 5));
  }),
);

const short = { ...(french[1] as Rectangle), bottom: (french[1] as Rectangle).top + 49 };
const repeats: Rectangle[] = [...plain, french[0] as Rectangle, short, ...french.slice(2), ...second];

describe('grownInColumns: a column’s short repeat grows to the column’s height on a stronger line (docs/decisions/398)', () => {
  it('grows the French window found at the example’s height down to its slab and leaves the others', () => {
    const grown = grownInColumns(image, repeats);
    expect(grown[5]).toEqual(french[1]);
    expect(grown.slice(0, 5)).toEqual(repeats.slice(0, 5));
    expect(grown.slice(6)).toEqual(repeats.slice(6));
  });

  it('leaves a column’s lowest repeat short: nothing of its column under it', () => {
    const lowest = { ...(french[3] as Rectangle), bottom: (french[3] as Rectangle).top + 49 };
    const some = [...plain, ...french.slice(0, 3), lowest, ...second];
    expect(grownInColumns(image, some)[7]).toEqual(lowest);
  });

  it('leaves a floor whose French windows are all short: none of the floor reaches the column’s height', () => {
    const shortSecond = { ...(second[1] as Rectangle), bottom: (second[1] as Rectangle).top + 49 };
    const some = [...repeats.slice(0, 8), second[0] as Rectangle, shortSecond, ...second.slice(2)];
    expect(grownInColumns(image, some)).toEqual(some);
  });

  it('leaves every repeat when off (the record’s “before”), and above `columnMostRepeats` repeats', () => {
    expect(grownInColumns(image, repeats, { ...defaultFloorHeadTuning, columnShort: 0 })).toEqual(repeats);
    const fewer = { ...defaultFloorHeadTuning, columnMostRepeats: repeats.length - 1 };
    expect(grownInColumns(image, repeats, fewer)).toEqual(repeats);
  });
});
