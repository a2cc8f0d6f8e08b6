import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { gridCompletion } from './grid-completion.ts';

const stone: Colour = [150, 150, 150];
const glass: Colour = [50, 50, 56];
// Curtains a shade lighter than the render: of the wall's own colour range.
const curtain: Colour = [165, 165, 168];
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

describe('grid places a cut holds in part (docs/decisions/430-grid-places-cut-in-part.md)', () => {
  // A rough grey wall, three columns of windows on five floors: dark glass in the top quarter
  // (a transom light), curtains below it.
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
    [390, 440],
  ] as const;
  type Column = 0 | 1 | 2;
  type Floor = 0 | 1 | 2 | 3 | 4;
  const box = (column: Column, floor: Floor): Rectangle => ({
    left: columns[column][0],
    right: columns[column][1],
    top: floors[floor][0],
    bottom: floors[floor][1],
  });
  const windows = ([0, 1, 2] as const).flatMap((column) =>
    ([0, 1, 2, 3, 4] as const).map((floor) => box(column, floor)),
  );
  const isIn = (x: number, y: number, r: Rectangle) =>
    x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const photo = makeImage(360, 480, (x, y) => {
    const window = windows.find((w) => isIn(x, y, w));
    if (!window) return shade(stone, 1, noise(x, y, 20));
    return y < window.top + 12 ? shade(glass, 1, noise(x, y, 3)) : shade(curtain, 1, noise(x, y, 3));
  });
  const image = prepareFacadeImage(photo);
  const share = (rectangles: readonly Rectangle[], where: (x: number, y: number) => boolean) => {
    let inside = 0;
    let taken = 0;
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 360; x++) {
        if (!where(x, y)) continue;
        inside++;
        if (rectangles.some((r) => isIn(x, y, r))) taken++;
      }
    }
    return taken / inside;
  };
  const isWall = (x: number, y: number) => !windows.some((w) => isIn(x, y, w));

  it('cuts whole a window of the grid whose transom alone was cut', () => {
    // What the click cut: every window whole but the middle column's second floor, of which
    // only its dark transom light.
    const partly = box(1, 1);
    const transom = { ...partly, bottom: partly.top + 11 };
    const cuts = [...windows.filter((w) => w !== windows[6]), transom];
    expect(windows[6]).toEqual(partly);
    const added = gridCompletion(image, cuts, cuts, tuning);
    const all = [...cuts, ...added];
    expect(share(cuts, (x, y) => isIn(x, y, partly))).toBeLessThan(0.3);
    expect(share(all, (x, y) => isIn(x, y, partly))).toBe(1);
    expect(share(all, isWall)).toBe(0);
  });

  it('leaves the wall beside a window inside a column of two cuts wider than their stack’s', () => {
    // The left column's cuts on floors 0 and 2 run on over the wall to its right (a shadow,
    // a downpipe); floors 1, 3 and 4 are cut to the window. The wide column's place on floor 1
    // holds a window cut and plain wall: the wall stays.
    const cuts = windows.map((w) => (w === windows[0] || w === windows[2] ? { ...w, right: 130 } : w));
    const beside = (x: number, y: number) => x > 100 && x <= 130 && y >= floors[1][0] && y <= floors[1][1];
    const added = gridCompletion(image, cuts, cuts, tuning);
    expect(share([...cuts, ...added], beside)).toBe(0);
    // Without the stack's say the wide column's width would be taken for the window's.
    const loose = gridCompletion(image, cuts, cuts, { ...tuning, partColumn: 0, partUnlike: 0 });
    expect(share([...cuts, ...loose], beside)).toBe(1);
  });

  it('cuts whole a place whose uncut rest is unlike the wall, though its column is no stack’s', () => {
    // What the click cut: every window whole but the middle column's second floor, of which
    // only its left curtain: the dark transom light and the right curtain are left. With the
    // column's say turned off (no column holds twice the cuts across its span), only the rest's
    // colour can cut it whole.
    const partly = box(1, 1);
    const curtain = { ...partly, top: partly.top + 12, right: partly.left + 20 };
    const cuts = [...windows.filter((w) => w !== windows[6]), curtain];
    expect(windows[6]).toEqual(partly);
    const rest = (x: number, y: number) => isIn(x, y, partly) && !isIn(x, y, curtain);
    const added = gridCompletion(image, cuts, cuts, { ...tuning, partColumn: 2 });
    const all = [...cuts, ...added];
    expect(share(cuts, (x, y) => isIn(x, y, partly))).toBeLessThan(0.8);
    expect(share(all, rest)).toBe(1);
    expect(share(all, isWall)).toBe(0);
    const alone = gridCompletion(image, cuts, cuts, { ...tuning, partColumn: 2, partUnlike: 0 });
    expect(share([...cuts, ...alone], rest)).toBe(0);
  });

  it('keeps the window cut in part when off', () => {
    const partly = box(1, 1);
    const transom = { ...partly, bottom: partly.top + 11 };
    const cuts = [...windows.filter((w) => !(w.left === partly.left && w.top === partly.top)), transom];
    const added = gridCompletion(image, cuts, cuts, { ...tuning, partCover: 0 });
    expect(share([...cuts, ...added], (x, y) => isIn(x, y, partly))).toBeLessThan(0.3);
  });
});
