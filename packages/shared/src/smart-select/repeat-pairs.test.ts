import { describe, expect, it } from 'vitest';
import {
  type Colour,
  drawFramedFacade,
  isInside,
  isTwoPaneFrame,
  makeImage,
  noise,
  sideError,
} from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultPairsTuning, joinPairsOnOneWindow } from './repeat-pairs.ts';

/** The wide window (110 × 60) most tests join, and the example (50 × 60) on the floor under it. */
const wide = { left: 220, top: 100, right: 329, bottom: 159 };
const example = { left: 40, top: 220, right: 89, bottom: 279 };
/** The grid's repeats at the example's size on the wide window's halves (a mullion's 5 columns between). */
const leftHalf = { left: 220, top: 100, right: 272, bottom: 159 };
const rightHalf = { left: 278, top: 100, right: 329, bottom: 159 };

/** A 400 × 320 facade in greys, `greyAt` giving each pixel's grey before the grain. */
function drawnInGrey(greyAt: (x: number, y: number) => number) {
  return prepareFacadeImage(
    makeImage(400, 320, (x, y) => {
      const grain = noise(x, y, 2);
      const value = greyAt(x, y);
      const colour: Colour = [value + grain, value + grain, value + grain - 10];
      return colour;
    }),
  );
}

describe('select all similar: two repeats on one wider window become one (docs/decisions/357)', () => {
  // A floor of two narrow framed two-pane windows (50 × 60) a 30-px pier apart, and one wide
  // window (110 × 60) beyond them, whose mullion is a line of its frame.
  const narrowLeft = { left: 40, top: 100, right: 89, bottom: 159 };
  const narrowRight = { left: 120, top: 100, right: 169, bottom: 159 };
  const image = drawFramedFacade(400, 320, [narrowLeft, narrowRight, wide, example], []);

  it('joins the two halves of the wide window: its head and sill run on across their gap', () => {
    expect(joinPairsOnOneWindow(image, [example, leftHalf, rightHalf])).toEqual([example, wide]);
  });

  it('keeps two windows a pier of wall apart: the pier breaks their head and sill lines', () => {
    const repeats = [example, narrowLeft, narrowRight];
    expect(joinPairsOnOneWindow(image, repeats)).toEqual(repeats);
  });

  it('takes only the rows both share when one repeat reaches much lower (a railing under it)', () => {
    const lower = { ...rightHalf, bottom: rightHalf.bottom + 20 };
    expect(joinPairsOnOneWindow(image, [example, leftHalf, lower])).toEqual([example, wide]);
  });
});

describe('select all similar: a joined pair takes the window jambs its repeats reached past (docs/decisions/357)', () => {
  const image = drawFramedFacade(400, 320, [wide, example], []);

  it('moves the union’s sides from the wall onto the window’s sides', () => {
    // Two example-sized repeats straddling the wide window's sides, 12 px onto the wall.
    const leftRepeat = { left: 208, top: 100, right: 260, bottom: 159 };
    const rightRepeat = { left: 289, top: 100, right: 341, bottom: 159 };
    const [, joined] = joinPairsOnOneWindow(image, [example, leftRepeat, rightRepeat]);
    expect(joined?.left).toBeGreaterThanOrEqual(wide.left - 1);
    expect(joined?.left).toBeLessThanOrEqual(wide.left + 1);
    expect(joined?.right).toBeGreaterThanOrEqual(wide.right - 1);
    expect(joined?.right).toBeLessThanOrEqual(wide.right + 1);
  });
});

describe('select all similar: a joined pair ends at the head and sill its test found (docs/decisions/372)', () => {
  const image = drawFramedFacade(400, 320, [wide, example], []);

  it('takes the rows between the wide window’s head and sill, not the wall over and under it', () => {
    // Two example-sized repeats on the halves of the wide window, both 8 px taller each way.
    const leftHalf = { left: 220, top: 92, right: 272, bottom: 167 };
    const rightHalf = { left: 278, top: 92, right: 329, bottom: 167 };
    const [, joined] = joinPairsOnOneWindow(image, [example, leftHalf, rightHalf]);
    expect(joined?.top).toBeGreaterThanOrEqual(wide.top - 1);
    expect(joined?.top).toBeLessThanOrEqual(wide.top + 1);
    expect(joined?.bottom).toBeGreaterThanOrEqual(wide.bottom - 1);
    expect(joined?.bottom).toBeLessThanOrEqual(wide.bottom + 1);
  });
});

describe('select all similar: a joined pair in a recess takes the window’s jambs (docs/decisions/373)', () => {
  // A wide framed window (110 × 60) at the top of a darker recess 20 px wider each side that
  // goes on 55 px under it (a balcony's): the recess's sides run on under the window, lines
  // almost as strong as its jambs.
  const recess = { left: 200, top: 100, right: 349, bottom: 215 };
  const image = drawnInGrey((x, y) => {
    for (const box of [wide, example]) {
      if (isInside(box, x, y)) return isTwoPaneFrame(box, x, y) ? 75 : 120;
    }
    return isInside(recess, x, y) ? 145 : 210;
  });

  it('moves the union’s sides from the recess’s onto the window’s, reading them between its head and sill', () => {
    // Two example-sized repeats on the recess's sides, 8 px over and under the window.
    const leftRepeat = { left: 200, top: 92, right: 262, bottom: 167 };
    const rightRepeat = { left: 287, top: 92, right: 349, bottom: 167 };
    const [, joined] = joinPairsOnOneWindow(image, [example, leftRepeat, rightRepeat]);
    expect(joined).toBeDefined();
    expect(sideError(joined as Rectangle, wide)).toBeLessThanOrEqual(1);
  });
});

describe('select all similar: a joined pair keeps its rows where the lines it found are a transom’s (docs/decisions/372)', () => {
  // A wide window (110 × 60) of glass near the wall's colour, crossed by two dark bars the
  // whole width (a transom at rows 118–121 and another at 136–139): the strongest lines near
  // the pair's top and bottom are the bars', 18 rows apart, not the window's head and sill.
  const image = drawnInGrey((x, y) => {
    if (isInside(example, x, y)) return isTwoPaneFrame(example, x, y) ? 75 : 120;
    if (!isInside(wide, x, y)) return 210;
    const isBar = (y >= 118 && y <= 121) || (y >= 136 && y <= 139);
    return isBar ? 60 : 196;
  });

  it('joins the halves over the window’s full height', () => {
    const [, joined] = joinPairsOnOneWindow(image, [example, leftHalf, rightHalf]);
    expect(joined?.top).toBe(wide.top);
    expect(joined?.bottom).toBe(wide.bottom);
  });

  it('ends it at the bars where any two lines would do (headToSill 0.01)', () => {
    const [, joined] = joinPairsOnOneWindow(image, [example, leftHalf, rightHalf], {
      ...defaultPairsTuning,
      headToSill: 0.01,
    });
    expect((joined?.bottom ?? 0) - (joined?.top ?? 0)).toBeLessThan(30);
  });
});

describe('select all similar: a joined pair on the window’s jambs stays there (docs/decisions/373)', () => {
  // A wide window (110 × 60): a 4-px dark frame on a light wall, mid-grey glass. The frame's
  // inner edge against the glass is a line a little over half as strong as its outer edge.
  const image = drawnInGrey((x, y) => {
    for (const box of [wide, example]) {
      if (!isInside(box, x, y)) continue;
      const inFrame = x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > box.bottom - 4;
      return inFrame ? 75 : 150;
    }
    return 210;
  });

  it('keeps its sides on the frame’s outer edges, not on its inner ones', () => {
    const [, joined] = joinPairsOnOneWindow(image, [example, leftHalf, rightHalf]);
    expect(joined?.left).toBe(wide.left);
    expect(joined?.right).toBe(wide.right);
  });

  it('moves them in where a line half as strong would do (strongerJamb 0.5)', () => {
    const [, joined] = joinPairsOnOneWindow(image, [example, leftHalf, rightHalf], {
      ...defaultPairsTuning,
      strongerJamb: 0.5,
    });
    expect(joined?.left).toBeGreaterThan(wide.left + 2);
  });
});
