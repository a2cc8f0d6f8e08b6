/**
 * The instant preview's paint (docs/product.md, Studio and preview): the offline engine's own
 * recolour from packages/shared run on the displayed pixels, so that the preview and the
 * stored result agree. Pure functions on byte arrays: the worker and the tests run them.
 */
import { isMarkedMaskPixel, type RgbBytes, recolourPixels } from '@facelift/shared';

export interface PreviewPaint {
  /** One byte a pixel, 255 where the element's marked region is (the mask contract's rule). */
  weights: Uint8Array;
  rgb: RgbBytes;
}

/** A mask-contract PNG decoded to RGBA → paint weights, as the server reads a region. */
export function maskWeights(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8Array {
  const weights = new Uint8Array(width * height);
  for (let index = 0; index < weights.length; index++) {
    const offset = index * 4;
    if (
      isMarkedMaskPixel(
        rgba[offset] as number,
        rgba[offset + 1] as number,
        rgba[offset + 2] as number,
        rgba[offset + 3] as number,
      )
    )
      weights[index] = 255;
  }
  return weights;
}

/**
 * Every paint applied to a copy of the photo's RGBA pixels, each reading lightness from the
 * original as the offline engine does, so previews of several elements stack.
 */
export function paintPreview(
  source: Uint8ClampedArray,
  width: number,
  height: number,
  paints: readonly PreviewPaint[],
): Uint8ClampedArray<ArrayBuffer> {
  const output = new Uint8ClampedArray(source);
  const original = { data: source, width, height, channels: 4 as const };
  const painted = { data: output, width, height, channels: 4 as const };
  for (const paint of paints)
    recolourPixels(original, painted, { data: paint.weights, width, height }, paint.rgb);
  return output;
}
