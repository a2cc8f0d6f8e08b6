import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeTuning,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

// A terrace's stone balustrade before a render facade (cmp_b0004's): a coping, balusters of the
// render's own stone with shade between them, and under them a plinth of that stone, plain and
// as light as the wall beside the balustrade, ending on a shadow line. The plinth is part of the
// balcony (docs/decisions/335-railings-keep-their-slab.md), but its rows are bands of wall to
// decision 180.
const render: Colour = [204, 192, 170];
const gap: Colour = [92, 86, 78];
const glass: Colour = [70, 78, 88];
const balustrade: Rectangle = { left: 60, top: 150, right: 360, bottom: 205 };
const balusters: Rectangle = { left: 60, top: 160, right: 360, bottom: 189 };
const plinth: Rectangle = { left: 60, top: 190, right: 360, bottom: 203 };
const windows: Rectangle[] = [80, 180, 280].map((left) => ({ left, top: 40, right: left + 49, bottom: 120 }));

const photo = makeImage(420, 280, (x, y) => {
  const grain = noise(x, y, 4);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  if (isInside(balustrade, x, y)) {
    // The coping's shadow under it, the shade between the balusters, the plinth's foot in shadow.
    if (y >= 157 && y <= 159) return shade(gap, 1.2, grain);
    if (isInside(balusters, x, y) && (x - balusters.left) % 11 >= 7) return shade(gap, 1, grain);
    if (y >= 204) return shade(gap, 1, grain);
  }
  return shade(render, 1 - 0.05 * (y / 280), grain);
});
const wallClick = (tuning: Partial<FacadeTuning> = {}) =>
  selectFacadeElement(prepareFacadeImage(photo, { tuning }), { x: 30, y: 250 }, 'surface');

describe('a wall click under a stone balustrade: the plinth under the balusters goes with them', () => {
  it('leaves out the balusters and the plinth under them, and keeps the wall beside and below', () => {
    const selection = wallClick();
    expect(shareSelected(selection, (x, y) => isInside(balusters, x, y))).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => isInside(plinth, x, y))).toBeLessThan(0.1);
    expect(shareSelected(selection, (x, y) => x < 50 && y > 150 && y < 210)).toBeGreaterThan(0.9);
    expect(shareSelected(selection, (x, y) => x > 60 && x < 360 && y > 215)).toBeGreaterThan(0.9);
  });

  it('left the plinth in the wall when bands of wall split the railing (the former rule)', () => {
    // Decision 510 would take the plinth too (a light band over a shadow line under a long cut).
    const former = wallClick({ bandSparesRailings: false, rimAspect: 0 });
    expect(shareSelected(former, (x, y) => isInside(plinth, x, y))).toBeGreaterThan(0.5);
    expect(shareSelected(former, (x, y) => isInside(balusters, x, y))).toBeLessThan(0.1);
  });
});
