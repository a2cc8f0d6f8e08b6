import { describe, expect, it } from 'vitest';
import { type Colour, isFrameBand, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes } from './repeat-sizes.ts';

/**
 * Three floors of 60 × 70 windows above a floor whose windows reach 20 pixels higher (60 ×
 * 90), with a dark flower box as wide as the window hanging under two of them: those two
 * windows' frames seem to end at the box's bottom, so the floor's bottoms disagree while its tops agree
 * (docs/decisions/160).
 */
const width = 460;
const height = 560;
const windows: Rectangle[] = [];
for (const [top, windowHeight] of [
  [50, 70],
  [150, 70],
  [250, 70],
  [350, 90],
] as const) {
  for (const left of [40, 145, 250, 355])
    windows.push({ left, top, right: left + 59, bottom: top + windowHeight - 1 });
}
const lowFloor = windows.slice(12);
const flowerBoxes = [lowFloor[0], lowFloor[2]].map((window) => ({
  left: (window as Rectangle).left,
  right: (window as Rectangle).right,
  top: (window as Rectangle).bottom + 1,
  bottom: (window as Rectangle).bottom + 26,
}));

const plaster: Colour = [214, 196, 164];
const frame: Colour = [62, 58, 54];
const glass: Colour = [96, 110, 128];
const pixels = makeImage(width, height, (x, y) => {
  const grain = noise(x, y, 3);
  if (flowerBoxes.some((box) => isInside(box, x, y))) return shade(frame, 0.9, grain);
  const box = windows.find((candidate) => isInside(candidate, x, y));
  if (box) {
    return shade(isFrameBand(box, x, y) ? frame : glass, 1, grain);
  }
  return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 6));
});
const image = prepareFacadeImage(pixels);

/** Every repeat as the matching leaves it: at the example's size, the low floor's bottoms on its windows' bottoms. */
const atExampleSize = windows.map((window) =>
  window.bottom - window.top + 1 === 70 ? window : { ...window, top: window.bottom - 69 },
);

describe('fitRepeatSizes: a floor whose tops agree and bottoms do not (docs/decisions/160)', () => {
  it('moves the low floor’s tops up to its windows’ and leaves its bottoms where they were', () => {
    const fitted = fitRepeatSizes(image, [atExampleSize[5] as Rectangle, ...atExampleSize]);
    for (const [at, window] of lowFloor.entries()) {
      const repeat = fitted[1 + 12 + at] as Rectangle;
      expect(Math.abs(repeat.top - window.top)).toBeLessThanOrEqual(2);
      expect(repeat.bottom).toBe(window.bottom);
      expect(repeat.left).toBe(window.left);
      expect(repeat.right).toBe(window.right);
    }
    // The upper floors' windows were right and stay so.
    for (const [at, window] of windows.slice(0, 12).entries()) expect(fitted[1 + at]).toEqual(window);
  });

  it('moves neither side when a side may not move alone (the record’s “before”)', () => {
    const fitted = fitRepeatSizes(image, [atExampleSize[5] as Rectangle, ...atExampleSize], {
      ...defaultRepeatSizeTuning,
      loneSideGrowth: 0,
    });
    for (const [at, repeat] of atExampleSize.slice(12).entries()) expect(fitted[1 + 12 + at]).toEqual(repeat);
  });
});
