import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes } from './repeat-sizes.ts';

/**
 * A tall facade of small windows (24 × 36, about two superpixels across): five floors of five
 * columns, the last column's windows 36 pixels wide (a stair or a wider bay), laid out by hand,
 * each a few pixels left or right of the column's line. Their frames agree on their width within
 * half a superpixel, not within a tenth of the example's width (2.4 pixels):
 * docs/decisions/248-select-all-similar-agreement-in-superpixels.md.
 */
const width = 640;
const height = 560;
const tops = [40, 140, 240, 340, 440];
const lefts = [60, 160, 260, 360];
const wideLeft = 520;
const jitter = [-4, 4, 0, 4, -4];
const windows: Rectangle[] = tops.flatMap((top, floor) => [
  ...lefts.map((left) => ({ left, top, right: left + 23, bottom: top + 35 })),
  {
    left: wideLeft + (jitter[floor] as number),
    top,
    right: wideLeft + (jitter[floor] as number) + 35,
    bottom: top + 35,
  },
]);

const plaster: Colour = [214, 196, 164];
const frame: Colour = [62, 58, 54];
const glass: Colour = [96, 110, 128];
const image = prepareFacadeImage(
  makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = windows.find((candidate) => isInside(candidate, x, y));
    if (box) {
      const isFrame = x < box.left + 3 || x > box.right - 3 || y < box.top + 3 || y > box.bottom - 3;
      return shade(isFrame ? frame : glass, 1, grain);
    }
    return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 6));
  }),
);

/** Every repeat as the matching leaves it: at the example's size (24 × 36), centred on its window. */
const atExampleSize = windows.map((window) => {
  const left = Math.round((window.left + window.right - 23) / 2);
  return { ...window, left, right: left + 23 };
});
const wide = windows.filter((window) => window.right - window.left + 1 === 36);

describe('fitRepeatSizes: small windows agree within half a superpixel (docs/decisions/248)', () => {
  const repeats = [atExampleSize[0] as Rectangle, ...atExampleSize];

  it('gives the column of wider windows their width', () => {
    const fitted = fitRepeatSizes(image, repeats);
    for (const [at, window] of windows.entries()) {
      const repeat = fitted[1 + at] as Rectangle;
      if (!wide.includes(window)) {
        expect(repeat, `window ${at}`).toEqual(atExampleSize[at]);
        continue;
      }
      // The column's median frame: within its windows' few pixels of jitter.
      expect(repeat.right - repeat.left + 1, `window ${at} width`).toBeGreaterThanOrEqual(33);
      expect(repeat.right - repeat.left + 1, `window ${at} width`).toBeLessThanOrEqual(39);
      expect(Math.abs(repeat.left - wideLeft), `window ${at} left`).toBeLessThanOrEqual(3);
    }
  });

  it('keeps them at the example’s width with a tenth of the example alone (the record’s “before”)', () => {
    const fitted = fitRepeatSizes(image, repeats, { ...defaultRepeatSizeTuning, agreementCells: 0 });
    for (const window of wide) {
      const at = windows.indexOf(window);
      expect(fitted[1 + at], `window ${at}`).toEqual(atExampleSize[at]);
    }
  });
});
