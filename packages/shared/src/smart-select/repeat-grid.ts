/**
 * "Select all similar" by the facade's rows and columns: windows repeat along floors and
 * down columns, so the example is matched only along its own floor (a horizontal band) and
 * its own column (a vertical band), each column and floor found there is searched again, and
 * every crossing of a found floor with a found column is a candidate checked against the
 * example. Searching bands instead of the whole photo is faster and keeps matches off
 * places that are in no row or column of windows (a shop front, the sky).
 * Route and measurements: docs/decisions/056-select-all-similar-grid.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapArea } from './rectangles.ts';
import {
  defaultOpeningLineTuning,
  linesFromOpenings,
  type OpeningLineTuning,
} from './repeat-lines-from-openings.ts';
import { defaultRepeatSizeTuning, fitRepeatSizes, type RepeatSizeTuning } from './repeat-sizes.ts';

export interface RepeatGridTuning {
  /** The template (example plus margin) is matched on a copy scaled so its shorter side is about this long. */
  templateShortSide: number;
  /** Template pixels at most, after scaling. */
  maximumTemplateArea: number;
  /** Pixels of the scaled copy at most. */
  maximumSearchPixels: number;
  /** Wall around the example in the template, as a share of its size on each side. */
  margin: number;
  /** A peak along a band must correlate at least this well with the example… */
  bandCorrelation: number;
  /** …and a crossing of a found floor and column at least this well. */
  cellCorrelation: number;
  /** How far (share of the example's height or width) a band's matches may sit off its line. */
  bandSlack: number;
  /** Steps of a band's period are kept when they correlate at least this well. */
  latticeCorrelation: number;
  /** Each repeat's sides move onto lines like the example's within this share of its size. */
  snapReach: number;
  /** The longest period searched, in example sizes. */
  longestPeriod: number;
  /** Columns (floors) found along the example's floor (column) that are searched in turn, the strongest first. */
  maximumBands: number;
  /** Whether the example mirrored left to right counts too (the other window of a pair). */
  mirror: boolean;
  /** Each floor's and column's repeats at their own size (docs/decisions/059). */
  sizes: RepeatSizeTuning;
  /** Further floors and columns from the detector's openings (docs/decisions/187). */
  openingLines: OpeningLineTuning;
}

export const defaultRepeatGridTuning: RepeatGridTuning = {
  templateShortSide: 10,
  maximumTemplateArea: 400,
  maximumSearchPixels: 30000,
  margin: 0.25,
  bandCorrelation: 0.65,
  latticeCorrelation: 0.3,
  cellCorrelation: 0.2,
  bandSlack: 0.15,
  longestPeriod: 5,
  mirror: true,
  maximumBands: 6,
  snapReach: 0.05, // 0.1 before docs/decisions/130
  sizes: defaultRepeatSizeTuning,
  openingLines: defaultOpeningLineTuning,
};

/** Pixels compared in placing all the repeats together, at most (`placeExactly`). */
const placingSamples = 60_000;

interface Scaled {
  factor: number;
  width: number;
  height: number;
  values: Float32Array;
  /** Running sums of the values and their squares: (width + 1) × (height + 1). */
  sums: Float64Array;
  squares: Float64Array;
}

/** Scaled copies of a photo's channels, per factor: a second "select all similar" reuses them. */
const scaledCache = new WeakMap<FacadeImage, Map<number, Channels>>();

/**
 * The photo scaled down by `factor` (each cell the mean of factor × factor pixels) in three
 * channels: lightness, and the lightness gradient across columns and across rows. A frame or
 * glazing bar a pixel or two wide is lost in the mean lightness but not in the mean gradient,
 * and repeats of a window share their frames more than their panes (a blind up or down, a
 * reflection): matching lightness alone found 202 of the 403 CMP windows with 147 false
 * finds, the three channels 195 with 26.
 */
function scaledChannels(image: FacadeImage, factor: number): Channels {
  let perFactor = scaledCache.get(image);
  if (!perFactor) {
    perFactor = new Map();
    scaledCache.set(image, perFactor);
  }
  const cached = perFactor.get(factor);
  if (cached) return cached;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const lightness = new Float32Array(width * height);
  const across = new Float32Array(width * height);
  const along = new Float32Array(width * height);
  const { lab } = image;
  const rowStride = image.width * 3;
  const lastX = image.width - 1;
  for (let y = 0; y < height * factor; y++) {
    const rowOffset = Math.floor(y / factor) * width;
    const from = y * rowStride;
    const above = y > 0 ? from - rowStride : from;
    const below = y < image.height - 1 ? from + rowStride : from;
    for (let x = 0, cell = 0; cell < width; cell++) {
      let sumL = 0;
      let sumAcross = 0;
      let sumAlong = 0;
      for (let step = 0; step < factor; step++, x++) {
        const at = x * 3;
        sumL += lab[from + at] as number;
        sumAcross += Math.abs(
          (lab[from + (x < lastX ? at + 3 : at)] as number) - (lab[from + (x > 0 ? at - 3 : at)] as number),
        );
        sumAlong += Math.abs((lab[below + at] as number) - (lab[above + at] as number));
      }
      lightness[rowOffset + cell] = (lightness[rowOffset + cell] as number) + sumL;
      across[rowOffset + cell] = (across[rowOffset + cell] as number) + sumAcross;
      along[rowOffset + cell] = (along[rowOffset + cell] as number) + sumAlong;
    }
  }
  const channels = [lightness, across, along].map((values) => withRunningSums(values, width, height, factor));
  perFactor.set(factor, channels);
  return channels;
}

/** Divides the cell sums into means and adds the running sums of the values and their squares. */
function withRunningSums(values: Float32Array, width: number, height: number, factor: number): Scaled {
  const area = factor * factor;
  for (let index = 0; index < values.length; index++) values[index] = (values[index] as number) / area;
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const value = values[y * width + x] as number;
      row += value;
      rowSquares += value * value;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
      squares[(y + 1) * stride + x + 1] = (squares[y * stride + x + 1] as number) + rowSquares;
    }
  }
  return { factor, width, height, values, sums, squares };
}

/** The patch of the scaled copy at `place` (top-left), minus its mean; null when it is flat. */
function channelTemplate(
  scaled: Scaled,
  place: { x: number; y: number },
  width: number,
  height: number,
): Template | null {
  const values = new Float32Array(width * height);
  let mean = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = scaled.values[(place.y + y) * scaled.width + place.x + x] as number;
      values[y * width + x] = value;
      mean += value;
    }
  }
  mean /= values.length;
  let norm = 0;
  for (let index = 0; index < values.length; index++) {
    const centred = (values[index] as number) - mean;
    values[index] = centred;
    norm += centred * centred;
  }
  norm = Math.sqrt(norm);
  return norm === 0 ? null : { width, height, values, norm };
}

type Channels = Scaled[];
/** A template per channel, and the same mirrored left to right (a window's pair on a symmetric facade). */
interface Pattern {
  direct: Template[];
  mirrored: Template[] | null;
  /**
   * Its correlation at each top-left of the scaled copy once read (NaN before): the bands'
   * slack and the crossings' search read many places twice or more.
   */
  scores: Float64Array;
}

function templateOf(
  channels: Channels,
  place: { x: number; y: number },
  width: number,
  height: number,
  mirror: boolean,
  keepScores = true,
): Pattern | null {
  const direct: Template[] = [];
  for (const channel of channels) {
    const template = channelTemplate(channel, place, width, height);
    if (!template) return null;
    direct.push(template);
  }
  const mirrored = mirror
    ? direct.map((template) => {
        const values = new Float32Array(template.values.length);
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++)
            values[y * width + x] = template.values[y * width + width - 1 - x] as number;
        }
        return { ...template, values };
      })
    : null;
  const first = channels[0] as Scaled;
  const places = keepScores ? first.width * first.height : 0;
  return { direct, mirrored, scores: new Float64Array(places).fill(Number.NaN) };
}

/**
 * The mean over the channels of their normalised cross-correlations at (x, y), top-left; the
 * better of the direct and the mirrored template (read in the same pass).
 */
function correlationAt(channels: Channels, pattern: Pattern, x: number, y: number): number {
  const first = channels[0] as Scaled;
  const size = pattern.direct[0] as Template;
  if (x < 0 || y < 0 || x + size.width > first.width || y + size.height > first.height) return -1;
  const known = pattern.scores[y * first.width + x] as number;
  if (!Number.isNaN(known)) return known;
  const score = correlationOfPlace(channels, pattern, x, y);
  pattern.scores[y * first.width + x] = score;
  return score;
}

/** `correlationAt` for a place inside the scaled copy, read from the channels. */
function correlationOfPlace(channels: Channels, pattern: Pattern, x: number, y: number): number {
  let direct = 0;
  let mirrored = 0;
  for (let index = 0; index < channels.length; index++) {
    const scaled = channels[index] as Scaled;
    const template = pattern.direct[index] as Template;
    const flipped = pattern.mirrored?.[index];
    const stride = scaled.width + 1;
    // Four corners of the running sums, read inline: a closure made here on every call cost
    // a fifth of the time of "select all similar" for a piece of wall with a thousand repeats.
    const topLeft = y * stride + x;
    const topRight = topLeft + template.width;
    const bottomLeft = (y + template.height) * stride + x;
    const bottomRight = bottomLeft + template.width;
    const { sums, squares } = scaled;
    const sum =
      (sums[bottomRight] as number) -
      (sums[topRight] as number) -
      (sums[bottomLeft] as number) +
      (sums[topLeft] as number);
    const squareSum =
      (squares[bottomRight] as number) -
      (squares[topRight] as number) -
      (squares[bottomLeft] as number) +
      (squares[topLeft] as number);
    const variance = squareSum - (sum * sum) / template.values.length;
    // A flat patch correlates with nothing.
    if (variance <= 1e-6) return -1;
    let product = 0;
    let flippedProduct = 0;
    const values = template.values;
    const flippedValues = flipped?.values ?? values;
    for (let row = 0; row < template.height; row++) {
      const source = (y + row) * scaled.width + x;
      const from = row * template.width;
      for (let column = 0; column < template.width; column++) {
        const value = scaled.values[source + column] as number;
        product += value * (values[from + column] as number);
        flippedProduct += value * (flippedValues[from + column] as number);
      }
    }
    const scale = Math.sqrt(variance) * template.norm;
    direct += product / scale;
    mirrored += flippedProduct / scale;
  }
  return Math.max(direct, pattern.mirrored ? mirrored : direct) / channels.length;
}

interface Template {
  width: number;
  height: number;
  /** Values minus their mean. */
  values: Float32Array;
  norm: number;
}

interface Peak {
  at: number;
  score: number;
}

/** At each position along a band, the best correlation within `slack` across it. */
function bandProfile(
  channels: Channels,
  pattern: Pattern,
  horizontal: boolean,
  line: number,
  slack: number,
): Float32Array {
  const first = channels[0] as Scaled;
  const size = pattern.direct[0] as Template;
  const length = Math.max(0, horizontal ? first.width - size.width + 1 : first.height - size.height + 1);
  const best = new Float32Array(length).fill(-1);
  const scores = new Float64Array(length);
  const lastAcross = horizontal ? first.height - size.height : first.width - size.width;
  for (let offset = -slack; offset <= slack; offset++) {
    const across = line + offset;
    // A line off the copy correlates -1 everywhere: nothing to keep.
    if (across < 0 || across > lastAcross) continue;
    correlationsAlongBand(channels, pattern, horizontal, across, scores);
    for (let at = 0; at < length; at++) {
      const score = scores[at] as number;
      if (score > (best[at] as number)) best[at] = score;
    }
  }
  return best;
}

/**
 * `correlationAt` at every place along one line of the scaled copy (a row when `horizontal`,
 * else a column), into `scores` (one per place along it): the places not yet known are read
 * four at a time (`correlationsOfFour`), the same numbers as one by one
 * (docs/decisions/363-select-all-similar-same-answers-sooner.md).
 */
function correlationsAlongBand(
  channels: Channels,
  pattern: Pattern,
  horizontal: boolean,
  across: number,
  scores: Float64Array,
): void {
  const first = channels[0] as Scaled;
  const known = pattern.scores;
  const cached = known.length > 0;
  const length = scores.length;
  // Index of the cache at place `at` along the line, and its step.
  const start = horizontal ? across * first.width : across;
  const step = horizontal ? 1 : first.width;
  let at = 0;
  for (; at + 4 <= length; at += 4) {
    const index = start + at * step;
    if (
      cached &&
      !Number.isNaN(known[index] as number) &&
      !Number.isNaN(known[index + step] as number) &&
      !Number.isNaN(known[index + 2 * step] as number) &&
      !Number.isNaN(known[index + 3 * step] as number)
    ) {
      for (let place = 0; place < 4; place++) scores[at + place] = known[index + place * step] as number;
      continue;
    }
    if (horizontal) correlationsOfFour(channels, pattern, at, across, true, scores, at);
    else correlationsOfFour(channels, pattern, across, at, false, scores, at);
    if (cached)
      for (let place = 0; place < 4; place++) known[index + place * step] = scores[at + place] as number;
  }
  for (; at < length; at++) {
    scores[at] = horizontal
      ? correlationAt(channels, pattern, at, across)
      : correlationAt(channels, pattern, across, at);
  }
}

/**
 * `correlationOfPlace` at `out.length` places from (x, y) along a row (`horizontal`) or down a
 * column, all inside the scaled copy; not kept.
 */
function correlationsInLine(
  channels: Channels,
  pattern: Pattern,
  x: number,
  y: number,
  horizontal: boolean,
  out: Float64Array,
): void {
  let at = 0;
  for (; at + 4 <= out.length; at += 4) {
    if (horizontal) correlationsOfFour(channels, pattern, x + at, y, true, out, at);
    else correlationsOfFour(channels, pattern, x, y + at, false, out, at);
  }
  for (; at < out.length; at++) {
    out[at] = horizontal
      ? correlationOfPlace(channels, pattern, x + at, y)
      : correlationOfPlace(channels, pattern, x, y + at);
  }
}

/** Per place of `correlationsOfFour`, the sums over the channels so far and whether one is flat. */
const fourDirect = new Float64Array(4);
const fourMirrored = new Float64Array(4);
const fourFlat = new Uint8Array(4);
const fourScales = new Float64Array(4);
/** Per place of `productsOfFour`, the products with the template and with its mirror. */
const fourProducts = new Float64Array(8);

/**
 * `correlationOfPlace` at four neighbouring places of the scaled copy, from (x, y) along the
 * row (`horizontal`) or down the column, all inside it; into `out` from `outAt`. Every place's
 * sums are added in the same order as `correlationOfPlace` adds them, so each is the same
 * number to the last bit; reading the four together shares the template's reads and keeps
 * eight sums going at once, where one place's two sums each waited for the addition before.
 */
function correlationsOfFour(
  channels: Channels,
  pattern: Pattern,
  x: number,
  y: number,
  horizontal: boolean,
  out: Float64Array,
  outAt: number,
): void {
  fourDirect.fill(0);
  fourMirrored.fill(0);
  fourFlat.fill(0);
  for (let index = 0; index < channels.length; index++) {
    const scaled = channels[index] as Scaled;
    const template = pattern.direct[index] as Template;
    const flipped = pattern.mirrored?.[index];
    const stride = scaled.width + 1;
    const { sums, squares } = scaled;
    for (let place = 0; place < 4; place++) {
      const topLeft = horizontal ? y * stride + x + place : (y + place) * stride + x;
      const topRight = topLeft + template.width;
      const bottomLeft = topLeft + template.height * stride;
      const bottomRight = bottomLeft + template.width;
      const sum =
        (sums[bottomRight] as number) -
        (sums[topRight] as number) -
        (sums[bottomLeft] as number) +
        (sums[topLeft] as number);
      const squareSum =
        (squares[bottomRight] as number) -
        (squares[topRight] as number) -
        (squares[bottomLeft] as number) +
        (squares[topLeft] as number);
      const variance = squareSum - (sum * sum) / template.values.length;
      // A flat patch correlates with nothing.
      if (variance <= 1e-6) fourFlat[place] = 1;
      fourScales[place] = Math.sqrt(variance) * template.norm;
    }
    if (horizontal) productsOfFourAlong(scaled, template, flipped?.values ?? template.values, x, y);
    else productsOfFourDown(scaled, template, flipped?.values ?? template.values, x, y);
    for (let place = 0; place < 4; place++) {
      const scale = fourScales[place] as number;
      fourDirect[place] = (fourDirect[place] as number) + (fourProducts[place] as number) / scale;
      fourMirrored[place] = (fourMirrored[place] as number) + (fourProducts[place + 4] as number) / scale;
    }
  }
  for (let place = 0; place < 4; place++) {
    const direct = fourDirect[place] as number;
    out[outAt + place] = fourFlat[place]
      ? -1
      : Math.max(direct, pattern.mirrored ? (fourMirrored[place] as number) : direct) / channels.length;
  }
}

/**
 * The products of four places along a row (x … x + 3) with the template and its mirror, into
 * `fourProducts` (direct 0–3, mirrored 4–7). Each row's values slide by one place: one read
 * of the copy per template value.
 */
function productsOfFourAlong(
  scaled: Scaled,
  template: Template,
  flippedValues: Float32Array,
  x: number,
  y: number,
): void {
  const { values } = template;
  const source = scaled.values;
  const width = template.width;
  let p0 = 0;
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let q0 = 0;
  let q1 = 0;
  let q2 = 0;
  let q3 = 0;
  for (let row = 0; row < template.height; row++) {
    const from = row * width;
    const at = (y + row) * scaled.width + x;
    let v1 = source[at] as number;
    let v2 = source[at + 1] as number;
    let v3 = source[at + 2] as number;
    for (let column = 0; column < width; column++) {
      const v0 = v1;
      v1 = v2;
      v2 = v3;
      v3 = source[at + column + 3] as number;
      const direct = values[from + column] as number;
      const mirrored = flippedValues[from + column] as number;
      p0 += v0 * direct;
      q0 += v0 * mirrored;
      p1 += v1 * direct;
      q1 += v1 * mirrored;
      p2 += v2 * direct;
      q2 += v2 * mirrored;
      p3 += v3 * direct;
      q3 += v3 * mirrored;
    }
  }
  fourProducts[0] = p0;
  fourProducts[1] = p1;
  fourProducts[2] = p2;
  fourProducts[3] = p3;
  fourProducts[4] = q0;
  fourProducts[5] = q1;
  fourProducts[6] = q2;
  fourProducts[7] = q3;
}

/** `productsOfFourAlong` for four places down a column (y … y + 3). */
function productsOfFourDown(
  scaled: Scaled,
  template: Template,
  flippedValues: Float32Array,
  x: number,
  y: number,
): void {
  const { values } = template;
  const source = scaled.values;
  const width = template.width;
  const line = scaled.width;
  let p0 = 0;
  let p1 = 0;
  let p2 = 0;
  let p3 = 0;
  let q0 = 0;
  let q1 = 0;
  let q2 = 0;
  let q3 = 0;
  for (let row = 0; row < template.height; row++) {
    const from = row * width;
    const at = (y + row) * line + x;
    for (let column = 0; column < width; column++) {
      const direct = values[from + column] as number;
      const mirrored = flippedValues[from + column] as number;
      const v0 = source[at + column] as number;
      const v1 = source[at + line + column] as number;
      const v2 = source[at + 2 * line + column] as number;
      const v3 = source[at + 3 * line + column] as number;
      p0 += v0 * direct;
      q0 += v0 * mirrored;
      p1 += v1 * direct;
      q1 += v1 * mirrored;
      p2 += v2 * direct;
      q2 += v2 * mirrored;
      p3 += v3 * direct;
      q3 += v3 * mirrored;
    }
  }
  fourProducts[0] = p0;
  fourProducts[1] = p1;
  fourProducts[2] = p2;
  fourProducts[3] = p3;
  fourProducts[4] = q0;
  fourProducts[5] = q1;
  fourProducts[6] = q2;
  fourProducts[7] = q3;
}

/**
 * The period of a band's profile: the lag, at least `shortest`, at which the profile is most
 * like itself shifted (autocorrelation); 0 when nothing repeats.
 */
function periodOf(profile: Float32Array, shortest: number, longest: number): number {
  let mean = 0;
  for (const value of profile) mean += Math.max(0, value);
  mean /= Math.max(1, profile.length);
  let bestLag = 0;
  let bestScore = 0;
  for (let lag = shortest; lag <= Math.min(longest, profile.length - 1); lag++) {
    let product = 0;
    let count = 0;
    for (let at = 0; at + lag < profile.length; at++) {
      product +=
        (Math.max(0, profile[at] as number) - mean) * (Math.max(0, profile[at + lag] as number) - mean);
      count++;
    }
    const score = product / count;
    if (score > bestScore) {
      bestScore = score;
      bestLag = lag;
    }
  }
  return bestLag;
}

/**
 * The matches along a band: from `anchor` (a known window), steps of the band's period each
 * way, each placed at the best correlation within a quarter period of where it was expected
 * and kept when at least `low`; then any other local maximum at least `high` (the second
 * window of a pair) at least `spacing` from those.
 */
function bandPeaks(
  profile: Float32Array,
  anchor: number,
  spacing: number,
  longest: number,
  low: number,
  high: number,
): Peak[] {
  const length = profile.length;
  const kept: Peak[] = [];
  const period = periodOf(profile, spacing, longest);
  if (period > 0) {
    // Less than a period, so every step moves on (a reach of a whole period could stall).
    const reach = Math.min(period - 1, Math.max(1, Math.round(0.25 * period)));
    for (const direction of [-1, 1]) {
      let previous = anchor;
      for (let expected = anchor + direction * period; expected >= 0 && expected < length; ) {
        let best = -1;
        let bestAt = expected;
        for (let at = Math.max(0, expected - reach); at <= Math.min(length - 1, expected + reach); at++) {
          const score = profile[at] as number;
          if (score > best) {
            best = score;
            bestAt = at;
          }
        }
        if (best >= low) {
          kept.push({ at: bestAt, score: best });
          previous = bestAt;
        } else previous = expected;
        expected = previous + direction * period;
      }
    }
  }
  const candidates: Peak[] = [];
  for (let at = 0; at < length; at++) {
    const score = profile[at] as number;
    if (score < high) continue;
    if (at > 0 && (profile[at - 1] as number) > score) continue;
    if (at < length - 1 && (profile[at + 1] as number) >= score) continue;
    candidates.push({ at, score });
  }
  candidates.sort((a, b) => b.score - a.score);
  for (const candidate of candidates) {
    if (
      Math.abs(candidate.at - anchor) >= spacing &&
      kept.every((other) => Math.abs(other.at - candidate.at) >= spacing)
    ) {
      kept.push(candidate);
    }
  }
  return kept;
}

/** Positions closer than `spacing` are one line (a floor or a column): their best-scoring one. */
function mergeLines(positions: Array<{ at: number; score: number }>, spacing: number): number[] {
  const sorted = [...positions].sort((a, b) => b.score - a.score);
  const kept: Array<{ at: number; score: number }> = [];
  for (const position of sorted) {
    if (kept.every((other) => Math.abs(other.at - position.at) >= spacing)) kept.push(position);
  }
  return kept.map((position) => position.at).sort((a, b) => a - b);
}

/** The rectangle with `margin` (share of its size) of wall on each side, within the photo. */
function withMargin(image: FacadeImage, rectangle: Rectangle, margin: number): Rectangle {
  const marginX = Math.round(margin * (rectangle.right - rectangle.left + 1));
  const marginY = Math.round(margin * (rectangle.bottom - rectangle.top + 1));
  return {
    left: Math.max(0, rectangle.left - marginX),
    top: Math.max(0, rectangle.top - marginY),
    right: Math.min(image.width - 1, rectangle.right + marginX),
    bottom: Math.min(image.height - 1, rectangle.bottom + marginY),
  };
}

/** How much the photo is scaled down to match `example` (its template about `templateShortSide` across). */
function matchingFactor(image: FacadeImage, example: Rectangle, tuning: RepeatGridTuning): number {
  const outer = withMargin(image, example, tuning.margin);
  const outerWidth = outer.right - outer.left + 1;
  const outerHeight = outer.bottom - outer.top + 1;
  return Math.max(
    1,
    Math.floor(Math.min(outerWidth, outerHeight) / tuning.templateShortSide),
    Math.ceil(Math.sqrt((outerWidth * outerHeight) / tuning.maximumTemplateArea)),
    // A small example on a large photo would be matched at every one of a million places.
    Math.ceil(Math.sqrt((image.width * image.height) / tuning.maximumSearchPixels)),
  );
}

/** A window's template (it and its margin of wall) on the photo's copy scaled down by `factor`. */
interface PlacedTemplate {
  /** The window and its margin, in photo pixels. */
  outer: Rectangle;
  channels: Channels;
  pattern: Pattern;
  /** Its top-left on the scaled copy. */
  left: number;
  top: number;
}

/** The template of `window` at `factor`; null when it leaves the scaled copy or is flat. */
function placedTemplate(
  image: FacadeImage,
  window: Rectangle,
  factor: number,
  tuning: RepeatGridTuning,
  keepScores = true,
): PlacedTemplate | null {
  const outer = withMargin(image, window, tuning.margin);
  const channels = scaledChannels(image, factor);
  const scaled = channels[0] as Scaled;
  const width = Math.max(2, Math.round((outer.right - outer.left + 1) / factor));
  const height = Math.max(2, Math.round((outer.bottom - outer.top + 1) / factor));
  const left = Math.min(scaled.width - width, Math.round(outer.left / factor));
  const top = Math.min(scaled.height - height, Math.round(outer.top / factor));
  if (left < 0 || top < 0) return null;
  const pattern = templateOf(channels, { x: left, y: top }, width, height, tuning.mirror, keepScores);
  return pattern ? { outer, channels, pattern, left, top } : null;
}

/**
 * The repeats of `example` on the facade, the example first: matches along its floor and
 * column, along the floors and columns found there, and the crossings of all found floors and
 * columns that correlate with it well enough; found at the example's size, then each floor
 * and column of them at its own where their frames agree (`fitRepeatSizes`, decision 059).
 */
export function findRepeats(
  image: FacadeImage,
  example: Rectangle,
  tuning: RepeatGridTuning = defaultRepeatGridTuning,
): Rectangle[] {
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  const factor = matchingFactor(image, example, tuning);
  const exampleTemplate = placedTemplate(image, example, factor, tuning);
  if (!exampleTemplate) return [example];
  const { outer, channels, pattern: template, left: templateLeft, top: templateTop } = exampleTemplate;
  const scaled = channels[0] as Scaled;
  const { width: templateWidth, height: templateHeight } = template.direct[0] as Template;
  // Repeats do not overlap: matches along a band are at least most of a window apart.
  const spacingX = Math.max(1, Math.round((0.8 * exampleWidth) / factor));
  const spacingY = Math.max(1, Math.round((0.8 * exampleHeight) / factor));
  const slackX = Math.max(1, Math.round((tuning.bandSlack * exampleWidth) / factor));
  const slackY = Math.max(1, Math.round((tuning.bandSlack * exampleHeight) / factor));
  const longestX = Math.round((tuning.longestPeriod * exampleWidth) / factor);
  const longestY = Math.round((tuning.longestPeriod * exampleHeight) / factor);
  const searchGrid = (pattern: Pattern) => {
    const columns: Array<{ at: number; score: number }> = [{ at: templateLeft, score: 2 }];
    const floors: Array<{ at: number; score: number }> = [{ at: templateTop, score: 2 }];
    const along = (line: number, anchor: number) =>
      bandPeaks(
        bandProfile(channels, pattern, true, line, slackY),
        anchor,
        spacingX,
        longestX,
        tuning.latticeCorrelation,
        tuning.bandCorrelation,
      );
    const down = (line: number, anchor: number) =>
      bandPeaks(
        bandProfile(channels, pattern, false, line, slackX),
        anchor,
        spacingY,
        longestY,
        tuning.latticeCorrelation,
        tuning.bandCorrelation,
      );
    const alongFloor = along(templateTop, templateLeft);
    const downColumn = down(templateLeft, templateTop);
    for (const peak of alongFloor) columns.push(peak);
    for (const peak of downColumn) floors.push(peak);
    // Each column found along the example's floor is searched down, each floor up the column
    // along: a facade's floors differ (a shop front, an attic) and so do its bays. From the
    // strongest matches only, so a wide facade or a long thin example stays quick.
    const strongest = (peaks: Peak[]) =>
      [...peaks].sort((a, b) => b.score - a.score).slice(0, tuning.maximumBands);
    for (const peak of strongest(alongFloor))
      for (const found of down(peak.at, templateTop)) floors.push(found);
    for (const peak of strongest(downColumn))
      for (const found of along(peak.at, templateLeft)) columns.push(found);
    // Lines the detector's openings propose, weaker than any found (decision 187).
    const proposed = linesFromOpenings(
      image.openings,
      {
        example,
        offsetX: example.left - outer.left,
        offsetY: example.top - outer.top,
        factor,
        lastX: scaled.width - templateWidth,
        lastY: scaled.height - templateHeight,
        spacingX,
        spacingY,
      },
      floors.map((floor) => floor.at),
      tuning.openingLines,
    );
    for (const at of proposed.columns) columns.push({ at, score: 0 });
    for (const at of proposed.floors) floors.push({ at, score: 0 });
    const columnLines = mergeLines(columns, spacingX);
    const floorLines = mergeLines(floors, spacingY);
    // Every crossing, placed where it correlates best near it.
    const cells: Array<{ x: number; y: number; score: number }> = [];
    for (const floor of floorLines) {
      for (const column of columnLines) {
        let best = { x: column, y: floor, score: -1 };
        for (let dy = -slackY; dy <= slackY; dy++) {
          for (let dx = -slackX; dx <= slackX; dx++) {
            const score = correlationAt(channels, pattern, column + dx, floor + dy);
            if (score > best.score) best = { x: column + dx, y: floor + dy, score };
          }
        }
        if (best.score >= tuning.cellCorrelation) cells.push(best);
      }
    }
    return cells;
  };
  const cells = searchGrid(template);
  cells.sort((a, b) => b.score - a.score);
  const found: Rectangle[] = [example];
  // Every repeat has the example's size, so only those in the neighbouring example-sized
  // buckets can overlap a candidate: a piece of wall as the example has a thousand repeats,
  // and comparing each with all the others took most of its time.
  const buckets = new Map<string, Rectangle[]>();
  const bucketOf = (rectangle: Rectangle) => [
    Math.floor(rectangle.left / exampleWidth),
    Math.floor(rectangle.top / exampleHeight),
  ];
  const addToBucket = (rectangle: Rectangle) => {
    const [column, row] = bucketOf(rectangle);
    const key = `${column},${row}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(rectangle);
    else buckets.set(key, [rectangle]);
  };
  const overlapsFound = (candidate: Rectangle) => {
    const [column, row] = bucketOf(candidate) as [number, number];
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const bucket = buckets.get(`${column + dx},${row + dy}`);
        if (bucket?.some((other) => overlapArea(other, candidate) > 0.2 * exampleWidth * exampleHeight))
          return true;
      }
    }
    return false;
  };
  addToBucket(example);
  for (const cell of cells) {
    const left = clamp(cell.x * factor + (example.left - outer.left), image.width - exampleWidth);
    const top = clamp(cell.y * factor + (example.top - outer.top), image.height - exampleHeight);
    const candidate = { left, top, right: left + exampleWidth - 1, bottom: top + exampleHeight - 1 };
    if (overlapsFound(candidate)) continue;
    found.push(candidate);
    addToBucket(candidate);
  }
  // About 400 pixels compared per repeat, fewer when there are hundreds of repeats (a piece
  // of wall as the example): their placing then cost more than all the rest.
  const samples = Math.min(400, placingSamples / found.length);
  const reference = placingReference(image, example, samples);
  const placed = found.map((rectangle, index) =>
    index === 0 ? rectangle : placeExactly(image, reference, rectangle, factor),
  );
  const snapped = tuning.snapReach > 0 ? snapLikeExample(image, placed, tuning.snapReach) : placed;
  return fitRepeatSizes(image, snapped, tuning.sizes);
}

/** A match of `matchesAlongFloor`: where, and how well it correlates with the window. */
export interface FloorMatch {
  rectangle: Rectangle;
  score: number;
}

/**
 * The matches of `window` along its own floor, at its size: the band search of the grid
 * (steps of the floor's period kept at `latticeCorrelation`, other peaks at
 * `bandCorrelation`), on the copy scaled as for `example` (whose scaled channels a click has
 * already made). For a floor whose windows look unlike the example
 * (docs/decisions/279-select-all-similar-floors-go-on.md).
 */
export function matchesAlongFloor(
  image: FacadeImage,
  window: Rectangle,
  example: Rectangle,
  tuning: RepeatGridTuning = defaultRepeatGridTuning,
): FloorMatch[] {
  return matchesAlongBand(image, window, example, true, tuning);
}

/**
 * The matches of `window` along its own column, at its size: the same band search going up and
 * down. For a window a floor found along itself, whose building's other floors stand on floor
 * lines of their own (docs/decisions/301-select-all-similar-finds-go-along-their-columns.md).
 */
export function matchesAlongColumn(
  image: FacadeImage,
  window: Rectangle,
  example: Rectangle,
  tuning: RepeatGridTuning = defaultRepeatGridTuning,
): FloorMatch[] {
  return matchesAlongBand(image, window, example, false, tuning);
}

function matchesAlongBand(
  image: FacadeImage,
  window: Rectangle,
  example: Rectangle,
  horizontal: boolean,
  tuning: RepeatGridTuning,
): FloorMatch[] {
  const width = window.right - window.left + 1;
  const height = window.bottom - window.top + 1;
  // Along the band the window's size sets the spacing and period, across it the slack.
  const along = horizontal ? width : height;
  const across = horizontal ? height : width;
  const factor = matchingFactor(image, example, tuning);
  const placed = placedTemplate(image, window, factor, tuning);
  if (!placed) return [];
  const { outer, channels, pattern, left, top } = placed;
  const slack = Math.max(1, Math.round((tuning.bandSlack * across) / factor));
  const peaks = bandPeaks(
    bandProfile(channels, pattern, horizontal, horizontal ? top : left, slack),
    horizontal ? left : top,
    Math.max(1, Math.round((0.8 * along) / factor)),
    Math.round((tuning.longestPeriod * along) / factor),
    tuning.latticeCorrelation,
    tuning.bandCorrelation,
  );
  const reference = placingReference(image, window, 400);
  return peaks.map((peak) => {
    // The band's profile keeps the best score across the slack, not where: read it again.
    const line = horizontal ? top : left;
    let bestLine = line;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let offset = -slack; offset <= slack; offset++) {
      const score = horizontal
        ? correlationAt(channels, pattern, peak.at, line + offset)
        : correlationAt(channels, pattern, line + offset, peak.at);
      if (score > bestScore) {
        bestScore = score;
        bestLine = line + offset;
      }
    }
    const x = horizontal ? peak.at : bestLine;
    const y = horizontal ? bestLine : peak.at;
    const roughLeft = clamp(x * factor + (window.left - outer.left), image.width - width);
    const roughTop = clamp(y * factor + (window.top - outer.top), image.height - height);
    const rough = {
      left: roughLeft,
      top: roughTop,
      right: roughLeft + width - 1,
      bottom: roughTop + height - 1,
    };
    return { rectangle: placeExactly(image, reference, rough, factor), score: peak.score };
  });
}

/**
 * Each repeat's sides move, within `reach` of the size, to where the edges across that side
 * look most like the example's across its own: a floor's windows may be taller than
 * another's. "Like the example", not "the strongest line": the glass's edge inside a frame is
 * often stronger than the frame's outer edge, where the user (and the labels) put the side.
 * On the CMP photos the strongest line within 10 % scored 0.463, this 0.456, no move 0.455;
 * the strongest line put light windows' sides on their glass (the unit tests).
 */
function snapLikeExample(image: FacadeImage, rectangles: Rectangle[], reach: number): Rectangle[] {
  const example = rectangles[0];
  if (!example) return rectangles;
  const width = example.right - example.left + 1;
  const height = example.bottom - example.top + 1;
  const { column, row } = edgeReader(image);
  const rangeY = Math.round(reach * height);
  const rangeX = Math.round(reach * width);
  const insetX = Math.floor(0.15 * width);
  const insetY = Math.floor(0.15 * height);
  const clampY = (y: number) => Math.max(0, Math.min(image.height - 1, y));
  const clampX = (x: number) => Math.max(0, Math.min(image.width - 1, x));
  const across = {
    top: (r: Rectangle, offset: number) => row(clampY(r.top + offset), r.left + insetX, r.right - insetX),
    bottom: (r: Rectangle, offset: number) =>
      row(clampY(r.bottom + offset), r.left + insetX, r.right - insetX),
    left: (r: Rectangle, offset: number) =>
      column(clampX(r.left + offset), r.top + insetY, Math.max(r.top + insetY, r.bottom - insetY)),
    right: (r: Rectangle, offset: number) =>
      column(clampX(r.right + offset), r.top + insetY, Math.max(r.top + insetY, r.bottom - insetY)),
  };
  // The example's profile across each side, read once for all the repeats.
  const profileOf = (rectangle: Rectangle, side: keyof typeof across, range: number) => {
    const reference: number[] = [];
    for (let offset = -range; offset <= range; offset++) reference.push(across[side](rectangle, offset));
    return reference;
  };
  const references = {
    top: profileOf(example, 'top', rangeY),
    bottom: profileOf(example, 'bottom', rangeY),
    left: profileOf(example, 'left', rangeX),
    right: profileOf(example, 'right', rangeX),
  };
  /**
   * The shift of a side whose edge profile across it correlates best with the example's. The
   * profiles of all the shifts are windows of one read from −2 × range to 2 × range: each line
   * read once, where reading each shift's profile anew read most lines 2 × range + 1 times
   * (docs/decisions/213-select-all-similar-cheaper-clicks.md).
   */
  const shiftFor = (rectangle: Rectangle, side: keyof typeof across, range: number) => {
    const reference = references[side];
    const lines = profileOf(rectangle, side, 2 * range);
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let shift = -range; shift <= range; shift++) {
      // Of two nearly equal fits, the nearer.
      const score = correlation(reference, lines, shift + range) - (0.1 * Math.abs(shift)) / (range + 1);
      if (score > bestScore) {
        bestScore = score;
        best = shift;
      }
    }
    return best;
  };
  const result = rectangles.map((rectangle, index) => {
    if (index === 0) return rectangle;
    const top = shiftFor(rectangle, 'top', rangeY);
    const bottom = shiftFor(rectangle, 'bottom', rangeY);
    const left = shiftFor(rectangle, 'left', rangeX);
    const right = shiftFor(rectangle, 'right', rangeX);
    return {
      left: clampX(rectangle.left + left),
      top: clampY(rectangle.top + top),
      right: clampX(rectangle.right + right),
      bottom: clampY(rectangle.bottom + bottom),
    };
  });
  return result.filter((r) => r.right > r.left && r.bottom > r.top);
}

function clamp(value: number, limit: number): number {
  return Math.max(0, Math.min(limit, Math.round(value)));
}

/** The example's lightness at the pixels `placeExactly` compares, read once for all repeats. */
interface PlacingReference {
  width: number;
  height: number;
  stride: number;
  columns: number;
  rows: number;
  values: Float64Array;
}

function placingReference(image: FacadeImage, example: Rectangle, samples: number): PlacingReference {
  const width = example.right - example.left + 1;
  const height = example.bottom - example.top + 1;
  const stride = Math.max(1, Math.round(Math.sqrt((width * height) / samples)));
  const columns = Math.ceil(width / stride);
  const rows = Math.ceil(height / stride);
  const values = new Float64Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    const from = (example.top + row * stride) * image.width + example.left;
    for (let column = 0; column < columns; column++)
      values[row * columns + column] = image.lab[(from + column * stride) * 3] as number;
  }
  return { width, height, stride, columns, rows, values };
}

/**
 * A match on the scaled copy is placed to within `factor` pixels: the full-size position with
 * the least squared difference of lightness from the example within that reach, on about
 * `samples` sampled pixels (coarse to fine), so large examples cost no more than small ones.
 */
function placeExactly(
  image: FacadeImage,
  reference: PlacingReference,
  rough: Rectangle,
  factor: number,
): Rectangle {
  if (factor <= 1) return rough;
  const placing: Placing = { left: rough.left, top: rough.top, difference: Number.POSITIVE_INFINITY };
  const coarse = Math.max(1, Math.ceil(factor / 3));
  searchPlaces(image, reference, placing, rough.left, rough.top, factor - 1, coarse);
  if (coarse > 1) searchPlaces(image, reference, placing, placing.left, placing.top, coarse - 1, 1);
  return {
    left: placing.left,
    top: placing.top,
    right: placing.left + reference.width - 1,
    bottom: placing.top + reference.height - 1,
  };
}

/** The best position of `placeExactly` so far and its difference. */
interface Placing {
  left: number;
  top: number;
  difference: number;
}

/** A photo's lightness, one float per pixel (OKLab's L), made on its first placing. */
const lightnessCache = new WeakMap<FacadeImage, Float32Array>();

/**
 * The photo's lightness plane, the same numbers as the L of its OKLab array: the placing reads
 * a sample every few pixels, and three channels interleaved put each sample on a cache line
 * of its own (docs/decisions/363-select-all-similar-same-answers-sooner.md).
 */
function lightnessOf(image: FacadeImage): Float32Array {
  const cached = lightnessCache.get(image);
  if (cached) return cached;
  const { lab } = image;
  const lightness = new Float32Array(image.width * image.height);
  for (let index = 0; index < lightness.length; index++) lightness[index] = lab[3 * index] as number;
  lightnessCache.set(image, lightness);
  return lightness;
}

/**
 * The positions `step` apart within `reach` of a centre, each compared with the example; the
 * least difference (the first of equals) goes to `placing`. Functions of their own, not
 * closures made anew for each of a click's hundreds of repeats
 * (docs/decisions/213-select-all-similar-cheaper-clicks.md).
 */
function searchPlaces(
  image: FacadeImage,
  reference: PlacingReference,
  placing: Placing,
  centreLeft: number,
  centreTop: number,
  reach: number,
  step: number,
): void {
  const { width, height } = image;
  const lightness = lightnessOf(image);
  const lastLeft = width - reference.width;
  const lastTop = height - reference.height;
  // The searched position nearest the rough match is read first: the best is usually near
  // it, and its difference bounds every other from the start (same answer as the plain
  // scan, which keeps the first of equal differences, in a fraction of the reads).
  const firstLeft = centreLeft - reach + step * Math.round(reach / step);
  const firstTop = centreTop - reach + step * Math.round(reach / step);
  const firstFits = firstTop >= 0 && firstTop <= lastTop && firstLeft >= 0 && firstLeft <= lastLeft;
  // The fine search starts at the coarse search's best, whose difference is known.
  const firstIsBest =
    firstLeft === placing.left && firstTop === placing.top && placing.difference < Number.POSITIVE_INFINITY;
  const firstDifference = firstIsBest
    ? placing.difference
    : firstFits
      ? differenceAt(
          lightness,
          width,
          reference,
          firstLeft,
          firstTop,
          Number.POSITIVE_INFINITY,
          Number.POSITIVE_INFINITY,
        )
      : Number.POSITIVE_INFINITY;
  // The other positions in the plain scan's order, four read together (`differencesOfFour`):
  // each difference is the same, and each is compared with the best in the same order.
  let pending = 0;
  for (let top = centreTop - reach; top <= centreTop + reach; top += step) {
    if (top < 0 || top > lastTop) continue;
    for (let left = centreLeft - reach; left <= centreLeft + reach; left += step) {
      if (left < 0 || left > lastLeft) continue;
      if (left === firstLeft && top === firstTop) {
        takeOneByOne(lightness, width, reference, placing, pending, firstDifference);
        pending = 0;
        takeIfLess(placing, left, top, firstDifference);
        continue;
      }
      fourLefts[pending] = left;
      fourTops[pending] = top;
      if (++pending < 4) continue;
      pending = 0;
      differencesOfFour(lightness, width, reference, placing.difference, firstDifference);
      for (let place = 0; place < 4; place++) {
        takeIfLess(
          placing,
          fourLefts[place] as number,
          fourTops[place] as number,
          fourDifferences[place] as number,
        );
      }
    }
  }
  takeOneByOne(lightness, width, reference, placing, pending, firstDifference);
}

/** The position becomes the best when its difference is less than the best's so far. */
function takeIfLess(placing: Placing, left: number, top: number, difference: number): void {
  if (difference < placing.difference) {
    placing.difference = difference;
    placing.left = left;
    placing.top = top;
  }
}

/** The first `count` positions of `fourLefts` and `fourTops`, one at a time, in order. */
function takeOneByOne(
  lightness: Float32Array,
  width: number,
  reference: PlacingReference,
  placing: Placing,
  count: number,
  bound: number,
): void {
  for (let place = 0; place < count; place++) {
    const left = fourLefts[place] as number;
    const top = fourTops[place] as number;
    takeIfLess(
      placing,
      left,
      top,
      differenceAt(lightness, width, reference, left, top, placing.difference, bound),
    );
  }
}

/** The positions `differencesOfFour` reads, in the scan's order, and their differences. */
const fourLefts = new Int32Array(4);
const fourTops = new Int32Array(4);
const fourDifferences = new Float64Array(4);

/**
 * `differenceAt` at the four positions of `fourLefts` and `fourTops` in one pass over the
 * example's samples, into `fourDifferences`: each sum is added in the same order as
 * `differenceAt` adds it (the same number, or infinity where that gives up), and four go on at
 * once where one waited for each addition before. `limit` is the best before the first of the
 * four: a later one may then be given up later than one by one, never wrongly
 * (docs/decisions/363-select-all-similar-same-answers-sooner.md).
 */
function differencesOfFour(
  lightness: Float32Array,
  width: number,
  reference: PlacingReference,
  limit: number,
  bound: number,
): void {
  const { stride, columns, rows, values } = reference;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let goesOnA = true;
  let goesOnB = true;
  let goesOnC = true;
  let goesOnD = true;
  for (let row = 0; row < rows; row++) {
    if (goesOnA && (a >= limit || a > bound)) goesOnA = false;
    if (goesOnB && (b >= limit || b > bound)) goesOnB = false;
    if (goesOnC && (c >= limit || c > bound)) goesOnC = false;
    if (goesOnD && (d >= limit || d > bound)) goesOnD = false;
    const from = row * columns;
    const down = row * stride * width;
    if (goesOnA && goesOnB && goesOnC && goesOnD) {
      const toA = (fourTops[0] as number) * width + (fourLefts[0] as number) + down;
      const toB = (fourTops[1] as number) * width + (fourLefts[1] as number) + down;
      const toC = (fourTops[2] as number) * width + (fourLefts[2] as number) + down;
      const toD = (fourTops[3] as number) * width + (fourLefts[3] as number) + down;
      for (let column = 0, along = 0; column < columns; column++, along += stride) {
        const value = values[from + column] as number;
        const deltaA = value - (lightness[toA + along] as number);
        const deltaB = value - (lightness[toB + along] as number);
        const deltaC = value - (lightness[toC + along] as number);
        const deltaD = value - (lightness[toD + along] as number);
        a += deltaA * deltaA;
        b += deltaB * deltaB;
        c += deltaC * deltaC;
        d += deltaD * deltaD;
      }
    } else {
      if (!(goesOnA || goesOnB || goesOnC || goesOnD)) break;
      if (goesOnA) a = rowSum(lightness, width, reference, 0, row, a);
      if (goesOnB) b = rowSum(lightness, width, reference, 1, row, b);
      if (goesOnC) c = rowSum(lightness, width, reference, 2, row, c);
      if (goesOnD) d = rowSum(lightness, width, reference, 3, row, d);
    }
  }
  fourDifferences[0] = goesOnA ? a : Number.POSITIVE_INFINITY;
  fourDifferences[1] = goesOnB ? b : Number.POSITIVE_INFINITY;
  fourDifferences[2] = goesOnC ? c : Number.POSITIVE_INFINITY;
  fourDifferences[3] = goesOnD ? d : Number.POSITIVE_INFINITY;
}
/** `sum` plus the squared differences of row `row` of the samples at position `place` of the four, in order. */
function rowSum(
  lightness: Float32Array,
  width: number,
  reference: PlacingReference,
  place: number,
  row: number,
  sum: number,
): number {
  const { stride, columns, values } = reference;
  const from = row * columns;
  const to = ((fourTops[place] as number) + row * stride) * width + (fourLefts[place] as number);
  let total = sum;
  for (let column = 0; column < columns; column++) {
    const delta = (values[from + column] as number) - (lightness[to + column * stride] as number);
    total += delta * delta;
  }
  return total;
}

/**
 * The squared difference of lightness from the example at a position. The sum only grows
 * along the rows, so a position is given up (infinity) as soon as it is at or over `limit`
 * (the best so far), or over `bound` (the difference of a position of the same search already
 * known): either way it cannot be the first least one.
 */
function differenceAt(
  lightness: Float32Array,
  width: number,
  reference: PlacingReference,
  left: number,
  top: number,
  limit: number,
  bound: number,
): number {
  const { stride, columns, rows, values } = reference;
  let difference = 0;
  for (let row = 0; row < rows; row++) {
    if (difference >= limit || difference > bound) return Number.POSITIVE_INFINITY;
    const to = (top + row * stride) * width + left;
    const from = row * columns;
    for (let column = 0; column < columns; column++) {
      const delta = (values[from + column] as number) - (lightness[to + column * stride] as number);
      difference += delta * delta;
    }
  }
  return difference;
}

/** Mean edge strength across a vertical line x from top to bottom, and along a horizontal one. */
function edgeReader(image: FacadeImage) {
  const { width, verticalEdgeSums, horizontalEdgeSums } = image;
  const column = (x: number, top: number, bottom: number) =>
    ((verticalEdgeSums[(bottom + 1) * width + x] as number) - (verticalEdgeSums[top * width + x] as number)) /
    (bottom - top + 1);
  const row = (y: number, left: number, right: number) =>
    ((horizontalEdgeSums[y * (width + 1) + right + 1] as number) -
      (horizontalEdgeSums[y * (width + 1) + left] as number)) /
    (right - left + 1);
  return { column, row };
}

/**
 * Pearson correlation of `a` with as many values of `b` from `from` on (0 when either is
 * flat).
 */
function correlation(a: number[], b: number[], from: number): number {
  const length = a.length;
  let sumA = 0;
  let sumB = 0;
  for (let index = 0; index < length; index++) {
    sumA += a[index] as number;
    sumB += b[from + index] as number;
  }
  const meanA = sumA / length;
  const meanB = sumB / length;
  let product = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (let index = 0; index < length; index++) {
    const da = (a[index] as number) - meanA;
    const db = (b[from + index] as number) - meanB;
    product += da * db;
    squaresA += da * da;
    squaresB += db * db;
  }
  return squaresA === 0 || squaresB === 0 ? 0 : product / Math.sqrt(squaresA * squaresB);
}

/**
 * The best match of a window along its own floor whose window part lies wholly between two
 * photo columns (inclusive), at its size: the grid's correlation (its three channels, the
 * mirrored look too) within the band's slack across the floor, placed to the pixel as the
 * grid's repeats are; null when no place fits or nothing correlates. Only the places in the
 * gap are read, not the floor's whole band, and each window's template is made once for all
 * the gaps beside it: for the windows of a floor the grid's period stepped over
 * (docs/decisions/320-select-all-similar-floor-gaps.md). With `horizontal` false the same
 * along the window's own column, between two photo rows: for the windows of a column that
 * the grid's crossings missed or misplaced (docs/decisions/375).
 */
export function matcherBetween(
  image: FacadeImage,
  example: Rectangle,
  tuning: RepeatGridTuning = defaultRepeatGridTuning,
  horizontal = true,
): (window: Rectangle, from: number, to: number) => FloorMatch | null {
  const factor = matchingFactor(image, example, tuning);
  const templates = new Map<Rectangle, { placed: PlacedTemplate; reference: PlacingReference } | null>();
  const templateFor = (window: Rectangle) => {
    if (!templates.has(window)) {
      // Without the template's cache of scores (a Float64Array of the whole scaled copy): a
      // gap's few places are read once.
      const placed = placedTemplate(image, window, factor, tuning, false);
      templates.set(window, placed ? { placed, reference: placingReference(image, window, 400) } : null);
    }
    return templates.get(window) ?? null;
  };
  return (window, from, to) => {
    const width = window.right - window.left + 1;
    const height = window.bottom - window.top + 1;
    // Along the band the window's size bounds the places, across it the slack.
    const along = horizontal ? width : height;
    if (to - from + 1 < along) return null;
    const template = templateFor(window);
    if (!template) return null;
    const { outer, channels, pattern, left, top } = template.placed;
    const first = channels[0] as Scaled;
    const size = pattern.direct[0] as Template;
    const slack = Math.max(1, Math.round((tuning.bandSlack * (horizontal ? height : width)) / factor));
    const offset = horizontal ? window.left - outer.left : window.top - outer.top;
    const alongLimit = horizontal ? first.width - size.width : first.height - size.height;
    const acrossLimit = horizontal ? first.height - size.height : first.width - size.width;
    const acrossAt = horizontal ? top : left;
    // The template's places on the scaled copy whose window lies from `from` to `to`.
    const firstAlong = Math.max(0, Math.ceil((from - offset) / factor));
    const lastAlong = Math.min(alongLimit, Math.floor((to - along + 1 - offset) / factor));
    const firstAcross = Math.max(0, acrossAt - slack);
    const lastAcross = Math.min(acrossLimit, acrossAt + slack);
    const scoreAt = (at: number, across: number) =>
      horizontal
        ? correlationOfPlace(channels, pattern, at, across)
        : correlationOfPlace(channels, pattern, across, at);
    // Along the window's own line first, then across it within the slack at the best place
    // and its neighbours: a third of the reads of every place within the slack.
    let best = { at: 0, across: 0, score: -1 };
    const line = Math.max(firstAcross, Math.min(lastAcross, acrossAt));
    const alongLine = new Float64Array(Math.max(0, lastAlong - firstAlong + 1));
    if (horizontal) correlationsInLine(channels, pattern, firstAlong, line, true, alongLine);
    else correlationsInLine(channels, pattern, line, firstAlong, false, alongLine);
    for (let at = firstAlong; at <= lastAlong; at++) {
      const score = alongLine[at - firstAlong] as number;
      if (score > best.score) best = { at, across: line, score };
    }
    if (best.score <= -1) return null;
    const alongBest = best.at;
    for (let at = Math.max(firstAlong, alongBest - 1); at <= Math.min(lastAlong, alongBest + 1); at++) {
      for (let across = firstAcross; across <= lastAcross; across++) {
        if (across === line) continue;
        const score = scoreAt(at, across);
        if (score > best.score) best = { at, across, score };
      }
    }
    if (best.score <= -1) return null;
    const x = horizontal ? best.at : best.across;
    const y = horizontal ? best.across : best.at;
    const roughLeft = clamp(x * factor + (window.left - outer.left), image.width - width);
    const roughTop = clamp(y * factor + (window.top - outer.top), image.height - height);
    const rough = {
      left: roughLeft,
      top: roughTop,
      right: roughLeft + width - 1,
      bottom: roughTop + height - 1,
    };
    return { rectangle: placeExactly(image, template.reference, rough, factor), score: best.score };
  };
}

/**
 * For the tests of docs/decisions/363-select-all-similar-same-answers-sooner.md: the
 * correlations of `window`'s template (at the scale `example` is matched at) at every place
 * along row (`horizontal`) or column `across` of the scaled copy, read four at a time as the
 * band search reads them and one at a time; null when the template is flat or the line off the
 * copy.
 */
export function bandCorrelationsBothWays(
  image: FacadeImage,
  window: Rectangle,
  example: Rectangle,
  horizontal: boolean,
  across: number,
  tuning: RepeatGridTuning = defaultRepeatGridTuning,
): { together: Float64Array; oneByOne: Float64Array } | null {
  const placed = placedTemplate(image, window, matchingFactor(image, example, tuning), tuning);
  if (!placed) return null;
  const { channels, pattern } = placed;
  const first = channels[0] as Scaled;
  const size = pattern.direct[0] as Template;
  const length = horizontal ? first.width - size.width + 1 : first.height - size.height + 1;
  const lastAcross = horizontal ? first.height - size.height : first.width - size.width;
  if (across < 0 || across > lastAcross) return null;
  const together = new Float64Array(Math.max(0, length));
  correlationsAlongBand(channels, pattern, horizontal, across, together);
  const oneByOne = together.map((_, at) =>
    horizontal
      ? correlationOfPlace(channels, pattern, at, across)
      : correlationOfPlace(channels, pattern, across, at),
  );
  return { together, oneByOne };
}

/**
 * For the same tests: `rough` (a repeat of `example` found on the copy scaled by `factor`)
 * placed to the pixel as the grid places its repeats.
 */
export function placedToThePixel(
  image: FacadeImage,
  example: Rectangle,
  rough: Rectangle,
  factor: number,
): Rectangle {
  return placeExactly(image, placingReference(image, example, 400), rough, factor);
}
