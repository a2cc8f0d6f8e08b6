/**
 * Between bitmasks and images in the browser: the contract PNG data URL `getMask` returns,
 * the photo pixels smart select analyses, and saved regions loaded back into the editor.
 */
import {
  type Bitmask,
  decodeMask,
  encodeMaskAtSize,
  isBitmaskEmpty,
  type RgbaPixels,
  type Size,
} from '@facelift/shared';

/** Smart select analyses at most this many pixels: ≤ 100 ms per click (see the bench). */
export const analysisPixelBudget = 1_500_000;
/** Painting happens at most at this many pixels; the output is scaled to the natural size. */
export const workingPixelBudget = 4_200_000;

/** The size a natural size shrinks to so that it holds at most `budget` pixels. */
export function fitPixelBudget(natural: Size, budget: number): Size {
  const scale = Math.min(1, Math.sqrt(budget / (natural.width * natural.height)));
  return {
    width: Math.max(1, Math.round(natural.width * scale)),
    height: Math.max(1, Math.round(natural.height * scale)),
  };
}

/** The contract PNG (transparent where painted, opaque black elsewhere) at `natural` size. */
export function maskToPngDataUrl(mask: Bitmask, natural: Size): string | null {
  if (isBitmaskEmpty(mask)) return null;
  const canvas = document.createElement('canvas');
  canvas.width = natural.width;
  canvas.height = natural.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const pixels = encodeMaskAtSize(mask, natural);
  context.putImageData(new ImageData(pixels, natural.width, natural.height), 0, 0);
  return canvas.toDataURL('image/png');
}

/** The photo's pixels at `size`, or null when the browser will not let us read them. */
export function readImagePixels(image: HTMLImageElement, size: Size): RgbaPixels | null {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  try {
    context.drawImage(image, 0, 0, size.width, size.height);
    const data = context.getImageData(0, 0, size.width, size.height).data;
    return { width: size.width, height: size.height, data };
  } catch {
    // A cross-origin photo without CORS taints the canvas: there is nothing to analyse.
    return null;
  }
}

/** Loads a saved mask image (contract PNG or white-on-black) as a bitmask at its own size. */
export async function loadMaskImage(url: string): Promise<Bitmask | null> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = url;
  await image.decode();
  const pixels = readImagePixels(image, { width: image.naturalWidth, height: image.naturalHeight });
  return pixels ? decodeMask(pixels) : null;
}
