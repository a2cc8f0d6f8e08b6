import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { gridCompletion } from './grid-completion.ts';

const stone: Colour = [150, 150, 150];
const glass: Colour = [50, 50, 56];
const tuning = {
  slack: 0.1,
  maximumAspect: 3,
  columnPeers: 2,
  floorPeers: 1,
  unlikeSides: 8,
  partCover: 0.8,
  partColumn: 0.5,
  partUnlike: 8,
};

describe('windows completing the grid of a wall click’s cuts (docs/decisions/333-windows-completing-the-grid.md)', () => {
  // A rough grey wall with three columns of dark windows on three floors, and a fourth floor
  // (the lowest) with windows in the outer columns only: the middle column's place there is
  // plain wall.
  const columns = [
    [60, 100],
    [160, 200],
    [260, 300],
  ] as const;
  const floors = [
    [30, 80],
    [120, 170],
    [210, 260],
    [300, 350],
  ] as const;
  const box = (column: 0 | 1 | 2, floor: 0 | 1 | 2 | 3): Rectangle => ({
    left: columns[column][0],
    right: columns[column][1],
    top: floors[floor][0],
    bottom: floors[floor][1],
  });
  const windows = ([0, 1, 2] as const).flatMap((column) =>
    ([0, 1, 2, 3] as const).filter((floor) => column !== 1 || floor !== 3).map((floor) => box(column, floor)),
  );
  const isIn = (x: number, y: number, r: Rectangle) =>
    x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const photo = makeImage(360, 400, (x, y) =>
    windows.some((window) => isIn(x, y, window))
      ? shade(glass, 1, noise(x, y, 3))
      : shade(stone, 1, noise(x, y, 20)),
  );
  const image = prepareFacadeImage(photo);
  // What the detector found: every window but the middle one of the middle column.
  const missed = box(1, 1);
  const cuts = windows.filter((window) => window.left !== missed.left || window.top !== missed.top);

  it('cuts the window a column and a floor of cuts both put where none was cut', () => {
    const added = gridCompletion(image, cuts, cuts, tuning);
    expect(added).toEqual([missed]);
  });

  it('leaves the plain wall where the grid has no window (below the column’s lowest window)', () => {
    const added = gridCompletion(image, cuts, cuts, tuning);
    expect(added.some((place) => place.top >= floors[3][0])).toBe(false);
  });

  it('leaves a place of the wall’s own look, even between windows of its column', () => {
    const plain = makeImage(360, 400, (x, y) =>
      cuts.some((window) => isIn(x, y, window))
        ? shade(glass, 1, noise(x, y, 3))
        : shade(stone, 1, noise(x, y, 20)),
    );
    expect(gridCompletion(prepareFacadeImage(plain), cuts, cuts, tuning)).toEqual([]);
  });

  it('cuts nothing when off', () => {
    expect(gridCompletion(image, cuts, cuts, { ...tuning, slack: 0 })).toEqual([]);
  });
});
