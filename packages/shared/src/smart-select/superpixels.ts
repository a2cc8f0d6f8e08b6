/**
 * SLIC superpixels (Achanta et al., 2012) on an OKLab image, with the per-superpixel
 * statistics and the neighbour graph that facade selection grows over.
 *
 * A click then works on a few thousand superpixels instead of 1.5 million pixels, and a
 * superpixel's mean and spread describe texture (brick, boards, render) that a single
 * pixel's colour cannot. Why superpixels: docs/decisions/050-facade-smart-select.md.
 */

export interface Superpixels {
  width: number;
  height: number;
  /** Superpixel id of every pixel, 0 … count-1. */
  labels: Int32Array;
  count: number;
  area: Int32Array;
  /** Mean OKLab (ΔE-like units, see convertToOklab). */
  meanL: Float32Array;
  meanA: Float32Array;
  meanB: Float32Array;
  /** Standard deviation of lightness inside the superpixel: texture. */
  spreadL: Float32Array;
  /** Bounding box, inclusive. */
  left: Int32Array;
  top: Int32Array;
  right: Int32Array;
  bottom: Int32Array;
  /** Neighbours of superpixel i: neighbours[neighbourStart[i] … neighbourStart[i+1]-1]. */
  neighbourStart: Int32Array;
  neighbours: Int32Array;
  /** Mean edge strength along the boundary shared with that neighbour. */
  boundaryEdge: Float32Array;
}

export interface SuperpixelOptions {
  /** Grid step in pixels: superpixels are about size × size. */
  size: number;
  /** Weight of distance in space against colour: higher gives more regular, square cells. */
  compactness: number;
  iterations: number;
}

/**
 * `lab` is three floats per pixel; `edges` one per pixel (gradient magnitude), used for the
 * strength of the boundary between neighbours. `onProgress` receives 0…1.
 */
export function computeSuperpixels(
  lab: Float32Array,
  edges: Float32Array,
  width: number,
  height: number,
  options: SuperpixelOptions,
  onProgress?: (done: number) => void,
): Superpixels {
  const step = Math.max(4, Math.round(options.size));
  const columns = Math.max(1, Math.round(width / step));
  const rows = Math.max(1, Math.round(height / step));
  const centreCount = columns * rows;
  const centreX = new Float32Array(centreCount);
  const centreY = new Float32Array(centreCount);
  const centreL = new Float32Array(centreCount);
  const centreA = new Float32Array(centreCount);
  const centreB = new Float32Array(centreCount);
  const stepX = width / columns;
  const stepY = height / rows;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const centre = row * columns + column;
      const x = Math.min(width - 1, Math.floor((column + 0.5) * stepX));
      const y = Math.min(height - 1, Math.floor((row + 0.5) * stepY));
      centreX[centre] = x;
      centreY[centre] = y;
      const offset = (y * width + x) * 3;
      centreL[centre] = lab[offset] as number;
      centreA[centre] = lab[offset + 1] as number;
      centreB[centre] = lab[offset + 2] as number;
    }
  }
  const pixelCount = width * height;
  const labels = new Int32Array(pixelCount).fill(-1);
  const distance = new Float32Array(pixelCount);
  const spatialWeight = (options.compactness / step) ** 2;
  const sums = new Float64Array(centreCount * 6);
  const reach = Math.ceil(Math.max(stepX, stepY));
  for (let iteration = 0; iteration < options.iterations; iteration++) {
    distance.fill(Number.POSITIVE_INFINITY);
    for (let centre = 0; centre < centreCount; centre++) {
      const cx = centreX[centre] as number;
      const cy = centreY[centre] as number;
      const cl = centreL[centre] as number;
      const ca = centreA[centre] as number;
      const cb = centreB[centre] as number;
      const x0 = Math.max(0, Math.floor(cx - reach));
      const x1 = Math.min(width - 1, Math.ceil(cx + reach));
      const y0 = Math.max(0, Math.floor(cy - reach));
      const y1 = Math.min(height - 1, Math.ceil(cy + reach));
      for (let y = y0; y <= y1; y++) {
        const dy = y - cy;
        const dy2 = dy * dy;
        let index = y * width + x0;
        let offset = index * 3;
        for (let x = x0; x <= x1; x++, index++, offset += 3) {
          const dl = (lab[offset] as number) - cl;
          const da = (lab[offset + 1] as number) - ca;
          const db = (lab[offset + 2] as number) - cb;
          const dx = x - cx;
          const d = dl * dl + da * da + db * db + spatialWeight * (dx * dx + dy2);
          if (d < (distance[index] as number)) {
            distance[index] = d;
            labels[index] = centre;
          }
        }
      }
    }
    sums.fill(0);
    addToCentres(lab, labels, width, height, sums);
    for (let centre = 0; centre < centreCount; centre++) {
      const at = centre * 6;
      const count = sums[at + 5] as number;
      if (count === 0) continue;
      centreX[centre] = (sums[at] as number) / count;
      centreY[centre] = (sums[at + 1] as number) / count;
      centreL[centre] = (sums[at + 2] as number) / count;
      centreA[centre] = (sums[at + 3] as number) / count;
      centreB[centre] = (sums[at + 4] as number) / count;
    }
    onProgress?.((iteration + 1) / (options.iterations + 1));
  }
  const relabelled = enforceConnectivity(labels, width, height, Math.max(4, (step * step) >> 2));
  const result = describeSuperpixels(relabelled.labels, relabelled.count, lab, edges, width, height);
  onProgress?.(1);
  return result;
}

/**
 * Each pixel's place and colour added to its centre's sums (`sums`: x, y, L, a, b, count per
 * centre). A run of pixels with one label along a row is added in locals that start from the
 * centre's sums and go back at the run's end: the same additions in the same order as pixel by
 * pixel into the array, without a store and load of six sums at every pixel
 * (docs/decisions/364-preparation-same-answers-sooner.md).
 */
function addToCentres(
  lab: Float32Array,
  labels: Int32Array,
  width: number,
  height: number,
  sums: Float64Array,
): void {
  for (let y = 0; y < height; y++) {
    const rowStart = y * width;
    let x = 0;
    while (x < width) {
      const label = labels[rowStart + x] as number;
      const at = label * 6;
      let sumX = sums[at] as number;
      let sumY = sums[at + 1] as number;
      let sumL = sums[at + 2] as number;
      let sumA = sums[at + 3] as number;
      let sumB = sums[at + 4] as number;
      let count = sums[at + 5] as number;
      do {
        const offset = (rowStart + x) * 3;
        sumX += x;
        sumY += y;
        sumL += lab[offset] as number;
        sumA += lab[offset + 1] as number;
        sumB += lab[offset + 2] as number;
        count += 1;
        x++;
      } while (x < width && labels[rowStart + x] === label);
      sums[at] = sumX;
      sums[at + 1] = sumY;
      sums[at + 2] = sumL;
      sums[at + 3] = sumA;
      sums[at + 4] = sumB;
      sums[at + 5] = count;
    }
  }
}

/**
 * SLIC's clusters can be split in pieces; every piece becomes its own superpixel, and pieces
 * smaller than `minimumArea` join the neighbour met just before them, so ids stay contiguous.
 */
function enforceConnectivity(
  labels: Int32Array,
  width: number,
  height: number,
  minimumArea: number,
): { labels: Int32Array; count: number } {
  const pixelCount = width * height;
  const result = new Int32Array(pixelCount).fill(-1);
  const queue = new Int32Array(pixelCount);
  let count = 0;
  for (let start = 0; start < pixelCount; start++) {
    if ((result[start] as number) >= 0) continue;
    const original = labels[start] as number;
    // A neighbour already labelled: where a too-small piece goes.
    let adjacent = -1;
    const x = start % width;
    if (x > 0) adjacent = result[start - 1] as number;
    if (adjacent < 0 && start >= width) adjacent = result[start - width] as number;
    result[start] = count;
    queue[0] = start;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const index = queue[head++] as number;
      const px = index % width;
      if (px > 0 && result[index - 1] === -1 && labels[index - 1] === original) {
        result[index - 1] = count;
        queue[tail++] = index - 1;
      }
      if (px < width - 1 && result[index + 1] === -1 && labels[index + 1] === original) {
        result[index + 1] = count;
        queue[tail++] = index + 1;
      }
      if (index >= width && result[index - width] === -1 && labels[index - width] === original) {
        result[index - width] = count;
        queue[tail++] = index - width;
      }
      if (index < pixelCount - width && result[index + width] === -1 && labels[index + width] === original) {
        result[index + width] = count;
        queue[tail++] = index + width;
      }
    }
    if (tail < minimumArea && adjacent >= 0) {
      for (let position = 0; position < tail; position++) result[queue[position] as number] = adjacent;
    } else {
      count++;
    }
  }
  return { labels: result, count };
}

function describeSuperpixels(
  labels: Int32Array,
  count: number,
  lab: Float32Array,
  edges: Float32Array,
  width: number,
  height: number,
): Superpixels {
  const area = new Int32Array(count);
  const sumL = new Float64Array(count);
  const sumA = new Float64Array(count);
  const sumB = new Float64Array(count);
  const sumL2 = new Float64Array(count);
  const left = new Int32Array(count).fill(width);
  const top = new Int32Array(count).fill(height);
  const right = new Int32Array(count).fill(-1);
  const bottom = new Int32Array(count).fill(-1);
  const pairs = new NeighbourPairs(count);
  for (let y = 0, index = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      // A run of one label along the row: its sums in locals, from the label's and back to it,
      // the same additions in the same order as pixel by pixel into the arrays.
      const label = labels[index] as number;
      const runStart = x;
      let pixels = area[label] as number;
      let l1 = sumL[label] as number;
      let l2 = sumL2[label] as number;
      let a1 = sumA[label] as number;
      let b1 = sumB[label] as number;
      do {
        const offset = index * 3;
        const l = lab[offset] as number;
        pixels += 1;
        l1 += l;
        l2 += l * l;
        a1 += lab[offset + 1] as number;
        b1 += lab[offset + 2] as number;
        if (x < width - 1) {
          const other = labels[index + 1] as number;
          if (other !== label)
            pairs.add(label, other, Math.max(edges[index] as number, edges[index + 1] as number));
        }
        if (y < height - 1) {
          const other = labels[index + width] as number;
          if (other !== label)
            pairs.add(label, other, Math.max(edges[index] as number, edges[index + width] as number));
        }
        x++;
        index++;
      } while (x < width && labels[index] === label);
      area[label] = pixels;
      sumL[label] = l1;
      sumL2[label] = l2;
      sumA[label] = a1;
      sumB[label] = b1;
      if (runStart < (left[label] as number)) left[label] = runStart;
      if (x - 1 > (right[label] as number)) right[label] = x - 1;
      if (y < (top[label] as number)) top[label] = y;
      bottom[label] = y;
    }
  }
  const meanL = new Float32Array(count);
  const meanA = new Float32Array(count);
  const meanB = new Float32Array(count);
  const spreadL = new Float32Array(count);
  for (let label = 0; label < count; label++) {
    const n = Math.max(1, area[label] as number);
    meanL[label] = (sumL[label] as number) / n;
    meanA[label] = (sumA[label] as number) / n;
    meanB[label] = (sumB[label] as number) / n;
    spreadL[label] = Math.sqrt(Math.max(0, (sumL2[label] as number) / n - (meanL[label] as number) ** 2));
  }
  const degree = new Int32Array(count + 1);
  for (let pair = 0; pair < pairs.size; pair++) {
    const key = pairs.keys[pair] as number;
    degree[Math.floor(key / count)] = (degree[Math.floor(key / count)] as number) + 1;
    degree[key % count] = (degree[key % count] as number) + 1;
  }
  const neighbourStart = new Int32Array(count + 1);
  for (let label = 0; label < count; label++) {
    neighbourStart[label + 1] = (neighbourStart[label] as number) + (degree[label] as number);
  }
  const neighbours = new Int32Array(neighbourStart[count] as number);
  const boundaryEdge = new Float32Array(neighbours.length);
  const filled = neighbourStart.slice(0, count);
  for (let pair = 0; pair < pairs.size; pair++) {
    const key = pairs.keys[pair] as number;
    const a = Math.floor(key / count);
    const b = key % count;
    const strength = (pairs.edgeSums[pair] as number) / (pairs.lengths[pair] as number);
    let at = filled[a] as number;
    neighbours[at] = b;
    boundaryEdge[at] = strength;
    filled[a] = at + 1;
    at = filled[b] as number;
    neighbours[at] = a;
    boundaryEdge[at] = strength;
    filled[b] = at + 1;
  }
  return {
    width,
    height,
    labels,
    count,
    area,
    meanL,
    meanA,
    meanB,
    spreadL,
    left,
    top,
    right,
    bottom,
    neighbourStart,
    neighbours,
    boundaryEdge,
  };
}

/**
 * Neighbouring superpixels' shared boundaries in the order first met: per pair (smaller id
 * first, key a × count + b) its length and summed edge strength. A pair's index is looked up
 * once per boundary pixel (and not at all while a row runs along one boundary), where a map of
 * lengths and a map of sums were each read and written at every one.
 */
class NeighbourPairs {
  size = 0;
  keys: number[] = [];
  lengths: number[] = [];
  edgeSums: number[] = [];
  private readonly indexOf = new Map<number, number>();
  private lastKey = -1;
  private lastIndex = -1;

  constructor(private readonly count: number) {}

  add(a: number, b: number, edge: number): void {
    const key = a < b ? a * this.count + b : b * this.count + a;
    let index = this.lastIndex;
    if (key !== this.lastKey) {
      const known = this.indexOf.get(key);
      if (known === undefined) {
        index = this.size++;
        this.indexOf.set(key, index);
        this.keys.push(key);
        this.lengths.push(0);
        this.edgeSums.push(0);
      } else index = known;
      this.lastKey = key;
      this.lastIndex = index;
    }
    this.lengths[index] = (this.lengths[index] as number) + 1;
    this.edgeSums[index] = (this.edgeSums[index] as number) + edge;
  }
}
