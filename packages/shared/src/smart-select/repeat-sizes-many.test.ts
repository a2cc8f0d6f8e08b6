import { describe, expect, it } from 'vitest';
import { makeImage, noise, shade } from './drawn-facade.ts';
import { prepareFacadeImage, type Rectangle } from './facade-select.ts';
import { fitRepeatSizes } from './repeat-sizes.ts';

/**
 * "Select all similar" on a piece of wall finds a thousand repeats and more, in columns of
 * hundreds (docs/decisions/298-stacked-repeats-by-binary-search.md): fitting their sizes may
 * not cost a pass over a repeat's column for each repeat.
 */
const width = 240;
const height = 400;
const pixels = makeImage(width, height, (x, y) => shade([214, 196, 164], 1, noise(x, y, 6)));
const image = prepareFacadeImage(pixels);

describe('fitRepeatSizes with thousands of repeats in one column', () => {
  // 12 000 repeats: 1.1 s with that pass, 45 ms without (a busy machine, 2 cores).
  it('fits them in far less time than a pass over the column per repeat takes', () => {
    const repeats: Rectangle[] = [];
    for (let index = 0; index < 12000; index++) {
      const top = 10 + ((index * 7) % 370);
      repeats.push({ left: 100, right: 109, top, bottom: top + 11 });
    }
    fitRepeatSizes(image, repeats.slice(0, 200));
    const startedAt = Date.now();
    const fitted = fitRepeatSizes(image, repeats);
    const elapsed = Date.now() - startedAt;
    expect(fitted).toHaveLength(repeats.length);
    expect(elapsed).toBeLessThan(300);
  });
});
