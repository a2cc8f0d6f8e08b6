/**
 * The paint recolour: one definition, run by the server's offline engine and, for an instant
 * preview, by the browser (docs/product.md, Image engines; Studio and preview). Pure
 * TypeScript on byte arrays, no DOM and no Node API, so a Web Worker can import it.
 *
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
 *
 * Speed (docs/decisions/100-recolour-one-definition.md): the painted colour depends only on
 * s, so it is a table built once per paint and read by a 16-bit lightness code; a colour's
 * lightness (per-byte cone tables, a tabulated cube root) is worked out once and kept in a
 * table over all 24-bit colours; only the bounding box of the region is visited.
 */

import { createPaintKernel, type PaintKernel } from './paint-kernel.ts';

/** Decoded 8-bit sRGB pixels, row-major: 3 (RGB) or 4 (RGBA, e.g. ImageData) bytes a pixel. */
export interface RecolourPixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** One byte per pixel: how strongly the paint applies there, 0 (keep) to 255 (paint fully). */
export interface RecolourWeights {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** An sRGB colour as three bytes, e.g. a swatch's `swatchRgb`. */
export type RgbBytes = readonly [number, number, number];

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

/**
 * Cube root by table on [0, 1] with linear interpolation: Math.cbrt is most of the cost of a
 * lightness. The error is below 1e-5 above 0.01 and stays below 0.003 for near-black
 * responses, far under one 8-bit level of the painted result.
 */
const cubeRootSteps = 1 << 16;
const cubeRootTable = new Float64Array(cubeRootSteps + 2);
for (let step = 0; step <= cubeRootSteps + 1; step++) cubeRootTable[step] = Math.cbrt(step / cubeRootSteps);

function cubeRoot(value: number): number {
  const position = value * cubeRootSteps;
  const step = position | 0;
  const below = cubeRootTable[step] as number;
  return below + ((cubeRootTable[step + 1] as number) - below) * (position - step);
}

/**
 * Which loop paints: 'fastest' is the WebAssembly kernel where it runs, else JavaScript;
 * 'javascript' always the JavaScript loop (the tests hold the two to the same bytes).
 */
export type RecolourExecutor = 'fastest' | 'javascript';

/**
 * A new instance of the WebAssembly paint pass with this module's tables (its own memory and
 * lightness codes), or null where WebAssembly cannot run. The recolour keeps one.
 */
export function createRecolourKernel(): PaintKernel | null {
  return createPaintKernel(
    [
      longFromRed,
      longFromGreen,
      longFromBlue,
      mediumFromRed,
      mediumFromGreen,
      mediumFromBlue,
      shortFromRed,
      shortFromGreen,
      shortFromBlue,
    ],
    cubeRootTable,
  );
}

let kernel: PaintKernel | null | undefined;

function paintKernel(): PaintKernel | null {
  if (kernel === undefined) kernel = createRecolourKernel();
  return kernel;
}

/** OKLab lightness (0–1) of 8-bit sRGB. */
export function oklabLightness(red: number, green: number, blue: number): number {
  const long = cubeRoot(
    (longFromRed[red] as number) + (longFromGreen[green] as number) + (longFromBlue[blue] as number),
  );
  const medium = cubeRoot(
    (mediumFromRed[red] as number) + (mediumFromGreen[green] as number) + (mediumFromBlue[blue] as number),
  );
  const short = cubeRoot(
    (shortFromRed[red] as number) + (shortFromGreen[green] as number) + (shortFromBlue[blue] as number),
  );
  return 0.2104542553 * long + 0.793617785 * medium - 0.0040720468 * short;
}

/** OKLab of 8-bit sRGB (exact cube roots), for the paint table, tests and diagnostics. */
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

/**
 * The recolour's definition: sRGB bytes of the painted colour at each step of relative
 * lightness (1/1024 apart, from 0 to 17), three bytes a step.
 */
export function paintTable(target: RgbBytes): Uint8Array {
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

/** The smallest rectangle holding every pixel of non-zero weight (end exclusive), or null. */
export interface RegionBounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function regionBounds(weights: RecolourWeights): RegionBounds | null {
  const { data, width, height } = weights;
  // Four weights at a time where the bytes allow a 32-bit view: most of a mask is zero.
  // Signed: a word of four full weights stays a small integer to V8 (docs/decisions/122-recolour-paint-kernel.md).
  const words =
    data.byteOffset % 4 === 0 ? new Int32Array(data.buffer, data.byteOffset, data.length >> 2) : null;
  let top = -1;
  let bottom = -1;
  let left = width;
  let right = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const first = firstMarked(data, words, row, row + width);
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y + 1;
    if (first - row < left) left = first - row;
    // Only the part right of what is already known can widen the box.
    const last = lastMarked(data, words, Math.max(first, row + right), row + width);
    if (last >= 0) right = last - row + 1;
  }
  return top < 0 ? null : { left, top, right, bottom };
}

/** The first index in [from, to) of a non-zero weight, or -1. */
function firstMarked(
  data: RecolourWeights['data'],
  words: Int32Array | null,
  from: number,
  to: number,
): number {
  let index = from;
  if (words) {
    for (; index < to && (index & 3) !== 0; index++) if (data[index] !== 0) return index;
    // Counting words rather than bytes: the loop V8 compiles tightest (12 MP mask, half of
    // it marked: about 7 → 2–5 ms for the whole box; docs/decisions/124-recolour-in-a-busy-process.md).
    if ((index & 3) === 0) {
      let word = index >> 2;
      const end = to >> 2;
      while (word < end && words[word] === 0) word++;
      index = word << 2;
    }
  }
  for (; index < to; index++) if (data[index] !== 0) return index;
  return -1;
}

/** The last index in [from, to) of a non-zero weight, or -1. */
function lastMarked(
  data: RecolourWeights['data'],
  words: Int32Array | null,
  from: number,
  to: number,
): number {
  let index = to - 1;
  if (words) {
    for (; index >= from && (index & 3) !== 3; index--) if (data[index] !== 0) return index;
    // The words wholly inside [from, index]: the last is index >> 2, the first starts at or after from.
    if ((index & 3) === 3) {
      let word = index >> 2;
      const first = (from + 3) >> 2;
      while (word >= first && words[word] === 0) word--;
      index = (word << 2) + 3;
    }
  }
  for (; index >= from; index--) if (data[index] !== 0) return index;
  return -1;
}

function assertSameSize(source: RecolourPixels, output: RecolourPixels, weights: RecolourWeights): void {
  if (
    source.width !== weights.width ||
    source.height !== weights.height ||
    output.width !== source.width ||
    output.height !== source.height ||
    output.channels !== source.channels ||
    source.data.length !== source.width * source.height * source.channels ||
    weights.data.length !== weights.width * weights.height
  ) {
    throw new RangeError('Source, output and weights must have the same size and channels');
  }
}

// Lightness as a 16-bit code, 1 + round(L × 65534) (0 means "not known yet"): fine enough
// that the painted colour, a step of 1/1024 in relative lightness, is the same as from the
// exact value but for a rounding boundary here and there (never more than one 8-bit level).
const lightnessScale = 65534;

/**
 * The lightness code of every 24-bit colour, filled in the first time the colour is seen
 * and kept (lightness never depends on anything else). A photo has far fewer distinct
 * colours than pixels, so most pixels are one table read instead of three cube roots
 * (docs/decisions/100-recolour-one-definition.md, figures). 32 MB, allocated on first use.
 * Indexed red | green << 8 | blue << 16, the order of the bytes in memory, which lets the
 * WebAssembly kernel (paint-kernel.wat) read a pixel's key as one word. The kernel keeps its
 * own table in its memory; this one serves the JavaScript loop.
 */
let lightnessByColour: Uint16Array | undefined;

// The paint tables of the last few colours: the preview paints the same swatches over and
// over, and a table costs about 4 ms to build.
const recentPaintTables = new Map<number, Uint8Array>();

function cachedPaintTable(target: RgbBytes): Uint8Array {
  const key = (target[0] << 16) | (target[1] << 8) | target[2];
  let table = recentPaintTables.get(key);
  if (!table) {
    table = paintTable(target);
    if (recentPaintTables.size >= 16)
      recentPaintTables.delete(recentPaintTables.keys().next().value as number);
    recentPaintTables.set(key, table);
  }
  return table;
}

/** Pixels the region's mean lightness is measured on, at most (about; a regular grid). */
const meanSamples = 1 << 20;

/** A colour's lightness as the 16-bit code the recolour works with: 1 + round(L × 65534). */
export function lightnessCodeOf(red: number, green: number, blue: number): number {
  const lightness = oklabLightness(red, green, blue);
  return lightness >= 1
    ? lightnessScale + 1
    : lightness <= 0
      ? 1
      : ((lightness * lightnessScale + 0.5) | 0) + 1;
}

/** Works out a colour's lightness code the first time the colour is seen, and keeps it. */
function lightnessCode(
  red: number,
  green: number,
  blue: number,
  colour: number,
  byColour: Uint16Array,
): number {
  const code = lightnessCodeOf(red, green, blue);
  byColour[colour] = code;
  return code;
}

/**
 * The recolour as a sequence of steps of about `pixelsPerStep` pixels each, so that a caller
 * can let other work run between them (the server yields to its event loop, a worker can
 * report progress) or stop early. Running it to the end is `recolourPixels`.
 */
export function* recolourSteps(
  source: RecolourPixels,
  output: RecolourPixels,
  weights: RecolourWeights,
  target: RgbBytes,
  pixelsPerStep = 1 << 18,
  executor: RecolourExecutor = 'fastest',
): Generator<void, void, void> {
  assertSameSize(source, output, weights);
  const bounds = regionBounds(weights);
  if (!bounds) return;
  const { top, bottom } = bounds;
  const boxWidth = bounds.right - bounds.left;
  const rowsPerStep = Math.max(1, Math.floor(pixelsPerStep / boxWidth));
  yield;

  // Pass 1: the weighted mean lightness over the region, from a regular grid of at most
  // about 2^20 of its pixels (every pixel of a box up to 1 MP; every third pixel of every
  // third row of a 6 MP box): the mean only scales lightness, and on photos the grid's moves
  // the result by one 8-bit level at most (tested; docs/decisions/100-recolour-one-definition.md).
  // A region too thin for the grid to hit is measured fully.
  // Both passes run in the WebAssembly kernel where it runs (it keeps its own lightness
  // codes), else in JavaScript.
  const fast = executor === 'fastest' ? paintKernel() : null;
  const lightnessTable = () => {
    lightnessByColour ??= new Uint16Array(1 << 24);
    return lightnessByColour;
  };
  const stride = Math.max(1, Math.ceil(Math.sqrt((boxWidth * (bottom - top)) / meanSamples)));
  const sums = { weightedSum: 0, weightTotal: 0 };
  for (const spacing of stride === 1 ? [1] : [stride, 1]) {
    const rowsPerMeasure = rowsPerStep * spacing * spacing;
    for (let bandTop = top; bandTop < bottom; bandTop += rowsPerMeasure) {
      const bandBottom = Math.min(bottom, bandTop + rowsPerMeasure);
      if (fast) {
        fast.measureRows(source, weights.data, bounds.left, bounds.right, bandTop, bandBottom, spacing, sums);
      } else {
        measureBand(source, weights, bounds, bandTop, bandBottom, spacing, lightnessTable(), sums);
      }
      yield;
    }
    if (sums.weightTotal > 0) break;
  }

  const colours = paintedByCode(cachedPaintTable(target), sums.weightedSum / sums.weightTotal - 1);

  // Pass 2: paint.
  for (let bandTop = top; bandTop < bottom; bandTop += rowsPerStep) {
    const bandBottom = Math.min(bottom, bandTop + rowsPerStep);
    if (fast) {
      fast.setColours(colours);
      fast.paintRows(source, output, weights.data, bounds.left, bounds.right, bandTop, bandBottom);
    } else {
      paintBand(source, output, weights, bounds, bandTop, bandBottom, lightnessTable(), colours);
    }
    yield;
  }
}

/**
 * The painted colour (red | green << 8 | blue << 16) for every lightness code, given the
 * region's mean in code units: the paint table read at each code's relative lightness, so
 * that the pixel loop is one lookup.
 */
function paintedByCode(painted: Uint8Array, meanCode: number): Uint32Array {
  // A pitch-black region has no lightness to keep: paint it flat.
  const inverseMean = meanCode > 1e-4 * lightnessScale ? 1 / meanCode : 0;
  const colours = new Uint32Array(lightnessScale + 2);
  for (let code = 1; code <= lightnessScale + 1; code++) {
    const relative = inverseMean === 0 ? 1 : (code - 1) * inverseMean;
    const step = (relative >= paintRange ? paintSteps : (relative * paintStepsPerUnit + 0.5) | 0) * 3;
    colours[code] =
      (painted[step] as number) |
      ((painted[step + 1] as number) << 8) |
      ((painted[step + 2] as number) << 16);
  }
  return colours;
}

// The two passes are plain functions rather than loops inside the generator: V8 optimises
// their hot loops fully, which it does less well inside a generator body.

/** Adds up the lightness codes of the weighted pixels of rows [bandTop, bandBottom) on a grid `spacing` apart. */
function measureBand(
  source: RecolourPixels,
  weights: RecolourWeights,
  bounds: RegionBounds,
  bandTop: number,
  bandBottom: number,
  spacing: number,
  byColour: Uint16Array,
  sums: { weightedSum: number; weightTotal: number },
): void {
  const { left, right } = bounds;
  const { channels, width } = source;
  const sourceData = source.data;
  const weightData = weights.data;
  const step = spacing * channels;
  let weightedSum = 0;
  let weightTotal = 0;
  for (let y = bandTop; y < bandBottom; y += spacing) {
    let index = y * width + left;
    let offset = index * channels;
    for (let x = left; x < right; x += spacing, index += spacing, offset += step) {
      const weight = weightData[index] as number;
      if (weight === 0) continue;
      const red = sourceData[offset] as number;
      const green = sourceData[offset + 1] as number;
      const blue = sourceData[offset + 2] as number;
      const colour = red | (green << 8) | (blue << 16);
      let code = byColour[colour] as number;
      if (code === 0) code = lightnessCode(red, green, blue, colour, byColour);
      weightedSum += code * weight;
      weightTotal += weight;
    }
  }
  sums.weightedSum += weightedSum;
  sums.weightTotal += weightTotal;
}

/**
 * Paints the weighted pixels of rows [bandTop, bandBottom). Pixels of weight 0 are never
 * written, so they stay byte for byte what `output` held; alpha is never written either.
 */
function paintBand(
  source: RecolourPixels,
  output: RecolourPixels,
  weights: RecolourWeights,
  bounds: RegionBounds,
  bandTop: number,
  bandBottom: number,
  byColour: Uint16Array,
  colours: Uint32Array,
): void {
  const { left, right } = bounds;
  const { channels, width } = output;
  const sourceData = source.data;
  const outputData = output.data;
  const weightData = weights.data;
  for (let y = bandTop; y < bandBottom; y++) {
    let index = y * width + left;
    let offset = index * channels;
    for (let x = left; x < right; x++, index++, offset += channels) {
      const weight = weightData[index] as number;
      if (weight === 0) continue;
      // Read before this pixel is written, so painting in place (output = source) is safe.
      const red = sourceData[offset] as number;
      const green = sourceData[offset + 1] as number;
      const blue = sourceData[offset + 2] as number;
      const key = red | (green << 8) | (blue << 16);
      let code = byColour[key] as number;
      if (code === 0) code = lightnessCode(red, green, blue, key, byColour);
      const colour = colours[code] as number;
      const paintedRed = colour & 0xff;
      const paintedGreen = (colour >> 8) & 0xff;
      const paintedBlue = colour >> 16;
      if (weight === 255) {
        outputData[offset] = paintedRed;
        outputData[offset + 1] = paintedGreen;
        outputData[offset + 2] = paintedBlue;
      } else {
        const keep = 255 - weight;
        outputData[offset] = Math.round(((outputData[offset] as number) * keep + paintedRed * weight) / 255);
        outputData[offset + 1] = Math.round(
          ((outputData[offset + 1] as number) * keep + paintedGreen * weight) / 255,
        );
        outputData[offset + 2] = Math.round(
          ((outputData[offset + 2] as number) * keep + paintedBlue * weight) / 255,
        );
      }
    }
  }
}

/**
 * Paints the target colour (sRGB bytes) into `output` wherever the weights are above zero,
 * reading lightness from `source` (the untouched original; `output` may be the same object
 * when only one colour is painted). Every pixel of weight 0 and every alpha byte stays as it
 * was. An empty region changes nothing.
 *
 * In a browser: `recolourPixels({ ...imageData, channels: 4 }, preview, weights, swatchRgb(swatch))`.
 */
export function recolourPixels(
  source: RecolourPixels,
  output: RecolourPixels,
  weights: RecolourWeights,
  target: RgbBytes,
  executor: RecolourExecutor = 'fastest',
): void {
  for (const _ of recolourSteps(source, output, weights, target, Number.POSITIVE_INFINITY, executor)) {
    // Every step runs at once.
  }
}

/** The weighted mean OKLab lightness of the pixels under the weights, or null if they are all 0. */
export function meanRegionLightness(source: RecolourPixels, weights: RecolourWeights): number | null {
  let weightedSum = 0;
  let weightTotal = 0;
  const { data, channels } = source;
  for (let index = 0, offset = 0; index < weights.data.length; index++, offset += channels) {
    const weight = weights.data[index] as number;
    if (weight === 0) continue;
    weightedSum +=
      oklabLightness(data[offset] as number, data[offset + 1] as number, data[offset + 2] as number) * weight;
    weightTotal += weight;
  }
  return weightTotal === 0 ? null : weightedSum / weightTotal;
}
