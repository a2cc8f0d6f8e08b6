import { type EditWeights, inSlices, type RasterImage } from '../raster-image.ts';

/*
 * Recolouring in OKLab, keeping each pixel's lightness relative to the region's mean.
 *
 * Shading multiplies linear light: a pixel in shadow is the surface colour times a factor k.
 * OKLab is a linear map of the cube roots of LMS, so scaling linear RGB by k scales L, a and b
 * all by k^(1/3). A pixel whose OKLab lightness is L in a region of mean lightness L̄ is thus
 * lit by s = L / L̄ (in cube-root terms) relative to the average; painting it means giving it
 * the swatch's OKLab colour times s, which in linear RGB is simply the swatch times s³.
 * Hue stays the swatch's exactly, chroma follows lightness as real shading does, and the
 * lightness structure (shadows, texture, reflections) is the original's.
 *
 * Above the mean (s > 1) pure scaling would blow a dark swatch's highlights out into a
 * saturated glare (a burgundy door with a sunlit patch turns neon pink). There lightness
 * follows a soft shoulder towards white instead, with the same slope at s = 1, and chroma
 * fades as lightness nears white, as a real highlight does. Lightness order is still kept.
 */

/** sRGB byte → linear light. */
const linearFromByte = new Float64Array(256);
for (let value = 0; value < 256; value++) {
  const channel = value / 255;
  linearFromByte[value] = channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

// Linear light → sRGB byte through a table fine enough that dark tones do not band.
const encodeSteps = 1 << 16;
const byteFromLinear = new Uint8Array(encodeSteps + 1);
for (let step = 0; step <= encodeSteps; step++) {
  const linear = step / encodeSteps;
  const channel = linear <= 0.0031308 ? linear * 12.92 : 1.055 * linear ** (1 / 2.4) - 0.055;
  byteFromLinear[step] = Math.round(Math.min(1, Math.max(0, channel)) * 255);
}

function encodeLinear(linear: number): number {
  if (linear <= 0) return 0;
  if (linear >= 1) return 255;
  // Adding a half and truncating rounds like Math.round for positive values, and faster.
  return byteFromLinear[(linear * encodeSteps + 0.5) | 0] as number;
}

// Each byte's contribution to the linear L, M and S cone responses, so that the hot loop
// adds three table entries instead of multiplying a matrix.
function coneTable(weight: number): Float64Array {
  return linearFromByte.map((linear) => weight * linear);
}
const longFromRed = coneTable(0.4122214708);
const longFromGreen = coneTable(0.5363325363);
const longFromBlue = coneTable(0.0514459929);
const mediumFromRed = coneTable(0.2119034982);
const mediumFromGreen = coneTable(0.6806995451);
const mediumFromBlue = coneTable(0.1073969566);
const shortFromRed = coneTable(0.0883024619);
const shortFromGreen = coneTable(0.2817188376);
const shortFromBlue = coneTable(0.6299787005);

/** OKLab lightness (0–1) of 8-bit sRGB. */
function oklabLightness(red: number, green: number, blue: number): number {
  const long = Math.cbrt(
    (longFromRed[red] as number) + (longFromGreen[green] as number) + (longFromBlue[blue] as number),
  );
  const medium = Math.cbrt(
    (mediumFromRed[red] as number) + (mediumFromGreen[green] as number) + (mediumFromBlue[blue] as number),
  );
  const short = Math.cbrt(
    (shortFromRed[red] as number) + (shortFromGreen[green] as number) + (shortFromBlue[blue] as number),
  );
  return 0.2104542553 * long + 0.793617785 * medium - 0.0040720468 * short;
}

/** Linear RGB of an OKLab colour. */
function linearFromOklab(lightness: number, a: number, b: number): [number, number, number] {
  const long = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const medium = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const short = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * long - 3.3077115913 * medium + 0.2309699292 * short,
    -1.2684380046 * long + 2.6097574011 * medium - 0.3413193965 * short,
    -0.0041960863 * long - 0.7034186147 * medium + 1.707614701 * short,
  ];
}

/**
 * The painted colour of a pixel brighter than its region's mean (relative > 1): lightness
 * eases towards white along a shoulder whose slope at 1 matches the scaling below 1, and
 * chroma fades in step, so highlights stay highlights instead of saturating.
 */
function highlight(target: { l: number; a: number; b: number }, relative: number): [number, number, number] {
  const room = 1 - target.l;
  if (room <= 1e-6) return linearFromOklab(1, 0, 0);
  const lightness = target.l + room * (1 - Math.exp((-(relative - 1) * target.l) / room));
  const chroma = (1 - lightness) / room;
  return linearFromOklab(lightness, target.a * chroma, target.b * chroma);
}

// The painted colour depends only on the pixel's lightness relative to the region's mean,
// so it is tabulated once per paint: relative lightness 0 to paintRange in steps far finer
// than one 8-bit level, anything lighter taking the last entry. The pixel loop is then a
// table lookup.
const paintRange = 17;
const paintStepsPerUnit = 1024;
const paintSteps = paintRange * paintStepsPerUnit;

/** sRGB bytes of the painted colour at each step of relative lightness. */
function paintTable(target: readonly [number, number, number]): Uint8Array {
  const targetLab = oklabFromBytes(target[0], target[1], target[2]);
  const targetLinear = target.map((byte) => linearFromByte[byte] as number) as [number, number, number];
  const table = new Uint8Array((paintSteps + 1) * 3);
  for (let step = 0; step <= paintSteps; step++) {
    const relative = step / paintStepsPerUnit;
    let red: number;
    let green: number;
    let blue: number;
    if (relative <= 1) {
      // The swatch scaled down in linear light: always inside the gamut.
      const factor = relative * relative * relative;
      [red, green, blue] = [targetLinear[0] * factor, targetLinear[1] * factor, targetLinear[2] * factor];
    } else {
      [red, green, blue] = highlight(targetLab, relative);
      // Out-of-gamut colours are scaled down as a whole, not clipped per channel, to keep the hue.
      const peak = Math.max(red, green, blue);
      if (peak > 1) {
        red /= peak;
        green /= peak;
        blue /= peak;
      }
    }
    table[step * 3] = encodeLinear(red);
    table[step * 3 + 1] = encodeLinear(green);
    table[step * 3 + 2] = encodeLinear(blue);
  }
  return table;
}

/** OKLab of 8-bit sRGB, for tests and diagnostics. */
export function oklabFromBytes(
  red: number,
  green: number,
  blue: number,
): { l: number; a: number; b: number } {
  const r = linearFromByte[red] as number;
  const g = linearFromByte[green] as number;
  const bl = linearFromByte[blue] as number;
  const long = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl);
  const medium = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl);
  const short = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl);
  return {
    l: 0.2104542553 * long + 0.793617785 * medium - 0.0040720468 * short,
    a: 1.9779984951 * long - 2.428592205 * medium + 0.4505937099 * short,
    b: 0.0259040371 * long + 0.7827717662 * medium - 0.808675766 * short,
  };
}

/** The weighted mean OKLab lightness of the source under the weights, or null if they are all 0. */
export async function meanRegionLightness(source: RasterImage, weights: EditWeights): Promise<number | null> {
  return weightedMean(await regionLightness(source, weights), weights);
}

async function weightedMean(
  lightness: Float32Array,
  weights: EditWeights,
  signal?: AbortSignal,
): Promise<number | null> {
  let weightedSum = 0;
  let weightTotal = 0;
  let cursor = 0;
  await inSlices(
    weights.data.length,
    (start, end) => {
      for (let index = start; index < end; index++) {
        const weight = weights.data[index] as number;
        if (weight === 0) continue;
        weightedSum += (lightness[cursor++] as number) * weight;
        weightTotal += weight;
      }
    },
    signal,
  );
  return weightTotal === 0 ? null : weightedSum / weightTotal;
}

/** OKLab lightness of every pixel of non-zero weight, in pixel order: computed once, read twice. */
async function regionLightness(
  source: RasterImage,
  weights: EditWeights,
  signal?: AbortSignal,
): Promise<Float32Array> {
  let count = 0;
  await inSlices(
    weights.data.length,
    (start, end) => {
      for (let index = start; index < end; index++) if (weights.data[index] !== 0) count++;
    },
    signal,
  );
  const lightness = new Float32Array(count);
  const { data, channels } = source;
  let cursor = 0;
  await inSlices(
    weights.data.length,
    (start, end) => {
      for (let index = start, offset = start * channels; index < end; index++, offset += channels) {
        if (weights.data[index] === 0) continue;
        lightness[cursor++] = oklabLightness(
          data[offset] as number,
          data[offset + 1] as number,
          data[offset + 2] as number,
        );
      }
    },
    signal,
  );
  return lightness;
}

/**
 * Paints the target colour (sRGB bytes) into `output` wherever the weights are above zero,
 * reading lightness from `source` (the untouched original). Pixels of weight 0 are not
 * written at all, so they stay byte for byte what `output` held. Alpha is never changed.
 * The work is done in slices so that a 12 MP image does not hold up the server's other
 * requests for seconds.
 */
export async function recolourRegion(
  source: RasterImage,
  output: RasterImage,
  weights: EditWeights,
  target: readonly [number, number, number],
  signal?: AbortSignal,
): Promise<void> {
  if (
    source.width !== weights.width ||
    source.height !== weights.height ||
    output.width !== source.width ||
    output.height !== source.height ||
    output.channels !== source.channels
  ) {
    throw new RangeError('Source, output and weights must have the same size and channels');
  }
  const lightness = await regionLightness(source, weights, signal);
  const meanLightness = await weightedMean(lightness, weights, signal);
  if (meanLightness === null) return;
  const painted = paintTable(target);
  // A pitch-black region has no lightness to keep: paint it flat.
  const inverseMean = meanLightness > 1e-4 ? 1 / meanLightness : 0;
  const { channels } = source;
  const outputData = output.data;
  let cursor = 0;
  await inSlices(
    weights.data.length,
    (start, end) => {
      for (let index = start, offset = start * channels; index < end; index++, offset += channels) {
        const weight = weights.data[index] as number;
        if (weight === 0) continue;
        const pixelLightness = lightness[cursor++] as number;
        const relative = inverseMean === 0 ? 1 : pixelLightness * inverseMean;
        const step = (relative >= paintRange ? paintSteps : (relative * paintStepsPerUnit + 0.5) | 0) * 3;
        const paintedRed = painted[step] as number;
        const paintedGreen = painted[step + 1] as number;
        const paintedBlue = painted[step + 2] as number;
        if (weight === 255) {
          outputData[offset] = paintedRed;
          outputData[offset + 1] = paintedGreen;
          outputData[offset + 2] = paintedBlue;
        } else {
          const keep = 255 - weight;
          outputData[offset] = Math.round(
            ((outputData[offset] as number) * keep + paintedRed * weight) / 255,
          );
          outputData[offset + 1] = Math.round(
            ((outputData[offset + 1] as number) * keep + paintedGreen * weight) / 255,
          );
          outputData[offset + 2] = Math.round(
            ((outputData[offset + 2] as number) * keep + paintedBlue * weight) / 255,
          );
        }
      }
    },
    signal,
  );
}
