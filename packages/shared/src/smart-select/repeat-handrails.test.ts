import { describe, expect, it } from 'vitest';
import { type Colour, isFrameBand, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes } from './repeat-sizes.ts';

/**
 * A top floor of four 60 × 70 windows (white frames, dark glass) over two floors of French
 * windows 60 × 110 standing on balconies: a dark iron handrail 3 pixels high runs across the
 * whole facade 56 pixels below the windows' heads, with bars (2 pixels every 9) under it in
 * front of the glass and the wall down to a stone slab at the windows' feet. Across the window
 * the handrail is dark on dark glass, a faint line; on the wall beside it, a strong one. A window behind a railing ends at its handrail
 * (docs/decisions/247-select-all-similar-handrails.md).
 */
const width = 470;
const height = 470;
const lefts = [40, 145, 250, 355];
const floors = [
  { top: 40, height: 70, railing: false },
  { top: 150, height: 110, railing: true },
  { top: 300, height: 110, railing: true },
];
const windows: Rectangle[] = floors.flatMap((floor) =>
  lefts.map((left) => ({ left, top: floor.top, right: left + 59, bottom: floor.top + floor.height - 1 })),
);
const railings = floors
  .filter((floor) => floor.railing)
  .map((floor) => ({
    left: 20,
    right: 449,
    top: floor.top + 56,
    bottom: floor.top + floor.height - 1,
    slab: floor.top + floor.height,
  }));

const plaster: Colour = [214, 196, 164];
const frame: Colour = [236, 232, 224];
const glass: Colour = [44, 46, 50];
const iron: Colour = [34, 34, 34];
const stone: Colour = [190, 186, 176];
const pixels = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 3);
  for (const railing of railings) {
    if (x < railing.left || x > railing.right) continue;
    if (y >= railing.slab && y <= railing.slab + 5) return shade(stone, 1, grain);
    if (y >= railing.top && y <= railing.top + 2) return shade(iron, 1, grain);
    if (y > railing.top + 2 && y <= railing.bottom && (x - railing.left) % 9 < 2)
      return shade(iron, 1, grain);
  }
  const box = windows.find((candidate) => isInside(candidate, x, y));
  if (box) {
    return shade(isFrameBand(box, x, y) ? frame : glass, 1, grain);
  }
  return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 6));
});
const image = prepareFacadeImage(pixels);

/** Every repeat as the matching leaves it: at the example's size (70 pixels high) from its window's head. */
const atExampleSize = windows.map((window) => ({ ...window, bottom: window.top + 69 }));

describe('select all similar: a window behind a balcony ends at its handrail (docs/decisions/247)', () => {
  const repeats = [atExampleSize[1] as Rectangle, ...atExampleSize];

  it('ends the French windows’ repeats on the row above the handrail, the top floor’s where they were', () => {
    const fitted = fitRepeatSizes(image, repeats);
    for (const [at, window] of windows.entries()) {
      const repeat = fitted[1 + at] as Rectangle;
      const railing = railings.find(
        (candidate) => window.top < candidate.top && window.bottom > candidate.top,
      );
      if (!railing) {
        expect(repeat, `window ${at}`).toEqual(atExampleSize[at]);
        continue;
      }
      expect(Math.abs(repeat.bottom - (railing.top - 1)), `window ${at} bottom`).toBeLessThanOrEqual(2);
      // The frame search takes the glass's head inside the 4-pixel frame: the matching's top was closer.
      expect(Math.abs(repeat.top - window.top), `window ${at} top`).toBeLessThanOrEqual(4);
      expect(repeat.left, `window ${at} left`).toBe(window.left);
      expect(repeat.right, `window ${at} right`).toBe(window.right);
    }
  });

  it('runs them on down behind the bars with the handrail rule off (the record’s “before”)', () => {
    const fitted = fitRepeatSizes(image, repeats, { ...defaultRepeatSizeTuning, handrail: 0 });
    for (const [at, window] of windows.slice(4).entries()) {
      expect((fitted[5 + at] as Rectangle).bottom, `window ${4 + at}`).toBeGreaterThan(window.top + 56 + 10);
    }
  });
});
