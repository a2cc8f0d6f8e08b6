/**
 * sRGB → OKLab for whole images. Hand-written instead of calling a colour library per pixel:
 * a 1.5 MP image is 1.5 million conversions, and object-per-pixel APIs cost several hundred
 * milliseconds where typed arrays and a lookup table cost about ten.
 */
import type { RgbaPixels } from '../mask/mask-contract.ts';

/** sRGB byte → linear light, once for all 256 values. */
const linearFromByte = new Float32Array(256);
for (let value = 0; value < 256; value++) {
  const channel = value / 255;
  linearFromByte[value] = channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

/**
 * Cube root by table on [0, 1] with linear interpolation: Math.cbrt is most of the cost of a
 * conversion. The error is below 0.001 except for near-black values, which stay near-black.
 */
const cubeRootSteps = 65536;
const cubeRootTable = new Float32Array(cubeRootSteps + 2);
for (let step = 0; step <= cubeRootSteps + 1; step++) cubeRootTable[step] = Math.cbrt(step / cubeRootSteps);

function cubeRoot(value: number): number {
  const position = value * cubeRootSteps;
  const step = position | 0;
  const below = cubeRootTable[step] as number;
  return below + ((cubeRootTable[step + 1] as number) - below) * (position - step);
}

/**
 * OKLab of every pixel, three floats per pixel (L, a, b), with L scaled to 0–100 and a, b by
 * the same factor, so that distances read like ΔE: about 1 is a just-visible difference.
 */
export function convertToOklab(pixels: RgbaPixels): Float32Array {
  const count = pixels.width * pixels.height;
  const lab = new Float32Array(count * 3);
  const { data } = pixels;
  for (let index = 0; index < count; index++) {
    const offset = index * 4;
    const red = linearFromByte[data[offset] as number] as number;
    const green = linearFromByte[data[offset + 1] as number] as number;
    const blue = linearFromByte[data[offset + 2] as number] as number;
    const long = cubeRoot(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue);
    const medium = cubeRoot(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue);
    const short = cubeRoot(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue);
    const target = index * 3;
    lab[target] = 100 * (0.2104542553 * long + 0.793617785 * medium - 0.0040720468 * short);
    lab[target + 1] = 100 * (1.9779984951 * long - 2.428592205 * medium + 0.4505937099 * short);
    lab[target + 2] = 100 * (0.0259040371 * long + 0.7827717662 * medium - 0.808675766 * short);
  }
  return lab;
}
