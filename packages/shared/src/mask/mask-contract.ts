/**
 * The mask contract between the mask editor, the server and the image engines (docs/product.md, Marking and selection).
 *
 * Three representations meet here, and every conversion between them lives in this file:
 * - a `Bitmask`: one byte per pixel, 1 = painted (the area to edit), at a given size;
 * - the painted canvas: what the editor draws, white opaque strokes on a transparent or
 *   black background. The painted-pixel rule applies to it: a pixel counts as painted when it
 *   is opaque and each colour channel exceeds 200;
 * - the contract image (`getMask`, the PNG sent with a job, an element region): at the
 *   image's natural size, painted pixels fully transparent (0,0,0,0), all others opaque
 *   black (0,0,0,255). This is also the shape the OpenAI edits endpoint expects.
 *
 * Pure TypeScript on byte arrays so the browser and the server share it: PNG encoding and
 * decoding stay with the caller (canvas in the browser, sharp on the server).
 */

/** A channel must exceed this for a painted-canvas pixel to count as painted (docs/product.md, Limits and numbers). */
export const paintedChannelThreshold = 200;

/** One byte per pixel, row-major: 1 = painted, 0 = not painted. */
export interface Bitmask {
  width: number;
  height: number;
  data: Uint8Array;
}

/** RGBA pixels, row-major, 4 bytes per pixel: ImageData, canvas output or sharp's raw buffer. */
export interface RgbaPixels {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export function createBitmask(width: number, height: number): Bitmask {
  assertSize(width, height);
  return { width, height, data: new Uint8Array(width * height) };
}

/** The painted-pixel rule for one pixel (docs/product.md, Marking and selection): opaque, and every colour channel above 200. */
export function isPaintedCanvasPixel(red: number, green: number, blue: number, alpha: number): boolean {
  return (
    alpha === 255 &&
    red > paintedChannelThreshold &&
    green > paintedChannelThreshold &&
    blue > paintedChannelThreshold
  );
}

/**
 * Whether a pixel of a mask marks the area to edit: fully transparent (the contract), or a
 * painted-canvas pixel (so white-on-black masks from other tools read the same way).
 */
export function isMarkedMaskPixel(red: number, green: number, blue: number, alpha: number): boolean {
  return alpha === 0 || isPaintedCanvasPixel(red, green, blue, alpha);
}

/** Reads a painted canvas (white strokes) with the painted-pixel rule: opaque and each channel > 200. */
export function readPaintedCanvas(pixels: RgbaPixels): Bitmask {
  assertRgba(pixels);
  const mask = createBitmask(pixels.width, pixels.height);
  const { data } = pixels;
  for (let index = 0, offset = 0; index < mask.data.length; index++, offset += 4) {
    mask.data[index] = isPaintedCanvasPixel(
      data[offset] as number,
      data[offset + 1] as number,
      data[offset + 2] as number,
      data[offset + 3] as number,
    )
      ? 1
      : 0;
  }
  return mask;
}

/** Draws a bitmask as a painted canvas: white opaque where painted, transparent elsewhere. */
export function renderPaintedCanvas(mask: Bitmask): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(mask.data.length * 4);
  for (let index = 0; index < mask.data.length; index++) {
    if (mask.data[index] !== 1) continue;
    pixels.fill(255, index * 4, index * 4 + 4);
  }
  return pixels;
}

/** Encodes a bitmask as contract pixels: painted → (0,0,0,0), everything else → (0,0,0,255). */
export function encodeMask(mask: Bitmask): Uint8ClampedArray<ArrayBuffer> {
  const pixels = new Uint8ClampedArray(mask.data.length * 4);
  // Colour channels stay 0 everywhere; only alpha distinguishes painted from kept.
  for (let index = 0; index < mask.data.length; index++) {
    pixels[index * 4 + 3] = mask.data[index] === 1 ? 0 : 255;
  }
  return pixels;
}

/**
 * Decodes a mask image into a bitmask. A pixel is painted when it is fully transparent (the
 * contract: what `getMask` produces) or when it is opaque with every channel above 200
 * (the painted-pixel rule, so white-on-black masks from other tools read the same way).
 * Anything in between, such as half-transparent resampling fringes, is not painted.
 * For the editor's own canvas (white strokes on a transparent background) use
 * `readPaintedCanvas`: there the transparent background means "not painted".
 */
export function decodeMask(pixels: RgbaPixels): Bitmask {
  assertRgba(pixels);
  const mask = createBitmask(pixels.width, pixels.height);
  const { data } = pixels;
  for (let index = 0, offset = 0; index < mask.data.length; index++, offset += 4) {
    mask.data[index] = isMarkedMaskPixel(
      data[offset] as number,
      data[offset + 1] as number,
      data[offset + 2] as number,
      data[offset + 3] as number,
    )
      ? 1
      : 0;
  }
  return mask;
}

/** True when the pixels are exactly the contract's two values: (0,0,0,0) and (0,0,0,255). */
export function isContractMask(pixels: RgbaPixels): boolean {
  if (pixels.data.length !== pixels.width * pixels.height * 4) return false;
  const { data } = pixels;
  for (let offset = 0; offset < data.length; offset += 4) {
    if (data[offset] !== 0 || data[offset + 1] !== 0 || data[offset + 2] !== 0) return false;
    const alpha = data[offset + 3];
    if (alpha !== 0 && alpha !== 255) return false;
  }
  return true;
}

/** Converts the editor's painted canvas straight into contract pixels. */
export function paintedCanvasToContract(pixels: RgbaPixels): Uint8ClampedArray<ArrayBuffer> {
  return encodeMask(readPaintedCanvas(pixels));
}

/** Converts contract pixels back into a painted canvas (white opaque strokes). */
export function contractToPaintedCanvas(pixels: RgbaPixels): Uint8ClampedArray<ArrayBuffer> {
  return renderPaintedCanvas(decodeMask(pixels));
}

/**
 * Resizes a bitmask with nearest-neighbour sampling, so that the result stays binary: used
 * to turn what was painted at display or working size into the natural-size output.
 */
export function scaleBitmask(mask: Bitmask, width: number, height: number): Bitmask {
  assertSize(width, height);
  if (width === mask.width && height === mask.height) return { width, height, data: mask.data.slice() };
  const scaled = createBitmask(width, height);
  // Sampling at pixel centres keeps a region's edge where it was when scaling either way.
  const sourceColumns = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    sourceColumns[x] = Math.min(mask.width - 1, Math.floor(((x + 0.5) * mask.width) / width));
  }
  for (let y = 0; y < height; y++) {
    const sourceRow = Math.min(mask.height - 1, Math.floor(((y + 0.5) * mask.height) / height)) * mask.width;
    const targetRow = y * width;
    for (let x = 0; x < width; x++) {
      scaled.data[targetRow + x] = mask.data[sourceRow + (sourceColumns[x] as number)] as number;
    }
  }
  return scaled;
}

/** Maps a point on the displayed image to the same point on an image of another size. */
export function mapPoint(point: Point, from: Size, to: Size): Point {
  return { x: (point.x * to.width) / from.width, y: (point.y * to.height) / from.height };
}

/** Maps a length (a brush size, say) measured along the width of one size onto another. */
export function mapLength(length: number, from: Size, to: Size): number {
  return (length * to.width) / from.width;
}

/** Natural-size contract pixels for a bitmask painted at any size. */
export function encodeMaskAtSize(mask: Bitmask, natural: Size): Uint8ClampedArray<ArrayBuffer> {
  return encodeMask(scaleBitmask(mask, natural.width, natural.height));
}

export function countPainted(mask: Bitmask): number {
  let count = 0;
  for (let index = 0; index < mask.data.length; index++) count += mask.data[index] as number;
  return count;
}

export function isBitmaskEmpty(mask: Bitmask): boolean {
  return mask.data.indexOf(1) === -1;
}

function assertSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`A mask needs a positive integer size, got ${width}x${height}`);
  }
}

function assertRgba(pixels: RgbaPixels): void {
  assertSize(pixels.width, pixels.height);
  if (pixels.data.length !== pixels.width * pixels.height * 4) {
    throw new RangeError(
      `Expected ${pixels.width * pixels.height * 4} RGBA bytes for ${pixels.width}x${pixels.height}, got ${pixels.data.length}`,
    );
  }
}
