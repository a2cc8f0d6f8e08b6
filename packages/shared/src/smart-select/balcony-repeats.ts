/**
 * Balconies found again where they repeat. A facade's balconies are alike along its floors and
 * columns, as its windows are, but the railing bands of `balcony-openings.ts` keep only those
 * whose handrail and slab lines are strong enough: light bars on a light wall, or a railing in
 * front of dark glass, are missed beside one that was found. Each balcony found is an example:
 * on the floors of the balconies found and along its own column, the photo is searched at its
 * size for rectangles that look like it — read, with a margin of the wall around them, as a grid
 * of 12 × 12 cells of lightness and its change across and down (the likeness "select all
 * similar" judges floors with, repeat-likeness.ts), here from running sums over a copy of the
 * photo shrunk to the detector's grid, so that a few thousand positions cost little.
 * Measured: docs/decisions/267-balcony-repeats.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { likenessMargin } from './repeat-likeness.ts';

export interface BalconyRepeatTuning {
  /** A rectangle is a repeat when its likeness to the example is at least this (0: never)… */
  likeness: number;
  /** …and it overlaps a balcony already found (or a repeat kept before it) by at most this share of its area… */
  overlap: number;
  /** …and the vertical edges crossing it are at least this share of the example's (per pixel). */
  ownBars: number;
  /**
   * …and each half of it (left, right) at least `halfBars` of the same half of the example's
   * (0: not asked): a railing's bars run all along it, a box half on a pier has them in one
   * half (docs/decisions/465-balcony-repeats-on-window-columns.md)…
   */
  halfBars?: number;
  /** …and the floors searched are those of the repeats kept so far too. */
  floorsOfRepeats?: boolean;
}

/** The vertical edges crossing `box` per pixel: a railing's bars (or a window's sides alone). */
export function barDensity(image: FacadeImage, box: Rectangle): number {
  const { width, height, verticalEdgeSums } = image;
  const left = Math.max(0, box.left);
  const right = Math.min(width - 1, box.right);
  const top = Math.max(0, box.top);
  const bottom = Math.min(height - 1, box.bottom);
  if (right < left || bottom < top) return 0;
  let sum = 0;
  for (let x = left; x <= right; x++) {
    sum +=
      (verticalEdgeSums[(bottom + 1) * width + x] as number) - (verticalEdgeSums[top * width + x] as number);
  }
  return sum / ((right - left + 1) * (bottom - top + 1));
}

/** The grid of cells a rectangle is read as, each way (as repeat-likeness.ts). */
const cells = 12;
/** Coarse positions are this many per example side; the promising ones are then refined. */
const positionsPerSide = 8;
/** A coarse position this much below `likeness` is still refined. */
const refineBelow = 0.15;

/** Running sums (summed-area tables) of lightness and its change across and down, on a grid of `scale` pixels. */
function likenessSums(image: FacadeImage, scale: number) {
  const columns = Math.floor(image.width / scale);
  const rows = Math.floor(image.height / scale);
  const lightness = new Float64Array(columns * rows);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      let sum = 0;
      for (let y = row * scale; y < row * scale + scale; y++) {
        const from = (y * image.width + column * scale) * 3;
        for (let x = 0; x < scale; x++) sum += image.lab[from + x * 3] as number;
      }
      lightness[row * columns + column] = sum / (scale * scale);
    }
  }
  const stride = columns + 1;
  const sums = [0, 1, 2].map(() => new Float64Array(stride * (rows + 1)));
  const [sumL, sumAcross, sumDown] = sums as [Float64Array, Float64Array, Float64Array];
  for (let row = 0; row < rows; row++) {
    let lineL = 0;
    let lineAcross = 0;
    let lineDown = 0;
    for (let column = 0; column < columns; column++) {
      const at = row * columns + column;
      const left = column > 0 ? at - 1 : at;
      const right = column < columns - 1 ? at + 1 : at;
      const up = row > 0 ? at - columns : at;
      const down = row < rows - 1 ? at + columns : at;
      lineL += lightness[at] as number;
      lineAcross += Math.abs((lightness[right] as number) - (lightness[left] as number));
      lineDown += Math.abs((lightness[down] as number) - (lightness[up] as number));
      const to = (row + 1) * stride + column + 1;
      sumL[to] = (sumL[to - stride] as number) + lineL;
      sumAcross[to] = (sumAcross[to - stride] as number) + lineAcross;
      sumDown[to] = (sumDown[to - stride] as number) + lineDown;
    }
  }
  return { columns, rows, stride, sums };
}

type Sums = ReturnType<typeof likenessSums>;

/**
 * A reader of likeness to the example of `width` × `height` grid cells at (`left`, `top`): for
 * the rectangle of that size at (x, y), the mean over the three channels of the correlation of
 * its cells (the rectangle and its margin) with the example's, or with the example mirrored left
 * to right, whichever is higher; −1 where the margin leaves the photo. The cells' sides lie at
 * the same offsets from any whole grid position, so they are worked out once.
 */
function likenessReader(sums: Sums, left: number, top: number, width: number, height: number) {
  const sides = (size: number) => {
    const step = ((1 + 2 * likenessMargin) * size) / cells;
    const from = Math.round(-likenessMargin * size);
    const offsets = new Int32Array(cells + 1);
    for (let at = 0; at <= cells; at++) offsets[at] = Math.round(-likenessMargin * size + at * step);
    for (let at = 1; at <= cells; at++)
      offsets[at] = Math.max(offsets[at] as number, (offsets[at - 1] as number) + 1);
    return { from, offsets };
  };
  const across = sides(width);
  const down = sides(height);
  const channels = sums.sums.length;
  const values = new Float64Array(channels * cells * cells);
  // The means of the cells of the rectangle at (x, y) into `values`; false off the photo.
  const read = (x: number, y: number) => {
    const x0 = x + (across.offsets[0] as number);
    const y0 = y + (down.offsets[0] as number);
    const x1 = x + (across.offsets[cells] as number);
    const y1 = y + (down.offsets[cells] as number);
    if (x0 < 0 || y0 < 0 || x1 > sums.columns || y1 > sums.rows) return false;
    for (let channel = 0; channel < channels; channel++) {
      const sum = sums.sums[channel] as Float64Array;
      for (let row = 0; row < cells; row++) {
        const top = (y + (down.offsets[row] as number)) * sums.stride;
        const bottom = (y + (down.offsets[row + 1] as number)) * sums.stride;
        const rowHeight = (down.offsets[row + 1] as number) - (down.offsets[row] as number);
        for (let column = 0; column < cells; column++) {
          const left = x + (across.offsets[column] as number);
          const right = x + (across.offsets[column + 1] as number);
          const area =
            rowHeight * ((across.offsets[column + 1] as number) - (across.offsets[column] as number));
          values[(channel * cells + row) * cells + column] =
            ((sum[bottom + right] as number) -
              (sum[top + right] as number) -
              (sum[bottom + left] as number) +
              (sum[top + left] as number)) /
            area;
        }
      }
    }
    return true;
  };
  // The example's cells, centred and scaled to unit length per channel, straight and mirrored.
  const straight = new Float64Array(channels * cells * cells);
  const mirrored = new Float64Array(channels * cells * cells);
  if (!read(left, top)) return null;
  const count = cells * cells;
  for (let channel = 0; channel < channels; channel++) {
    let mean = 0;
    for (let at = 0; at < count; at++) mean += values[channel * count + at] as number;
    mean /= count;
    let squares = 0;
    for (let at = 0; at < count; at++) squares += ((values[channel * count + at] as number) - mean) ** 2;
    const length = Math.sqrt(squares);
    for (let row = 0; row < cells; row++) {
      for (let column = 0; column < cells; column++) {
        const value =
          length === 0 ? 0 : ((values[channel * count + row * cells + column] as number) - mean) / length;
        straight[channel * count + row * cells + column] = value;
        mirrored[channel * count + row * cells + cells - 1 - column] = value;
      }
    }
  }
  return (x: number, y: number) => {
    if (!read(x, y)) return -1;
    let sumStraight = 0;
    let sumMirrored = 0;
    for (let channel = 0; channel < channels; channel++) {
      let sum = 0;
      let squares = 0;
      let dotStraight = 0;
      let dotMirrored = 0;
      for (let at = channel * count; at < (channel + 1) * count; at++) {
        const value = values[at] as number;
        sum += value;
        squares += value * value;
        dotStraight += (straight[at] as number) * value;
        dotMirrored += (mirrored[at] as number) * value;
      }
      // The example's cells are centred: the candidate's mean drops out of the products.
      const spread = Math.sqrt(Math.max(0, squares - (sum * sum) / count));
      if (spread === 0) continue;
      sumStraight += dotStraight / spread;
      sumMirrored += dotMirrored / spread;
    }
    return Math.max(sumStraight, sumMirrored) / channels;
  };
}

/**
 * Rectangles of `examples`' sizes that look like them (their likeness, or their mirror's, at
 * least `likeness`), on a floor of `found` (its top within a quarter of the example's height)
 * or in the example's own column (its left side within a quarter of its width), none
 * overlapping a balcony of `found` or another repeat by more than `overlap` of its area.
 * `scale`: the pixels of a grid cell the photo is read on.
 */
export function balconyRepeats(
  image: FacadeImage,
  examples: readonly Rectangle[],
  found: readonly Rectangle[],
  tuning: BalconyRepeatTuning,
  scale: number,
): Rectangle[] {
  if (tuning.likeness <= 0 || examples.length === 0) return [];
  const sums = likenessSums(image, scale);
  const repeats: Rectangle[] = [];
  const taken = [...found];
  for (const example of examples) {
    const width = Math.max(1, Math.round((example.right - example.left + 1) / scale));
    const height = Math.max(1, Math.round((example.bottom - example.top + 1) / scale));
    const likeness = likenessReader(
      sums,
      Math.round(example.left / scale),
      Math.round(example.top / scale),
      width,
      height,
    );
    if (!likeness) continue;
    const exampleBars = barDensity(image, example);
    const halves = (box: Rectangle) => {
      const middle = Math.floor((box.left + box.right) / 2);
      return [barDensity(image, { ...box, right: middle }), barDensity(image, { ...box, left: middle + 1 })];
    };
    const exampleHalves = halves(example);
    const halfBars = tuning.halfBars ?? 0;
    const hasBarsAlong = (box: Rectangle) =>
      halfBars <= 0 || halves(box).every((bars, at) => bars >= halfBars * (exampleHalves[at] as number));
    const reachX = Math.round(width / 4);
    const reachY = Math.round(height / 4);
    // The floors of the balconies found, one per quarter of the example's height, and of the
    // repeats kept so far: a balcony between the examples' columns on a floor without a found
    // one lies on a repeat's floor (docs/decisions/465-balcony-repeats-on-window-columns.md).
    const floors: number[] = [];
    for (const box of tuning.floorsOfRepeats ? taken : found) {
      const floor = Math.round(box.top / scale);
      if (floors.every((other) => Math.abs(other - floor) > reachY)) floors.push(floor);
    }
    const column = Math.round(example.left / scale);
    const stepX = Math.max(1, Math.round(width / positionsPerSide));
    const stepY = Math.max(1, Math.round(height / positionsPerSide));
    const lastX = sums.columns - width;
    const lastY = sums.rows - height;
    // Starts a step either side of each floor and of the column: the climbs go on to a quarter.
    const coarse = new Set<number>();
    for (const floor of floors) {
      for (let y = Math.max(0, floor - stepY); y <= Math.min(lastY, floor + stepY); y += stepY)
        for (let x = 0; x <= lastX; x += stepX) coarse.add(y * sums.columns + x);
    }
    const isAligned = (x: number, y: number) =>
      Math.abs(x - column) <= reachX || floors.some((floor) => Math.abs(y - floor) <= reachY);
    for (let y = 0; y <= lastY; y += stepY)
      for (let x = Math.max(0, column - stepX); x <= Math.min(lastX, column + stepX); x += stepX)
        coarse.add(y * sums.columns + x);
    const boxAt = (x: number, y: number): Rectangle => ({
      left: x * scale,
      top: y * scale,
      right: Math.min(image.width - 1, x * scale + example.right - example.left),
      bottom: Math.min(image.height - 1, y * scale + example.bottom - example.top),
    });
    const isFree = (box: Rectangle) => {
      const area = rectangleArea(box);
      return taken.every((other) => overlapArea(other, box) <= tuning.overlap * area);
    };
    const scores = new Map<number, number>();
    const scoreAt = (x: number, y: number) => {
      // A climb may step off the grid: there is nothing to read, and its position would alias a
      // cell of the next row in the cache.
      if (x < 0 || x > lastX || y < 0 || y > lastY) return -1;
      const position = y * sums.columns + x;
      let score = scores.get(position);
      if (score === undefined) {
        score = likeness(x, y);
        scores.set(position, score);
      }
      return score;
    };
    // Positions a climb went through: another climb that reaches one ends at the same peak.
    const climbed = new Set<number>();
    const matches: Array<{ x: number; y: number; score: number }> = [];
    for (const position of coarse) {
      let x = position % sums.columns;
      let y = Math.floor(position / sums.columns);
      // Where a balcony is found already, none is looked for.
      if (climbed.has(position) || !isFree(boxAt(x, y))) continue;
      let score = scoreAt(x, y);
      if (score < tuning.likeness - refineBelow) continue;
      // Refined a cell at a time toward the best neighbour, while it stays on a floor or the column.
      let isNewPeak = true;
      climbed.add(position);
      for (let moved = true; moved && isNewPeak; ) {
        moved = false;
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          if (!isAligned(x + dx, y + dy)) continue;
          const value = scoreAt(x + dx, y + dy);
          if (value <= score) continue;
          score = value;
          x += dx;
          y += dy;
          moved = true;
        }
        const at = y * sums.columns + x;
        if (moved && climbed.has(at)) isNewPeak = false;
        climbed.add(at);
      }
      if (isNewPeak && score >= tuning.likeness) matches.push({ x, y, score });
    }
    matches.sort((a, b) => b.score - a.score);
    for (const { x, y } of matches) {
      const box = boxAt(x, y);
      // A window's lower part over the wall under it looks enough like a railing in front of
      // one: a repeat must be crossed by bars of its own (docs/decisions/267, amendment).
      if (!isFree(box) || barDensity(image, box) < tuning.ownBars * exampleBars) continue;
      // Nor half on a pier beside a balcony: the bars run along both its halves as along the
      // example's (docs/decisions/465-balcony-repeats-on-window-columns.md).
      if (!hasBarsAlong(box)) continue;
      taken.push(box);
      repeats.push(box);
    }
  }
  return repeats;
}
