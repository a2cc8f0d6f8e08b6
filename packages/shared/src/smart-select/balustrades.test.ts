import { describe, expect, it } from 'vitest';
import { defaultBalustradeTuning, findBalustrades, joinedRuns } from './balustrades.ts';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle, selectFacadeElement } from './facade-select.ts';

// A stone facade with two floors of dark windows under a roof balustrade: stone balusters 5
// pixels wide every 8 pixels, the gaps between them in shade, between a coping and a plinth of
// the wall's stone, in two runs either side of a pier. Stone on stone: the railing detector's
// thin dark bars are not there, and a wall click took the balusters as wall
// (docs/decisions/360-balustrades-by-their-pitch.md).
const stone: Colour = [214, 204, 184];
const gapShade: Colour = [186, 177, 160];
const glass: Colour = [70, 78, 90];
const runs: Rectangle[] = [
  { left: 40, top: 40, right: 359, bottom: 63 },
  { left: 400, top: 40, right: 759, bottom: 63 },
];
const windows: Rectangle[] = [120, 260].flatMap((top) =>
  [80, 240, 400, 560].map((left) => ({ left, top, right: left + 79, bottom: top + 99 })),
);
const photo = makeImage(800, 400, (x, y) => {
  const grain = noise(x, y, 4);
  if (runs.some((run) => isInside(run, x, y)) && x % 8 >= 5) return shade(gapShade, 1, grain);
  if (windows.some((box) => isInside(box, x, y))) return shade(glass, 1, grain);
  return shade(stone, 1 - 0.05 * (y / 400), grain);
});
const balusters = (x: number, y: number) => runs.some((run) => isInside(run, x, y));

describe('stone balustrades', () => {
  it('are found by the pitch of their balusters', () => {
    const found = findBalustrades(prepareFacadeImage(photo));
    for (const run of runs) {
      const band = found.find((box) => box.left <= run.left + 8 && box.right >= run.right - 8);
      expect(band).toBeDefined();
      expect(Math.abs((band as Rectangle).top - run.top)).toBeLessThanOrEqual(4);
      expect(Math.abs((band as Rectangle).bottom - run.bottom)).toBeLessThanOrEqual(4);
    }
  });

  it('stay out of a wall click', () => {
    const image = prepareFacadeImage(photo);
    const wall = selectFacadeElement(image, { x: 200, y: 240 }, 'surface');
    expect(shareSelected(wall, balusters)).toBeLessThan(0.1);
    // The wall around them stays wall: the pier between the runs, the coping and the plinth.
    expect(shareSelected(wall, (x, y) => x >= 368 && x <= 392 && y >= 40 && y <= 63)).toBeGreaterThan(0.8);
    expect(shareSelected(wall, (x, y) => x >= 40 && x <= 759 && y >= 20 && y <= 32)).toBeGreaterThan(0.8);
  });

  it('were taken as wall without them (the former rule)', () => {
    const image = prepareFacadeImage(photo, { tuning: { balustradeLongest: 0 } });
    const wall = selectFacadeElement(image, { x: 200, y: 240 }, 'surface');
    expect(shareSelected(wall, balusters)).toBeGreaterThan(0.5);
  });
});

describe('runs of one balustrade joined', () => {
  // Three runs at one pitch along a row, 10 px apart: the outer two each right under a window of
  // its own, the middle one under plain wall (docs/decisions/402-balustrades-along-their-run.md).
  const run = (left: number) => ({ left, top: 100, right: left + 89, bottom: 123, pitch: 8, strong: true });
  const runs = [run(0), run(100), run(200)];
  const windowOver = (left: number): Rectangle => ({ left, top: 20, right: left + 89, bottom: 95 });

  it('never make one band of two runs each under a window of its own, with a plain run between', () => {
    const bands = joinedRuns(runs, [windowOver(0), windowOver(200)], defaultBalustradeTuning);
    expect(bands.some((band) => band.left <= 0 && band.right >= 289)).toBe(false);
    // The window's run and the plain run beside it are still one.
    expect(bands).toContainEqual({ left: 0, top: 100, right: 189, bottom: 123, joined: true, post: 10 });
  });

  it('join all three under plain wall', () => {
    expect(joinedRuns(runs, [], defaultBalustradeTuning)).toEqual([
      { left: 0, top: 100, right: 289, bottom: 123, joined: true, post: 10 },
    ]);
  });
});
