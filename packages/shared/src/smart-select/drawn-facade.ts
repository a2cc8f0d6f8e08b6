import type { RgbaPixels } from '../mask/mask-contract.ts';

/** Drawing helpers for the smart-select tests, which draw their own facades (never photos). */

export type Colour = readonly [number, number, number];

/** Deterministic noise in [-amplitude, amplitude], so tests do not flake. */
export function noise(x: number, y: number, amplitude: number): number {
  const hash = Math.sin(x * 12.9898 + y * 78.233) * 43758.5453;
  return Math.round((hash - Math.floor(hash) - 0.5) * 2 * amplitude);
}

export function makeImage(
  width: number,
  height: number,
  paint: (x: number, y: number) => Colour,
): RgbaPixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = paint(x, y);
      data.set([red, green, blue, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}
