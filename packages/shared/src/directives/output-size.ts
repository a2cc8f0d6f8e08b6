/** The three output sizes gpt-image-1 produces. */
export const outputSizes = ['1024x1024', '1536x1024', '1024x1536'] as const;
export type OutputSize = (typeof outputSizes)[number];

/**
 * How much longer the long side may be than the short side for an image to count as
 * square: 15% (docs/product.md, Limits and numbers).
 */
export const squareTolerancePercent = 15;

/**
 * The output size for a source image (docs/product.md, Limits and numbers). "Within 15% of square" is read
 * symmetrically: the longer side is at most 15% longer than the shorter, boundary
 * included, so 1150x1000 and 1000x1150 are square while 1151x1000 is wide. Integer
 * arithmetic keeps the boundary exact.
 */
export function chooseOutputSize(width: number, height: number): OutputSize {
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) {
    throw new RangeError(`Image dimensions must be positive, got ${width}x${height}`);
  }
  const longSide = Math.max(width, height);
  const shortSide = Math.min(width, height);
  if (longSide * 100 <= shortSide * (100 + squareTolerancePercent)) return '1024x1024';
  return width > height ? '1536x1024' : '1024x1536';
}

/** Width and height in pixels of an output size. */
export function outputSizeDimensions(size: OutputSize): { width: number; height: number } {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}
