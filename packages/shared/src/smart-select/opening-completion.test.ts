import { describe, expect, it } from 'vitest';
import {
  type Colour,
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
const frame: Colour = [62, 58, 54];
const darkGlass: Colour = [70, 82, 96];
/** A white painted frame, lighter than the render: no darkness map sees it. */
const paint: Colour = [238, 236, 230];
/** The lower panes reflect a blue sky, in streaks: not darker than the render either. */
const reflection: Colour = [165, 205, 250];

/**
 * Two floors of three windows (70 × 110, a 4-pixel white frame): dark glass above a dark
 * transom bar, light panes below it down to the sill. Each window is too large a share of the
 * photo for an enclosed piece (decision 150): the detector finds only its dark upper glass.
 */
const windows = transomWindows;
const transom = transomOf;

const photo = makeImage(350, 300, (x, y) => {
  const box = windows.find((w) => isInside(w, x, y));
  if (box) {
    if (isFrameBand(box, x, y)) return shade(paint, 1, noise(x, y, 2));
    if (Math.abs(y - transom(box) - 1) < 2) return shade(frame, 1, noise(x, y, 2));
    if (y < transom(box)) return shade(darkGlass, 1, noise(x, y, 2));
    return shade(reflection, x % 6 < 3 ? 1 : 0.96, noise(x, y, 2));
  }
  return shade(render, 1 - 0.06 * (y / 300), noise(x, y, 5));
});

describe('windows completed along their sides (decision 220)', () => {
  it('a wall click leaves out the light lower panes under the dark upper ones', () => {
    const image = prepareFacadeImage(photo);
    const wall = selectFacadeElement(image, { x: 125, y: 150 }, 'surface');
    const former = selectFacadeElement(
      { ...image, tuning: { ...image.tuning, completionSide: 0 } },
      { x: 125, y: 150 },
      'surface',
    );
    // Without the completion (the former code) the wall takes them whole.
    expect(shareSelected(former, isLowerPane)).toBeGreaterThan(0.9);
    expect(shareSelected(wall, isLowerPane)).toBeLessThan(0.1);
    expect(shareSelected(wall, (x, y) => !windows.some((box) => isInside(box, x, y)))).toBeGreaterThan(0.95);
  });
});
