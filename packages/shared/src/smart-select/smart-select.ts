/**
 * One-click smart select: from a clicked point, the connected area of similar colour,
 * stopping at strong edges such as window frames and roof lines (docs/product.md, Marking and selection).
 *
 * Pure TypeScript on RGBA buffers so it runs in a Web Worker, on the server and in tests.
 * `prepareSmartSelectImage` does the per-image work once (OKLab, smoothing, edge map);
 * `selectSimilarArea` is the per-click part and must stay well under 100 ms at 1.5 MP.
 * Why this design and how it was tuned: docs/decisions/010-smart-select.md.
 */
import { type Bitmask, createBitmask, type Point, type RgbaPixels } from '../mask/mask-contract.ts';
import { convertToOklab } from './oklab-image.ts';

/** The per-image analysis a click works on. */
export interface SmartSelectImage {
  width: number;
  height: number;
  /** Smoothed OKLab, three floats per pixel, ΔE-like units (see convertToOklab). */
  lab: Float32Array;
  /** Unsmoothed OKLab: where exactly a boundary lies. */
  sharpLab: Float32Array;
  /** Colour gradient magnitude per pixel, same units per pixel of distance. */
  edges: Float32Array;
}

export interface SmartSelectTuning {
  /** Box-blur radius applied to OKLab before comparing colours: evens out brick and stone texture. */
  smoothingRadius: number;
  /**
   * Extra blur before the edge map: thin lines such as mortar joints fade at this scale while
   * the borders between large areas (window frames, roof lines) stay strong.
   */
  edgeSmoothingRadius: number;
  /** Colour distance (ΔE-like) accepted at tolerance 0 and at tolerance 100. */
  minimumDistance: number;
  maximumDistance: number;
  /** Weight of lightness against hue in the distance: light and shade change L more than a/b. */
  lightnessWeight: number;
  /** A pixel whose (smoothed) gradient exceeds this stops the fill, at tolerance 0 and 100. */
  minimumEdge: number;
  maximumEdge: number;
  /** Enclosed holes smaller than this share of the image are filled (texture specks, not windows). */
  maximumHoleShare: number;
  /** Radius of the seed neighbourhood whose mean colour is the reference. */
  seedRadius: number;
  /**
   * Fills with the mean colour of the area a first fill finds as the reference, when that
   * area covers at least `recentreMinimumShare` of the image (a large surface, where the click
   * may have landed on an untypical stone or shadow; a small part is its click colour).
   */
  recentre: boolean;
  recentreMinimumShare: number;
}

export const defaultSmartSelectTuning: SmartSelectTuning = {
  smoothingRadius: 1,
  edgeSmoothingRadius: 1,
  minimumDistance: 2,
  maximumDistance: 40,
  lightnessWeight: 0.3,
  minimumEdge: 1,
  maximumEdge: 6,
  maximumHoleShare: 0.0005,
  seedRadius: 3,
  recentre: true,
  recentreMinimumShare: 0.01,
};

/**
 * The tolerance slider's range and starting values. Walls and roofs are large, textured
 * surfaces that need a wide tolerance; window and door frames are small parts next to
 * similar colours that need a narrow one (measured by `npm run bench`).
 */
export const smartSelectTolerance = {
  minimum: 1,
  maximum: 100,
  default: 40,
  largeSurface: 45,
  smallPart: 22,
} as const;

export function prepareSmartSelectImage(
  pixels: RgbaPixels,
  tuning: Partial<Pick<SmartSelectTuning, 'smoothingRadius' | 'edgeSmoothingRadius'>> = {},
): SmartSelectImage {
  const { smoothingRadius, edgeSmoothingRadius } = { ...defaultSmartSelectTuning, ...tuning };
  const { width, height } = pixels;
  const sharpLab = convertToOklab(pixels);
  const lab = boxBlur(sharpLab, width, height, smoothingRadius);
  const edges = computeEdges(boxBlur(lab, width, height, edgeSmoothingRadius), width, height);
  return { width, height, lab, sharpLab, edges };
}

export interface SmartSelectOptions {
  /** 1–100: how different a colour may be from the clicked one and still be taken. */
  tolerance: number;
  tuning?: Partial<SmartSelectTuning>;
}

/** The connected area of similar colour around `seed` (image pixels), as a bitmask. */
export function selectSimilarArea(
  image: SmartSelectImage,
  seed: Point,
  options: SmartSelectOptions,
): Bitmask {
  const tuning = { ...defaultSmartSelectTuning, ...options.tuning };
  const { width, height, lab, sharpLab, edges } = image;
  const selection = createBitmask(width, height);
  const seedX = Math.round(seed.x);
  const seedY = Math.round(seed.y);
  if (seedX < 0 || seedY < 0 || seedX >= width || seedY >= height) return selection;

  const tolerance =
    clamp(options.tolerance, smartSelectTolerance.minimum, smartSelectTolerance.maximum) / 100;
  const distance =
    tuning.minimumDistance + (tuning.maximumDistance - tuning.minimumDistance) * tolerance ** 1.5;
  const distanceSquared = distance * distance;
  const edgeLimit = tuning.minimumEdge + (tuning.maximumEdge - tuning.minimumEdge) * tolerance;
  let [referenceL, referenceA, referenceB] = meanColour(image, seedX, seedY, tuning.seedRadius);
  const lightnessWeight = tuning.lightnessWeight;

  const data = selection.data;
  // At the boundary each pixel is judged by its own, unsmoothed colour.
  const isSimilarExactly = (index: number): boolean => {
    const offset = index * 3;
    const deltaL = (sharpLab[offset] as number) - referenceL;
    const deltaA = (sharpLab[offset + 1] as number) - referenceA;
    const deltaB = (sharpLab[offset + 2] as number) - referenceB;
    return lightnessWeight * deltaL * deltaL + deltaA * deltaA + deltaB * deltaB <= distanceSquared;
  };
  // Pixel states in `data` while filling: 0 unvisited, 1 selected, 2 rejected, 3 queued for the rim.
  const queue = scratchQueue(image);
  const seedIndex = seedY * width + seedX;
  let rejected: number[] = [];
  const accepted = scratchBytes(image);
  const stack = scratchStack(image);
  let selectedCount = 0;
  let sumL = 0;
  let sumA = 0;
  let sumB = 0;
  const pixelCount = width * height;
  const lastRow = pixelCount - width;
  /** Fills from the click; `step` 2 fills a quarter-size grid, for a quick estimate. */
  const fill = (step: number): void => {
    // Locals, not the closure's variables: V8 keeps captured, reassigned variables in memory,
    // and this loop runs for every pixel of the photo.
    const weight = lightnessWeight;
    const limit = edgeLimit;
    const maximum = distanceSquared;
    const centreL = referenceL;
    const centreA = referenceA;
    const centreB = referenceB;
    const passes = accepted;
    const marks = data;
    const colours = lab;
    // Which pixels pass, for the whole photo in one tight loop: cheaper than testing inside
    // the fill, where each pixel is reached from up to four sides.
    for (let y = 0; y < height; y += step) {
      for (
        let index = y * width, offset = index * 3;
        index < (y + 1) * width;
        index += step, offset += 3 * step
      ) {
        const deltaL = (colours[offset] as number) - centreL;
        const deltaA = (colours[offset + 1] as number) - centreA;
        const deltaB = (colours[offset + 2] as number) - centreB;
        passes[index] =
          (edges[index] as number) <= limit &&
          weight * deltaL * deltaL + deltaA * deltaA + deltaB * deltaB <= maximum
            ? 1
            : 0;
      }
    }
    const seedStart = (seedY - (seedY % step)) * width + seedX - (seedX % step);
    const lastColumn = width - 1 - ((width - 1) % step);
    passes[seedStart] = 1;
    const frontier: number[] = [];
    let count = 0;
    let totalL = 0;
    let totalA = 0;
    let totalB = 0;
    // Scanline fill: take the whole run of accepted pixels along a row at once, then look for
    // runs to continue in the rows above and below. Unaccepted neighbours are the frontier.
    let top = 0;
    stack[top++] = seedStart;
    while (top > 0) {
      const start = stack[--top] as number;
      if (marks[start] !== 0) continue;
      const rowStart = start - (start % width);
      const rowEnd = rowStart + lastColumn;
      let left = start;
      while (left > rowStart && marks[left - step] === 0 && passes[left - step] === 1) left -= step;
      let right = start;
      while (right < rowEnd && marks[right + step] === 0 && passes[right + step] === 1) right += step;
      for (let index = left, offset = left * 3; index <= right; index += step, offset += 3 * step) {
        marks[index] = 1;
        totalL += colours[offset] as number;
        totalA += colours[offset + 1] as number;
        totalB += colours[offset + 2] as number;
        count++;
      }
      if (left > rowStart && marks[left - step] === 0) {
        marks[left - step] = 2;
        frontier.push(left - step);
      }
      if (right < rowEnd && marks[right + step] === 0) {
        marks[right + step] = 2;
        frontier.push(right + step);
      }
      for (let side = 0; side < 2; side++) {
        const shift = (side === 0 ? -width : width) * step;
        if (rowStart + shift < 0 || rowStart + shift > lastRow) continue;
        let isInRun = false;
        for (let index = left + shift; index <= right + shift; index += step) {
          if (marks[index] !== 0) {
            isInRun = false;
          } else if (passes[index] === 1) {
            if (!isInRun) stack[top++] = index;
            isInRun = true;
          } else {
            marks[index] = 2;
            frontier.push(index);
            isInRun = false;
          }
        }
      }
    }
    rejected = frontier;
    selectedCount = count;
    sumL = totalL;
    sumA = totalA;
    sumB = totalB;
  };
  if (tuning.recentre) {
    // The colour around the click may be one darker stone or a shadow: when a quick fill on
    // a quarter-size grid finds a large area, its mean colour becomes the reference.
    fill(2);
    if (selectedCount * 4 >= tuning.recentreMinimumShare * pixelCount) {
      referenceL = sumL / selectedCount;
      referenceA = sumA / selectedCount;
      referenceB = sumB / selectedCount;
    }
    data.fill(0);
  }
  fill(1);

  // The edge map is blurred, so the fill stops a few pixels short of the real boundary:
  // grow back out over that rim by colour alone, never further than the blur reaches.
  let rim = rejected;
  const rimCandidates: number[] = [];
  for (let ring = 0; ring <= tuning.edgeSmoothingRadius + 1 && rim.length > 0; ring++) {
    const next: number[] = [];
    for (const index of rim) {
      if (!isSimilarExactly(index)) continue;
      data[index] = 1;
      const x = index % width;
      if (x > 0 && data[index - 1] === 0) next.push(index - 1);
      if (x < width - 1 && data[index + 1] === 0) next.push(index + 1);
      if (index >= width && data[index - width] === 0) next.push(index - width);
      if (index < width * (height - 1) && data[index + width] === 0) next.push(index + width);
    }
    for (const index of next) {
      data[index] = 3;
      rimCandidates.push(index);
    }
    rim = next;
  }
  // Only visited pixels are cleaned and searched, so that a small selection costs little
  // however big the photo.
  const visitedOutside = rejected.concat(rimCandidates);
  for (const index of visitedOutside) if (data[index] !== 1) data[index] = 0;

  // Smoothing also lets the fill take the outer pixels of a neighbouring area (the outer
  // ring of a window frame): peel off boundary pixels whose own colour is not similar.
  // Every unselected neighbour of the selection was visited, so the boundary is found from
  // them (4 marks a pixel already listed) without walking the whole area.
  const boundary: number[] = [];
  const listBoundary = (index: number): void => {
    if (data[index] !== 1) return;
    data[index] = 4;
    boundary.push(index);
  };
  for (const outside of visitedOutside) {
    if (data[outside] !== 0) continue;
    const x = outside % width;
    if (x > 0) listBoundary(outside - 1);
    if (x < width - 1) listBoundary(outside + 1);
    if (outside >= width) listBoundary(outside - width);
    if (outside < lastRow) listBoundary(outside + width);
  }
  for (const index of boundary) data[index] = 1;
  let peelRing: number[] = boundary;
  for (let ring = 0; ring <= tuning.smoothingRadius && peelRing.length > 0; ring++) {
    const peeled: number[] = [];
    for (const index of peelRing) {
      if (index !== seedIndex && !isSimilarExactly(index)) peeled.push(index);
    }
    const next: number[] = [];
    for (const index of peeled) data[index] = 0;
    for (const index of peeled) {
      const x = index % width;
      if (x > 0 && data[index - 1] === 1) next.push(index - 1);
      if (x < width - 1 && data[index + 1] === 1) next.push(index + 1);
      if (index >= width && data[index - width] === 1) next.push(index - width);
      if (index < width * (height - 1) && data[index + width] === 1) next.push(index + width);
    }
    peelRing = next;
  }

  fillSmallHoles(selection, Math.max(16, Math.round(tuning.maximumHoleShare * width * height)), queue);
  return selection;
}

/**
 * One queue per prepared photo, reused by every click: allocating (and zeroing) megabytes per
 * click shows up as garbage-collection pauses. Safe because a click runs to completion.
 */
const queues = new WeakMap<SmartSelectImage, Int32Array>();

const acceptedBytes = new WeakMap<SmartSelectImage, Uint8Array>();

function scratchBytes(image: SmartSelectImage): Uint8Array {
  let bytes = acceptedBytes.get(image);
  if (!bytes) {
    bytes = new Uint8Array(image.width * image.height);
    acceptedBytes.set(image, bytes);
  }
  return bytes;
}

const stacks = new WeakMap<SmartSelectImage, Int32Array>();

/** Room for every pixel twice: a pixel can be pushed from the row above and from below. */
function scratchStack(image: SmartSelectImage): Int32Array {
  let stack = stacks.get(image);
  if (!stack) {
    stack = new Int32Array(image.width * image.height * 2 + 1);
    stacks.set(image, stack);
  }
  return stack;
}

function scratchQueue(image: SmartSelectImage): Int32Array {
  let queue = queues.get(image);
  if (!queue) {
    queue = new Int32Array(image.width * image.height);
    queues.set(image, queue);
  }
  return queue;
}

/** Adds a selection to a mask, or removes it (shift-click), in place. */
export function applySelection(target: Bitmask, selection: Bitmask, mode: 'add' | 'subtract'): void {
  if (target.width !== selection.width || target.height !== selection.height) {
    throw new RangeError('A selection must have the size of the mask it changes');
  }
  const value = mode === 'add' ? 1 : 0;
  for (let index = 0; index < selection.data.length; index++) {
    if (selection.data[index] === 1) target.data[index] = value;
  }
}

/**
 * Fills unselected areas enclosed by the selection that are smaller than `maximumArea`:
 * the specks texture and noise leave inside a wall, while windows (far larger) stay holes.
 * Only the selection's bounding box is searched: an unselected pixel on its edge touches
 * the unselected outside, so nothing enclosed can lie beyond it.
 */
export function fillSmallHoles(mask: Bitmask, maximumArea: number, scratch?: Int32Array): void {
  const { width, data } = mask;
  const box = boundingBox(mask);
  if (!box) return;
  const boxArea = (box.right - box.left + 1) * (box.bottom - box.top + 1);
  const component = scratch && scratch.length >= boxArea ? scratch : new Int32Array(boxArea);
  // Unselected pixels already visited are marked 2 in `data` itself, and reset at the end.
  for (let startY: number = box.top; startY <= box.bottom; startY++) {
    for (let startX: number = box.left; startX <= box.right; startX++) {
      const start = startY * width + startX;
      if (data[start] !== 0) continue;
      data[start] = 2;
      component[0] = start;
      let head = 0;
      let tail = 1;
      let isEnclosed = true;
      while (head < tail) {
        const index = component[head++] as number;
        const x = index % width;
        const y = (index - x) / width;
        if (x === box.left || y === box.top || x === box.right || y === box.bottom) isEnclosed = false;
        if (x > box.left && data[index - 1] === 0) {
          data[index - 1] = 2;
          component[tail++] = index - 1;
        }
        if (x < box.right && data[index + 1] === 0) {
          data[index + 1] = 2;
          component[tail++] = index + 1;
        }
        if (y > box.top && data[index - width] === 0) {
          data[index - width] = 2;
          component[tail++] = index - width;
        }
        if (y < box.bottom && data[index + width] === 0) {
          data[index + width] = 2;
          component[tail++] = index + width;
        }
      }
      if (isEnclosed && tail <= maximumArea) {
        for (let position = 0; position < tail; position++) data[component[position] as number] = 1;
      }
    }
  }
  for (let y = box.top; y <= box.bottom; y++) {
    for (let index = y * width + box.left; index <= y * width + box.right; index++) {
      if (data[index] === 2) data[index] = 0;
    }
  }
}

/** The smallest rectangle holding every painted pixel, or null for an empty mask. */
export function boundingBox(
  mask: Bitmask,
): { left: number; top: number; right: number; bottom: number } | null {
  const { width, height, data } = mask;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    // indexOf on the row alone: on the whole array it would scan on past the row's end.
    const row = data.subarray(y * width, (y + 1) * width);
    const first = row.indexOf(1);
    if (first === -1) continue;
    if (top === height) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, row.lastIndexOf(1));
  }
  return right < 0 ? null : { left, top, right, bottom };
}

function meanColour(
  image: SmartSelectImage,
  centreX: number,
  centreY: number,
  radius: number,
): [number, number, number] {
  let sumL = 0;
  let sumA = 0;
  let sumB = 0;
  let count = 0;
  for (let y = Math.max(0, centreY - radius); y <= Math.min(image.height - 1, centreY + radius); y++) {
    for (let x = Math.max(0, centreX - radius); x <= Math.min(image.width - 1, centreX + radius); x++) {
      const offset = (y * image.width + x) * 3;
      sumL += image.lab[offset] as number;
      sumA += image.lab[offset + 1] as number;
      sumB += image.lab[offset + 2] as number;
      count++;
    }
  }
  return [sumL / count, sumA / count, sumB / count];
}

/** Separable box blur of a 3-channel float image, radius 0 = no blur; edges average fewer pixels. */
export function boxBlur(source: Float32Array, width: number, height: number, radius: number): Float32Array {
  if (radius <= 0) return source;
  const rowStride = width * 3;
  const horizontal = new Float32Array(source.length);
  const reach = Math.min(radius, width - 1);
  for (let y = 0; y < height; y++) {
    const row = y * rowStride;
    // All three channels in one pass, in locals: typed-array reads in the hot loop are costly.
    let sumL = 0;
    let sumA = 0;
    let sumB = 0;
    let count = 0;
    for (let x = 0; x <= reach; x++) {
      const at = row + x * 3;
      sumL += source[at] as number;
      sumA += source[at + 1] as number;
      sumB += source[at + 2] as number;
      count++;
    }
    for (let x = 0; x < width; x++) {
      const at = row + x * 3;
      horizontal[at] = sumL / count;
      horizontal[at + 1] = sumA / count;
      horizontal[at + 2] = sumB / count;
      if (x + radius + 1 < width) {
        const entering = row + (x + radius + 1) * 3;
        sumL += source[entering] as number;
        sumA += source[entering + 1] as number;
        sumB += source[entering + 2] as number;
        count++;
      }
      if (x - radius >= 0) {
        const leaving = row + (x - radius) * 3;
        sumL -= source[leaving] as number;
        sumA -= source[leaving + 1] as number;
        sumB -= source[leaving + 2] as number;
        count--;
      }
    }
  }
  // Vertically with running column sums, row by row: walking down columns is cache-hostile.
  const result = new Float32Array(source.length);
  const columnSums = new Float32Array(rowStride);
  let rowsInSum = 0;
  for (let y = 0; y <= Math.min(radius, height - 1); y++) {
    addRow(columnSums, horizontal, y * rowStride, 1);
    rowsInSum++;
  }
  for (let y = 0; y < height; y++) {
    const row = y * rowStride;
    for (let position = 0; position < rowStride; position++) {
      result[row + position] = (columnSums[position] as number) / rowsInSum;
    }
    if (y + radius + 1 < height) {
      addRow(columnSums, horizontal, (y + radius + 1) * rowStride, 1);
      rowsInSum++;
    }
    if (y - radius >= 0) {
      addRow(columnSums, horizontal, (y - radius) * rowStride, -1);
      rowsInSum--;
    }
  }
  return result;
}

function addRow(sums: Float32Array, source: Float32Array, start: number, sign: number): void {
  for (let position = 0; position < sums.length; position++) {
    sums[position] = (sums[position] as number) + sign * (source[start + position] as number);
  }
}

/** Sobel gradient magnitude summed over the three OKLab channels, per pixel of distance. */
export function computeEdges(lab: Float32Array, width: number, height: number): Float32Array {
  const edges = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width * 3;
    const row = y * width * 3;
    const below = Math.min(height - 1, y + 1) * width * 3;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - 1) * 3;
      const centre = x * 3;
      const right = Math.min(width - 1, x + 1) * 3;
      let magnitude = 0;
      for (let channel = 0; channel < 3; channel++) {
        const aboveLeft = lab[above + left + channel] as number;
        const aboveRight = lab[above + right + channel] as number;
        const belowLeft = lab[below + left + channel] as number;
        const belowRight = lab[below + right + channel] as number;
        const gradientX =
          aboveRight +
          2 * (lab[row + right + channel] as number) +
          belowRight -
          aboveLeft -
          2 * (lab[row + left + channel] as number) -
          belowLeft;
        const gradientY =
          belowLeft +
          2 * (lab[below + centre + channel] as number) +
          belowRight -
          aboveLeft -
          2 * (lab[above + centre + channel] as number) -
          aboveRight;
        magnitude += gradientX * gradientX + gradientY * gradientY;
      }
      // Sobel sums 4 weighted differences two pixels apart: /8 gives a per-pixel gradient.
      edges[y * width + x] = Math.sqrt(magnitude) / 8;
    }
  }
  return edges;
}

function clamp(value: number, minimum: number, maximum: number): number {
  return Math.min(maximum, Math.max(minimum, value));
}
