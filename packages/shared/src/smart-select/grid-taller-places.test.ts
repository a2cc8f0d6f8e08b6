import { describe, expect, it } from 'vitest';
import { type Colour, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { gridCompletion } from './grid-completion.ts';

const stone: Colour = [150, 150, 150];
// Glass dark enough to stand out from the wall, curtains light enough to stand out too, and
// both near enough that a place of half glass and half curtains (or wall) averages to about the
// wall's colour.
const glass: Colour = [114, 114, 118];
const curtain: Colour = [197, 197, 194];
const tuning = {
  slack: 0.1,
  maximumAspect: 3,
  columnPeers: 2,
  floorPeers: 1,
  unlikeSides: 8,
  partCover: 0.8,
  partColumn: 0.5,
  partUnlike: 8,
  tallerUnlike: 8,
};

describe('grid places grow to the taller place of their floor (docs/decisions/580-grid-places-grow-to-their-floor.md)', () => {
  // A rough grey wall. The left and right columns hold tall windows on four floors; on the
  // second floor a short window between them (its top at theirs, half as high) stands alone in
  // its column. The right column's second-floor window, which no cut holds, is dark glass down
  // to the short window's foot and light curtains below.
  const tall = (left: number, top: number): Rectangle => ({ left, right: left + 44, top, bottom: top + 74 });
  const floors = [30, 140, 250, 360];
  const leftColumn = floors.map((top) => tall(40, top));
  const rightColumn = floors.map((top) => tall(240, top));
  const short: Rectangle = { left: 140, right: 184, top: 140, bottom: 177 };
  const target = rightColumn[1] as Rectangle;
  const isIn = (x: number, y: number, r: Rectangle) =>
    x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  const draw = (targetFoot: 'curtains' | 'wall') =>
    prepareFacadeImage(
      makeImage(320, 470, (x, y) => {
        if (isIn(x, y, target) && y > short.bottom)
          return targetFoot === 'curtains'
            ? shade(curtain, 1, noise(x, y, 3))
            : shade(stone, 1, noise(x, y, 20));
        if ([...leftColumn, ...rightColumn, short].some((w) => isIn(x, y, w)))
          return shade(glass, 1, noise(x, y, 3));
        return shade(stone, 1, noise(x, y, 20));
      }),
    );
  // The click's cuts: every window but the target.
  const cuts = [...leftColumn, short, ...rightColumn.filter((w) => w !== target)];
  const share = (rectangles: readonly Rectangle[], where: (x: number, y: number) => boolean) => {
    let inside = 0;
    let taken = 0;
    for (let y = 0; y < 470; y++) {
      for (let x = 0; x < 320; x++) {
        if (!where(x, y)) continue;
        inside++;
        if (rectangles.some((r) => isIn(x, y, r))) taken++;
      }
    }
    return taken / inside;
  };
  const isGlass = (x: number, y: number) => isIn(x, y, target) && y <= short.bottom;
  const isCurtain = (x: number, y: number) => isIn(x, y, target) && y > short.bottom;
  const isWall = (x: number, y: number) => ![...cuts, target].some((w) => isIn(x, y, w));

  it('cuts the window whole down to the taller window’s foot', () => {
    const image = draw('curtains');
    const all = [...cuts, ...gridCompletion(image, cuts, cuts, tuning)];
    expect(share(all, isGlass)).toBe(1);
    expect(share(all, isCurtain)).toBe(1);
    expect(share(all, isWall)).toBe(0);
  });

  it('stops at the short window’s foot when off', () => {
    const image = draw('curtains');
    const all = [...cuts, ...gridCompletion(image, cuts, cuts, { ...tuning, tallerUnlike: 0 })];
    // The short window's row puts the glass; the tall windows' row, glass and curtains averaging
    // to about the wall's colour, puts nothing.
    expect(share(all, isGlass)).toBe(1);
    expect(share(all, isCurtain)).toBe(0);
  });

  it('leaves the wall under a short window in a column of tall ones', () => {
    const image = draw('wall');
    const all = [...cuts, ...gridCompletion(image, cuts, cuts, tuning)];
    expect(share(all, isGlass)).toBe(1);
    expect(share(all, isCurtain)).toBe(0);
    expect(share(all, isWall)).toBe(0);
  });
});
