import { findSwatch, swatchRgb } from '@facelift/shared';
import { describe, expect, it } from 'vitest';
import { maskWeights, paintPreview } from './preview-paint.ts';

describe('paintPreview', () => {
  it('paints only the marked pixels', () => {
    const width = 4;
    const height = 2;
    const photo = new Uint8ClampedArray(width * height * 4);
    const mask = new Uint8ClampedArray(width * height * 4);
    for (let index = 0; index < width * height; index++) {
      photo.set([200, 185, 165, 255], index * 4);
      // Left half marked (transparent), right half opaque black.
      mask.set(index % width < 2 ? [0, 0, 0, 0] : [0, 0, 0, 255], index * 4);
    }
    const sage = findSwatch('sage');
    if (!sage) throw new Error('no sage');
    const out = paintPreview(photo, width, height, [
      { weights: maskWeights(mask, width, height), rgb: swatchRgb(sage) },
    ]);
    expect([...out.subarray(8, 12)]).toEqual([200, 185, 165, 255]);
    expect([...out.subarray(0, 4)]).not.toEqual([200, 185, 165, 255]);
  });
});
