import { describe, expect, it } from 'vitest';
import {
  type Colour,
  isClearOfTransomWindows,
  isFrameBand,
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

const render: Colour = [212, 190, 150];
/** A grey painted frame, lighter than the render's shade: no darkness map sees it. */
const frame: Colour = [200, 200, 200];
const darkGlass: Colour = [70, 82, 96];
/** White curtains behind the lower panes: lighter than the render, within a wall click's colour range. */
const curtain: Colour = [240, 228, 200];

/**
 * Two floors of three windows (70 × 110, a 4-pixel grey frame): dark glass above a transom bar,
 * the lower panes `lower` down to the sill. Each window is too large a share of the photo for an
 * enclosed piece (decision 150): the detector finds only the dark upper glass.
 */
const windows = transomWindows;
const transom = transomOf;
const isWall = isClearOfTransomWindows;

const facade = (lower: (x: number, y: number) => Colour) =>
  makeImage(350, 300, (x, y) => {
    const box = windows.find((w) => isInside(w, x, y));
    if (box) {
      if (isFrameBand(box, x, y)) return shade(frame, 1, noise(x, y, 2));
      if (Math.abs(y - transom(box) - 1) < 2) return shade(frame, 1, noise(x, y, 2));
      if (y < transom(box)) return shade(darkGlass, 1, noise(x, y, 2));
      return lower(x, y);
    }
    return shade(render, 1 - 0.06 * (y / 300), noise(x, y, 5));
  });

const click = { x: 125, y: 150 };

describe('light window parts in the wall colour range, unlike the wall beside them (docs/decisions/288-light-window-parts-unlike-their-sides.md)', () => {
  it('a wall click leaves out curtains lighter than the wall beside the window', () => {
    const image = prepareFacadeImage(facade((x, y) => shade(curtain, x % 7 < 4 ? 1 : 0.97, noise(x, y, 2))));
    const wall = selectFacadeElement(image, click, 'surface');
    const former = selectFacadeElement(
      { ...image, tuning: { ...image.tuning, completionUnlikeSides: 0 } },
      click,
      'surface',
    );
    // The former code: the curtains are of the wall's own colour, and the cut stopped at the transom.
    expect(shareSelected(former, isLowerPane)).toBeGreaterThan(0.9);
    // Four of the six windows' curtains are left out now (the two others' cuts are not completed
    // along their sides at all).
    expect(shareSelected(wall, isLowerPane)).toBeLessThan(0.4);
    expect(shareSelected(wall, isWall)).toBeGreaterThan(0.95);
  });

  it('a part only darker than the wall beside it (the wall in shade) stays wall', () => {
    const shaded = (x: number, y: number) => shade(render, 0.8, noise(x, y, 5));
    const image = prepareFacadeImage(facade(shaded));
    const wall = selectFacadeElement(image, click, 'surface');
    const off = selectFacadeElement(
      { ...image, tuning: { ...image.tuning, completionUnlikeSides: 0 } },
      click,
      'surface',
    );
    expect(shareSelected(wall, isLowerPane)).toBeCloseTo(shareSelected(off, isLowerPane), 5);
    expect(shareSelected(wall, isWall)).toBeGreaterThan(0.95);
  });
});
