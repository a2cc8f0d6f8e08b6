import { describe, expect, it } from 'vitest';
import { type Colour, isInside, makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { defaultJambTuning, grownAlongJambs } from './repeat-jambs.ts';

/**
 * Three floors of three windows on a plaster wall: the example's floor (40 × 50), a floor of
 * short windows (40 × 30) and a shop floor of tall ones (60 × 100) whose glass is light sky
 * above a transom bar and dark below it. The shop floor's repeats cover only the glass above
 * the transom (32 pixels, as cmp_b0005's 88-pixel windows came out 30 high): they grow along
 * their jambs to the sill; the short windows' repeats sit on their windows and stay
 * (docs/decisions/317-select-all-similar-grow-along-jambs.md).
 */
const width = 560;
const height = 480;
const lefts = [60, 230, 400];
const exampleFloor = lefts.map((left) => ({ left, top: 40, right: left + 39, bottom: 89 }));
const shortFloor = lefts.map((left) => ({ left, top: 150, right: left + 39, bottom: 179 }));
const shopFloor = lefts.map((left) => ({ left: left - 10, top: 260, right: left + 49, bottom: 359 }));
const windows: Rectangle[] = [...exampleFloor, ...shortFloor, ...shopFloor];

const plaster: Colour = [206, 190, 160];
const frame: Colour = [58, 54, 50];
const sky: Colour = [176, 198, 222];
const darkGlass: Colour = [60, 74, 70];
const image = prepareFacadeImage(
  makeImage(width, height, (x, y) => {
    const grain = noise(x, y, 3);
    const box = windows.find((candidate) => isInside(candidate, x, y));
    if (!box) return shade(plaster, 1 - 0.1 * (y / height), noise(x, y, 5));
    const isFrame = x < box.left + 3 || x > box.right - 3 || y < box.top + 3 || y > box.bottom - 3;
    if (isFrame) return shade(frame, 1, grain);
    const transom = box.top + 38;
    if (shopFloor.includes(box) && y >= transom && y < transom + 4) return shade(frame, 1, grain);
    return shade(shopFloor.includes(box) && y >= transom ? darkGlass : sky, 1, grain);
  }),
);

const shopRepeats = shopFloor.map((window) => ({ ...window, bottom: window.top + 31 }));
const repeats: Rectangle[] = [...exampleFloor, ...shortFloor, ...shopRepeats];

describe('grownAlongJambs: a floor much shorter than the example grows along its jambs (docs/decisions/317)', () => {
  it('takes the shop floor down to its sill over the transom, and leaves the other floors', () => {
    const grown = grownAlongJambs(image, repeats);
    for (const [at, window] of shopFloor.entries()) {
      const repeat = grown[exampleFloor.length + shortFloor.length + at] as Rectangle;
      expect(Math.abs(repeat.bottom - window.bottom), `shop window ${at} bottom`).toBeLessThanOrEqual(4);
      expect(repeat.top, `shop window ${at} top`).toBe(window.top);
    }
    expect(grown.slice(0, exampleFloor.length + shortFloor.length)).toEqual(
      repeats.slice(0, exampleFloor.length + shortFloor.length),
    );
  });

  it('leaves the shop floor 32 pixels high when off (the record’s “before”)', () => {
    const grown = grownAlongJambs(image, repeats, { ...defaultJambTuning, shorter: 0 });
    expect(grown).toEqual(repeats);
  });
});

describe('grownAlongJambs: a floor that grows also takes its sides to the jambs it went along (docs/decisions/318)', () => {
  // The shop floor's repeats found narrower than its windows, on the glass 6 pixels in from
  // each side (as cmp_b0005's came out 9–18 pixels narrow a side).
  const narrow = shopFloor.map((window) => ({
    left: window.left + 6,
    top: window.top,
    right: window.right - 6,
    bottom: window.top + 31,
  }));
  const narrowRepeats: Rectangle[] = [...exampleFloor, ...shortFloor, ...narrow];

  it('widens the shop floor to its frames as it grows it to the sill', () => {
    const grown = grownAlongJambs(image, narrowRepeats);
    for (const [at, window] of shopFloor.entries()) {
      const repeat = grown[exampleFloor.length + shortFloor.length + at] as Rectangle;
      expect(Math.abs(repeat.bottom - window.bottom), `shop window ${at} bottom`).toBeLessThanOrEqual(4);
      expect(Math.abs(repeat.left - window.left), `shop window ${at} left`).toBeLessThanOrEqual(3);
      expect(Math.abs(repeat.right - window.right), `shop window ${at} right`).toBeLessThanOrEqual(3);
    }
    expect(grown.slice(0, exampleFloor.length + shortFloor.length)).toEqual(
      narrowRepeats.slice(0, exampleFloor.length + shortFloor.length),
    );
  });

  it('keeps the sides when off (the record’s “before”)', () => {
    const grown = grownAlongJambs(image, narrowRepeats, { ...defaultJambTuning, sideAgreement: 0 });
    for (const [at, repeat] of narrow.entries()) {
      const found = grown[exampleFloor.length + shortFloor.length + at] as Rectangle;
      expect([found.left, found.right]).toEqual([repeat.left, repeat.right]);
    }
  });
});
