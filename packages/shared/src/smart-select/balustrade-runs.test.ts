import { describe, expect, it } from 'vitest';
import { findBalustrades } from './balustrades.ts';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A stone facade under a roof balustrade of three runs of balusters (5 pixels wide every 8, the
// gaps between them in shade) between posts two pitches wide, over a plinth and the cornice's
// shadow; the middle run's bulbs and necks stand light and dark the other way round in its
// lower half, and its column profile cancels. Below, two floors of windows, the lower ones each
// over a balustrade of its own, three pitches of pier between them
// (docs/decisions/402-balustrades-along-their-run.md).
const stone: Colour = [214, 204, 184];
const gapShade: Colour = [186, 177, 160];
const glass: Colour = [70, 78, 90];
const cornice: Colour = [120, 114, 104];
const runs: Rectangle[] = [
  { left: 40, top: 40, right: 231, bottom: 63 },
  { left: 248, top: 40, right: 439, bottom: 63 },
  { left: 456, top: 40, right: 647, bottom: 63 },
];
const posts: Rectangle[] = [
  { left: 232, top: 40, right: 247, bottom: 63 },
  { left: 440, top: 40, right: 455, bottom: 63 },
];
const plinth: Rectangle = { left: 40, top: 64, right: 647, bottom: 71 };
const windows: Rectangle[] = [
  { left: 80, top: 110, right: 175, bottom: 189 },
  { left: 200, top: 110, right: 295, bottom: 189 },
  { left: 80, top: 250, right: 175, bottom: 329 },
  { left: 200, top: 250, right: 295, bottom: 329 },
];
const ownBalustrades: Rectangle[] = [
  { left: 80, top: 330, right: 175, bottom: 353 },
  { left: 200, top: 330, right: 295, bottom: 353 },
];
const pier: Rectangle = { left: 180, top: 330, right: 195, bottom: 353 };
const photo = makeImage(800, 400, (x, y) => {
  const grain = noise(x, y, 4);
  const flipped = isInside(runs[1] as Rectangle, x, y) && y >= 52;
  if (runs.some((run) => isInside(run, x, y)) && (flipped ? (x + 4) % 8 >= 5 : x % 8 >= 5))
    return shade(gapShade, 1, grain);
  if (ownBalustrades.some((run) => isInside(run, x, y)) && x % 8 >= 5) return shade(gapShade, 1, grain);
  if (y >= 72 && y <= 75) return shade(cornice, 1, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(stone, 1 - 0.05 * (y / 400), grain);
});
const inAny = (boxes: Rectangle[]) => (x: number, y: number) => boxes.some((box) => isInside(box, x, y));

describe('a balustrade along its run', () => {
  it('is one band over its runs and posts, down to its plinth', () => {
    const found = findBalustrades(prepareFacadeImage(photo));
    const band = found.find((box) => box.top < 64 && box.bottom > 40);
    expect(band).toBeDefined();
    const { left, right, bottom } = band as Rectangle;
    expect(left).toBeLessThanOrEqual(48);
    expect(right).toBeGreaterThanOrEqual(639);
    expect(Math.abs(bottom - plinth.bottom)).toBeLessThanOrEqual(2);
  });

  it('stays out of a wall click whole, but for the piers between windows over their own', () => {
    const image = prepareFacadeImage(photo);
    const wall = selectFacadeElement(image, { x: 700, y: 220 }, 'surface');
    expect(shareSelected(wall, inAny(runs))).toBeLessThan(0.1);
    expect(shareSelected(wall, inAny(posts))).toBeLessThan(0.1);
    expect(shareSelected(wall, (x, y) => isInside(plinth, x, y))).toBeLessThan(0.2);
    expect(shareSelected(wall, (x, y) => isInside(pier, x, y))).toBeGreaterThan(0.8);
    // The coping above stays wall.
    expect(shareSelected(wall, (x, y) => x >= 40 && x <= 647 && y >= 26 && y <= 34)).toBeGreaterThan(0.8);
  });

  it('left its posts, its plinth and its middle run to the wall without the join (the former rule)', () => {
    const image = prepareFacadeImage(photo, { tuning: { balustradeJoinGap: 0 } });
    const wall = selectFacadeElement(image, { x: 700, y: 220 }, 'surface');
    expect(shareSelected(wall, inAny(posts))).toBeGreaterThan(0.8);
    expect(shareSelected(wall, (x, y) => isInside(runs[1] as Rectangle, x, y))).toBeGreaterThan(0.5);
  });
});
