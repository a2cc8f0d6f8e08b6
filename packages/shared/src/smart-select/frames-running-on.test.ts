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
/** A painted frame a shade darker than the render round each window, down to its sill: no darkness map sees it. */
const frame: Colour = [175, 156, 123];
const darkGlass: Colour = [70, 82, 96];
/** Curtains behind the lower panes of the render's own colour: neither lighter nor of another hue than the wall beside. */
const curtain: Colour = [214, 192, 152];

/**
 * Decision 288's facade with a darker frame and curtains of the wall's colour: two floors of three
 * windows (70 × 110, a 4-pixel frame), dark glass above a transom, the curtains below it. The
 * detector cuts the dark glass only; the cut is completed along its sides to the sill, and that
 * part, of the wall's own colour and not lighter than the wall beside, was dropped.
 */
const windows = transomWindows;
const transom = transomOf;
const isWall = isClearOfTransomWindows;

const image = prepareFacadeImage(
  makeImage(350, 300, (x, y) => {
    const box = windows.find((w) => isInside(w, x, y));
    if (box) {
      if (isFrameBand(box, x, y)) return shade(frame, 1, noise(x, y, 2));
      if (Math.abs(y - transom(box) - 1) < 2) return shade(frame, 1, noise(x, y, 2));
      if (y < transom(box)) return shade(darkGlass, 1, noise(x, y, 2));
      return shade(curtain, x % 7 < 4 ? 1 : 0.97, noise(x, y, 2));
    }
    return shade(render, 1 - 0.06 * (y / 300), noise(x, y, 5));
  }),
);

const click = { x: 125, y: 150 };

describe('a window frame running on past the cut (docs/decisions/400-frames-running-on-past-the-cut.md)', () => {
  it('a wall click leaves out the light part of a window whose dark frame runs on below its cut', () => {
    const wall = selectFacadeElement(image, click, 'surface');
    const former = selectFacadeElement(
      { ...image, tuning: { ...image.tuning, completionFrameContrast: 0 } },
      click,
      'surface',
    );
    // The former code: the curtains are of the wall's colour, the completed part was dropped.
    expect(shareSelected(former, isLowerPane)).toBeGreaterThan(0.9);
    // Four of the six windows' curtains are left out now (the two other lower cuts are completed
    // only to the transom's foot).
    expect(shareSelected(wall, isLowerPane)).toBeLessThan(0.4);
    expect(shareSelected(wall, isWall)).toBeGreaterThan(0.95);
  });
});
