import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade, shareSelected } from './drawn-facade.ts';
import {
  type FacadeImage,
  prepareFacadeImage,
  type Rectangle,
  selectFacadeElement,
} from './facade-select.ts';

const render: Colour = [200, 186, 160];
const dark: Colour = [62, 58, 56];
/** A blind let down, a little greyer than the render: within a wall click's colour range. */
const blind: Colour = [188, 184, 174];

const WINDOW_WIDTH = 50;
const BOX = 7;
const BLIND = 18;
const GLASS = 40;
/** Two floors of four windows: a dark strip at the head, then `BLIND` rows, then the dark glass. */
const windows: Rectangle[] = [30, 150].flatMap((top) =>
  [30, 110, 190, 270].map((left) => ({
    left,
    top,
    right: left + WINDOW_WIDTH - 1,
    bottom: top + BOX + BLIND + GLASS - 1,
  })),
);
/** The rows between the strip and the glass, less the window's sides. */
const isBetween = (x: number, y: number) =>
  windows.some((w) => x >= w.left + 3 && x <= w.right - 3 && y >= w.top + BOX && y < w.top + BOX + BLIND);
const isWall = (x: number, y: number) =>
  !windows.some((w) =>
    isInside({ left: w.left - 3, top: w.top - 3, right: w.right + 3, bottom: w.bottom + 3 }, x, y),
  );

/** The facade with `between` painted between each window's strip and glass. */
const facade = (between: (x: number, y: number, window: Rectangle) => Colour) =>
  prepareFacadeImage(
    makeImage(350, 270, (x, y) => {
      const w = windows.find((one) => isInside(one, x, y));
      if (!w) return shade(render, 1, noise(x, y, 4));
      const row = y - w.top;
      if (row < BOX || row >= BOX + BLIND) return shade(dark, 1, noise(x, y, 2));
      return between(x, y, w);
    }),
  );

const click = { x: 100, y: 130 };
const withoutRule = (image: FacadeImage): FacadeImage => ({
  ...image,
  tuning: { ...image.tuning, headBoxHeight: 0 },
});

describe("a blind's box over a window is its head (docs/decisions/480-window-head-boxes.md)", () => {
  it('a wall click cuts the blind let down between the box and the glass, in its frame', () => {
    // The frame's jambs: lines of the render in shade along the blind's sides.
    const image = facade((x, y, w) =>
      x < w.left + 3 || x > w.right - 3
        ? shade(render, 0.7, noise(x, y, 2))
        : shade(blind, 1, noise(x, y, 2)),
    );
    const wall = selectFacadeElement(image, click, 'surface');
    const former = selectFacadeElement(withoutRule(image), click, 'surface');
    // The former code: the blind, in the wall's colour range, stayed wall between two cuts.
    expect(shareSelected(former, isBetween)).toBeGreaterThan(0.8);
    expect(shareSelected(wall, isBetween)).toBeLessThan(0.05);
    expect(shareSelected(wall, isWall)).toBeGreaterThan(0.95);
  });

  it('the wall between a window and a dark strip over it, with no jambs running up, stays wall', () => {
    const image = facade((x, y) => shade(render, 1, noise(x, y, 4)));
    const wall = selectFacadeElement(image, click, 'surface');
    const former = selectFacadeElement(withoutRule(image), click, 'surface');
    expect(shareSelected(wall, isBetween)).toBeCloseTo(shareSelected(former, isBetween), 5);
    expect(shareSelected(wall, isBetween)).toBeGreaterThan(0.9);
  });
});
