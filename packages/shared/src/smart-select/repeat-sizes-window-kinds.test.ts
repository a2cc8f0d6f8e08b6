import { describe, expect, it } from 'vitest';
import { type Colour, isFrameBand, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes } from './repeat-sizes.ts';

/**
 * Five floors of four columns whose windows share their tops: the first and third columns short
 * windows (50 × 45), the second and fourth French windows (50 × 75), each column of one kind from
 * floor to floor. Every floor mixes the two kinds, so its frames disagree on the bottom
 * (docs/decisions/275-select-all-similar-window-kinds-by-column.md).
 */
const width = 440;
const height = 620;
const tops = [40, 155, 270, 385, 500];
const columns = [
  { left: 40, height: 45 },
  { left: 140, height: 75 },
  { left: 240, height: 45 },
  { left: 340, height: 75 },
];
const windows: Rectangle[] = tops.flatMap((top) =>
  columns.map(({ left, height: windowHeight }) => ({
    left,
    top,
    right: left + 49,
    bottom: top + windowHeight - 1,
  })),
);

const plaster: Colour = [214, 196, 164];
const frame: Colour = [62, 58, 54];
const glass: Colour = [96, 110, 128];
const image = prepareFacadeImage(
  makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = windows.find((candidate) => isInside(candidate, x, y));
    if (box) return shade(isFrameBand(box, x, y) ? frame : glass, 1, grain);
    return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 6));
  }),
);

/** Every repeat as the matching leaves it from a short window: at the short windows' size. */
const atExampleSize = windows.map((window) => ({ ...window, bottom: window.top + 44 }));
const example = atExampleSize[4] as Rectangle;
const isFrench = (window: Rectangle) => window.bottom - window.top + 1 === 75;

describe('fitRepeatSizes: floors mixing short and French windows, each column of one kind (docs/decisions/275)', () => {
  it('ends each French window at its own bottom and leaves the short ones as they were', () => {
    const fitted = fitRepeatSizes(image, [example, ...atExampleSize]);
    for (const [at, window] of windows.entries()) {
      const repeat = fitted[1 + at] as Rectangle;
      if (isFrench(window)) {
        expect(Math.abs(repeat.bottom - window.bottom), `French window ${at} bottom`).toBeLessThanOrEqual(2);
        expect(Math.abs(repeat.top - window.top), `French window ${at} top`).toBeLessThanOrEqual(2);
      } else {
        expect(repeat, `short window ${at}`).toEqual(atExampleSize[at]);
      }
    }
  });

  it('keeps the example’s height on every window with the rule off (the record’s “before”)', () => {
    const fitted = fitRepeatSizes(image, [example, ...atExampleSize], {
      ...defaultRepeatSizeTuning,
      kindSupport: 0,
    });
    for (const [at, window] of windows.entries()) {
      if (isFrench(window))
        expect((fitted[1 + at] as Rectangle).bottom).toBe((atExampleSize[at] as Rectangle).bottom);
    }
  });
});
