import { describe, expect, it } from 'vitest';
import { makeImage, noise } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { frameOfOpening, framesOfOpenings } from './similar-and-frames.ts';

describe('the frames of many openings in one mask (docs/decisions/142)', () => {
  // Dark glass with a light frame and a glazing bar, on a beige wall.
  const windows: Rectangle[] = [
    { left: 20, top: 20, right: 79, bottom: 99 },
    { left: 120, top: 20, right: 179, bottom: 99 },
  ];
  const image = prepareFacadeImage(
    makeImage(220, 140, (x, y) => {
      const grain = noise(x, y, 3);
      const box = windows.find((w) => x >= w.left && x <= w.right && y >= w.top && y <= w.bottom);
      if (!box) return [200 + grain, 185 + grain, 160 + grain];
      const isFrame =
        x < box.left + 5 ||
        x > box.right - 5 ||
        y < box.top + 5 ||
        y > box.bottom - 5 ||
        Math.abs(y - 60) < 2;
      return isFrame ? [235 + grain, 235 + grain, 230 + grain] : [40 + grain, 55 + grain, 70 + grain];
    }),
  );

  it('equals the union of each opening’s frame, for overlapping openings and one leaving the photo', () => {
    const openings: Rectangle[] = [
      windows[0] as Rectangle,
      { left: 60, top: 30, right: 140, bottom: 90 },
      { left: 150, top: -10, right: 240, bottom: 70 },
    ];
    const expected = new Uint8Array(image.width * image.height);
    for (const opening of openings) {
      const frame = frameOfOpening(image, opening, 0.1);
      for (let index = 0; index < expected.length; index++) if (frame.data[index] === 1) expected[index] = 1;
    }
    const union = framesOfOpenings(image, openings, 0.1);
    expect(union.width).toBe(image.width);
    expect(union.height).toBe(image.height);
    expect(Array.from(union.data)).toEqual(Array.from(expected));
    // The frame band of the first window is taken, its glass is not.
    expect(union.data[22 * image.width + 50]).toBe(1);
    expect(union.data[40 * image.width + 50]).toBe(0);
  });

  it('gives each opening its own frame when a large box comes before smaller ones of other shapes', () => {
    // The boxes of one call share working arrays (docs/decisions/167): what a larger box left
    // in them must not reach a smaller one, wider or narrower.
    const openings: Rectangle[] = [
      { left: 10, top: 10, right: 200, bottom: 120 },
      windows[1] as Rectangle,
      { left: 30, top: 30, right: 44, bottom: 54 },
      { left: 100, top: 100, right: 199, bottom: 112 },
    ];
    for (const opening of openings) {
      const alone = frameOfOpening(image, opening, 0.12);
      const others = openings.filter((other) => other !== opening);
      const afterOthers = framesOfOpenings(image, [...others, opening], 0.12);
      const othersOnly = framesOfOpenings(image, others, 0.12);
      // Inside this opening's box and outside the others', the mask is this frame alone.
      for (let y = Math.max(0, opening.top); y <= Math.min(image.height - 1, opening.bottom); y++) {
        for (let x = opening.left; x <= opening.right; x++) {
          const index = y * image.width + x;
          if (othersOnly.data[index] === 1) continue;
          expect(afterOthers.data[index]).toBe(alone.data[index]);
        }
      }
    }
  });
});
