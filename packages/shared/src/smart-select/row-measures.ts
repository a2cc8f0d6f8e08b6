/*
 * Measures along a row of the photo shared by the per-photo balcony and balustrade detectors
 * (their own module so that balcony-openings.ts and the modules it imports can all use them).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour } from './opening-rectangle.ts';

/** The position from `from` to `to` where `strength` is highest, and that strength. */
export function strongestLine(from: number, to: number, strength: (y: number) => number) {
  let at = from;
  let best = 0;
  for (let y = from; y <= to; y++) {
    const value = strength(y);
    if (value > best) {
      best = value;
      at = y;
    }
  }
  return { at, strength: best };
}

/** The photo's mean colour change across the columns (its mean vertical edge). */
export function meanBars(image: FacadeImage): number {
  const { width, height, verticalEdgeSums } = image;
  let total = 0;
  for (let x = 0; x < width; x++) total += verticalEdgeSums[height * width + x] as number;
  return total / (width * height);
}

/** Mean colour change across the columns from `left` to `right` over rows `top`…`bottom`. */
export function barsOver(
  image: FacadeImage,
  left: number,
  right: number,
  top: number,
  bottom: number,
): number {
  const { width, verticalEdgeSums } = image;
  let sum = 0;
  for (let x = left; x <= right; x++)
    sum +=
      (verticalEdgeSums[(bottom + 1) * width + x] as number) - (verticalEdgeSums[top * width + x] as number);
  return sum / ((right - left + 1) * (bottom - top + 1));
}

/** Mean OKLab colour (× 100) of row `y` from `left` to `right`. */
export function rowColour(
  image: FacadeImage,
  y: number,
  left: number,
  right: number,
): [number, number, number] {
  const [lightness = 0, a = 0, b = 0] = boxColour(image, { left, right, top: y, bottom: y });
  return [lightness, a, b];
}

/** Mean lightness of row `y` from `left` to `right`. */
export function rowLightness(image: FacadeImage, y: number, left: number, right: number): number {
  let sum = 0;
  const row = y * image.width;
  for (let x = left; x <= right; x++) sum += image.lab[(row + x) * 3] as number;
  return sum / (right - left + 1);
}

/**
 * The wall beside `box`: the column spans a superpixel size (`size`) wide, a superpixel size
 * away from each of its sides (a balcony's slab reaches past its railing), left one first, each
 * kept when at least half a superpixel size of it is within the photo.
 */
export function besideStrips(image: FacadeImage, box: Rectangle, size: number): Array<[number, number]> {
  const sides: Array<[number, number]> = [];
  for (const [from, to] of [
    [box.left - 2 * size, box.left - size - 1],
    [box.right + size + 1, box.right + 2 * size],
  ] as const) {
    const left = Math.max(0, from);
    const right = Math.min(image.width - 1, to);
    if (right - left + 1 >= size / 2) sides.push([left, right]);
  }
  return sides;
}
