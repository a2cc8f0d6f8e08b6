import { describe, expect, it } from 'vitest';
import { type BalconyRepeatTuning, balconyRepeats } from './balcony-repeats.ts';
import { glass, iron, render, renderFacadeWindows } from './drawn-balconies.ts';
import { isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';

// A render facade, two floors of four dark windows, with a French balcony (iron bars on a slab)
// before the outer windows of the upper floor and before all four of the lower floor. The two
// upper balconies are the examples (as if found, decision 155) and read straight by
// `balconyRepeats` (the detector's grid of 5 px): the column search finds the lower floor's
// outer balconies, and the lower floor's middle ones lie on no found balcony's floor and in no
// example's column (as cmp_b0002's lower middle balcony). The lowest floor's railing runs all
// along it: a piece of it between the windows' columns, searched along its column, finds a box
// half on a balcony and half on the pier beside it, bars in one half only: not a repeat of a
// railing with bars all along it (docs/decisions/465-balcony-repeats-on-window-columns.md).
const windows = renderFacadeWindows([30, 150, 270]);
const lefts = [40, 145, 250, 355];
const french = (top: number, columns: number[]): Rectangle[] =>
  columns.map((at) => {
    const left = lefts[at] as number;
    return { left: left - 8, top, right: left + 52, bottom: top + 40 };
  });
const upper = french(86, [0, 3]);
const lower = french(206, [0, 1, 2, 3]);
/** The lowest floor's railing runs all along it. */
const floorLong: Rectangle = { left: 24, top: 326, right: 415, bottom: 366 };
const photo = makeImage(440, 420, (x, y) => {
  const grain = noise(x, y, 4);
  const balcony = [...upper, ...lower, floorLong].find((box) => isInside(box, x, y));
  if (balcony) {
    if (y > balcony.bottom - 11) return shade(render, balcony.bottom - y < 4 ? 0.3 : 1.03, grain);
    if (y - balcony.top < 3 || x % 6 < 2) return shade(iron, 1, grain);
  }
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(render, 1, grain);
});
const image = prepareFacadeImage(photo);
const tuning: BalconyRepeatTuning = {
  likeness: 0.6,
  overlap: 0.3,
  ownBars: 0.3,
  halfBars: 0.35,
  floorsOfRepeats: true,
};
/** The share of `box`'s pixels inside one of `boxes`. */
const covered = (box: Rectangle, boxes: Rectangle[]) => {
  let inside = 0;
  let all = 0;
  for (let y = box.top; y <= box.bottom; y++)
    for (let x = box.left; x <= box.right; x++) {
      all++;
      if (boxes.some((other) => isInside(other, x, y))) inside++;
    }
  return inside / all;
};
const middle = lower.slice(1, 3);
/** A piece of the floor-long railing, between the windows' columns (bars all along it). */
const offColumn: Rectangle = { left: 66, top: 326, right: 126, bottom: 362 };
/** The pier beside the lower floor's left balcony, where the piece's column runs. */
const upperPier: Rectangle = { left: 93, top: 206, right: 126, bottom: 246 };

describe('balcony repeats where the balconies line up', () => {
  it('the floor of a repeat is searched too: the balconies between the examples’ columns are found', () => {
    const repeats = balconyRepeats(image, upper, upper, tuning, 5);
    for (const balcony of lower) expect(covered(balcony, repeats)).toBeGreaterThan(0.8);
    // Nothing is taken on the upper floor between its balconies.
    expect(covered({ left: 100, top: 86, right: 330, bottom: 126 }, repeats)).toBeLessThan(0.05);
  });

  it('without (floorsOfRepeats false) the middle balconies of the lower floor are missed', () => {
    const repeats = balconyRepeats(image, upper, upper, { ...tuning, floorsOfRepeats: false }, 5);
    for (const balcony of middle) expect(covered(balcony, repeats)).toBeLessThan(0.1);
  });

  it('a piece of a floor-long railing puts no repeat half on a pier', () => {
    const repeats = balconyRepeats(image, [offColumn], [offColumn], tuning, 5);
    expect(covered(upperPier, repeats)).toBeLessThan(0.05);
    // Without the rule (halfBars 0) a repeat lands half on the pier above it.
    const straddling = balconyRepeats(image, [offColumn], [offColumn], { ...tuning, halfBars: 0 }, 5);
    expect(covered(upperPier, straddling)).toBeGreaterThan(0.5);
  });
});
