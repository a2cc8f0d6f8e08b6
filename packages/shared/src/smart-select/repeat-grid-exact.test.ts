import { describe, expect, it } from 'vitest';
import { drawFramedFacade } from './drawn-facade.ts';
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { bandCorrelationsBothWays, placedToThePixel } from './repeat-grid.ts';

/**
 * Decision 363 reads the grid's correlations four places at a time and compares four
 * positions at a time when placing a repeat to the pixel, for speed alone: every number and
 * every answer must be the one read one at a time.
 */
const windows: Rectangle[] = [];
for (const top of [50, 150, 250]) {
  for (const left of [40, 145, 250, 355]) windows.push({ left, top, right: left + 59, bottom: top + 69 });
}
const image = drawFramedFacade(460, 380, windows, [{ left: 200, top: 330, right: 260, bottom: 360 }]);
const example = windows[5] as Rectangle;

/** Whether two arrays hold the same doubles, bit for bit. */
function sameBits(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((value, at) => Object.is(value, b[at]));
}

/**
 * The plain scan `placeExactly` stands for: positions `step` apart within `reach` of a centre
 * in rows then columns, the first of the least squared differences of lightness at the
 * example's samples (every `stride` pixels, about 400) kept; coarse, then fine around it.
 */
function plainPlacing(facade: FacadeImage, rough: Rectangle, factor: number): { left: number; top: number } {
  const width = example.right - example.left + 1;
  const height = example.bottom - example.top + 1;
  const stride = Math.max(1, Math.round(Math.sqrt((width * height) / 400)));
  const lightness = (x: number, y: number) => facade.lab[(y * facade.width + x) * 3] as number;
  const difference = (left: number, top: number) => {
    let sum = 0;
    for (let y = 0; y < height; y += stride) {
      for (let x = 0; x < width; x += stride) {
        const delta = lightness(example.left + x, example.top + y) - lightness(left + x, top + y);
        sum += delta * delta;
      }
    }
    return sum;
  };
  let best = { left: rough.left, top: rough.top, difference: Number.POSITIVE_INFINITY };
  const scan = (centreLeft: number, centreTop: number, reach: number, step: number) => {
    for (let top = centreTop - reach; top <= centreTop + reach; top += step) {
      if (top < 0 || top > facade.height - height) continue;
      for (let left = centreLeft - reach; left <= centreLeft + reach; left += step) {
        if (left < 0 || left > facade.width - width) continue;
        const value = difference(left, top);
        if (value < best.difference) best = { left, top, difference: value };
      }
    }
  };
  const coarse = Math.max(1, Math.ceil(factor / 3));
  scan(rough.left, rough.top, factor - 1, coarse);
  if (coarse > 1) scan(best.left, best.top, coarse - 1, 1);
  return { left: best.left, top: best.top };
}

describe('select all similar reads its correlations and placings several at a time (decision 363)', () => {
  it('gives every place along a band the correlation read one place at a time', () => {
    let compared = 0;
    for (const window of [example, windows[0] as Rectangle, windows[11] as Rectangle]) {
      for (const horizontal of [true, false]) {
        for (let across = 0; across < 40; across++) {
          const both = bandCorrelationsBothWays(image, window, example, horizontal, across);
          if (!both) continue;
          expect(sameBits(both.together, both.oneByOne)).toBe(true);
          compared += both.together.length;
        }
      }
    }
    // Rows and columns of the scaled copy, not an empty loop.
    expect(compared).toBeGreaterThan(1000);
  });

  it('places each rough repeat where the plain scan places it, to the pixel', () => {
    for (const factor of [4, 8, 11]) {
      for (const window of windows) {
        for (const [dx, dy] of [
          [0, 0],
          [3, -2],
          [-5, 4],
          [factor, -factor],
        ] as const) {
          const left = Math.max(0, Math.min(image.width - 60, window.left + dx));
          const top = Math.max(0, Math.min(image.height - 70, window.top + dy));
          const rough = { left, top, right: left + 59, bottom: top + 69 };
          const placed = placedToThePixel(image, example, rough, factor);
          const plain = plainPlacing(image, rough, factor);
          expect({ left: placed.left, top: placed.top }).toEqual(plain);
        }
      }
    }
  });
});
