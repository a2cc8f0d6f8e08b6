import { describe, expect, it } from 'vitest';
import {
  type Colour,
  isClearOfTransomWindows,
  isInside,
  isLowerPane,
  makeImage,
  noise,
  shade,
  shareSelected,
  transomOf,
  transomWindows,
} from './drawn-facade.ts';
import { prepareFacadeImage, selectFacadeElement } from './facade-select.ts';

/** A light grey-green render; the bay's frames are painted in it. */
const render: Colour = [200, 208, 196];
const darkGlass: Colour = [60, 70, 80];
/** White curtains behind the lower panes: lighter than the render, within a wall click's colour range. */
const curtain: Colour = [235, 235, 228];
/** The transom bar's height: thinner than half a superpixel (about 6 pixels here). */
const bar = 5;

/**
 * Two floors of three windows (70 × 110) whose frames are painted in the wall's own colour (a
 * 4-pixel frame): dark transom lights, a transom bar of the frame's colour, then `lower` down
 * to the sill. Under the bar no vertical line marks the cut's sides: the frame runs across.
 */
const facade = (lower: (x: number, y: number) => Colour) =>
  makeImage(350, 300, (x, y) => {
    const box = transomWindows.find((w) => isInside(w, x, y));
    if (box && x >= box.left + 4 && x <= box.right - 4 && y >= box.top + 4 && y <= box.bottom - 4) {
      if (y < transomOf(box)) return shade(darkGlass, 1, noise(x, y, 2));
      if (y >= transomOf(box) + bar) return lower(x, y);
    }
    return shade(render, 1 - 0.04 * (y / 300), noise(x, y, 5));
  });

const click = { x: 125, y: 150 };
const noBar = (image: ReturnType<typeof prepareFacadeImage>) => ({
  ...image,
  tuning: { ...image.tuning, completionBar: 0 },
});

describe('windows completed past a transom bar (docs/decisions/485-windows-completed-past-a-transom-bar.md)', () => {
  it('a wall click leaves out the curtains under a transom bar in the wall’s colour', () => {
    const image = prepareFacadeImage(facade((x, y) => shade(curtain, x % 7 < 4 ? 1 : 0.97, noise(x, y, 2))));
    const wall = selectFacadeElement(image, click, 'surface');
    const former = selectFacadeElement(noBar(image), click, 'surface');
    // The former code: the sides fade along the bar and the completion stops at the transom light.
    expect(shareSelected(former, isLowerPane)).toBeGreaterThan(0.5);
    expect(shareSelected(wall, isLowerPane)).toBeLessThan(0.1);
    expect(shareSelected(wall, isClearOfTransomWindows)).toBeGreaterThan(0.95);
  });

  it('the wall under a dark window, past the same gap, stays wall: no sides come back', () => {
    const image = prepareFacadeImage(facade((x, y) => shade(render, 1 - 0.04 * (y / 300), noise(x, y, 5))));
    const wall = selectFacadeElement(image, click, 'surface');
    expect(shareSelected(wall, isLowerPane)).toBeGreaterThan(0.95);
    expect(shareSelected(wall, isLowerPane)).toBeCloseTo(
      shareSelected(selectFacadeElement(noBar(image), click, 'surface'), isLowerPane),
      5,
    );
  });
});
