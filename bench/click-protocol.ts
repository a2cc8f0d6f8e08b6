/**
 * A simulated user for interactive selection benchmarks: the standard protocol of
 * interactive segmentation papers (click the point deepest inside the largest error, add if
 * it was missed, subtract if it was wrongly taken), plus one human habit: a click that makes
 * things worse is undone.
 */
import { applySelection, type Bitmask, boundingBox, type Point } from '@facelift/shared';

export interface ClickResult {
  /** IoU after each kept or undone click, best so far (what the user ends up with). */
  iouAfterClick: number[];
  /** Every click made, `kept` false where it was undone. */
  clicks: Array<Point & { mode: 'add' | 'subtract'; kept: boolean }>;
  /** The selection the user ends with. */
  prediction: Bitmask;
}

export function intersectionOverUnion(prediction: Uint8Array, truth: Uint8Array): number {
  let intersection = 0;
  let union = 0;
  for (let index = 0; index < truth.length; index++) {
    const predicted = prediction[index] === 1;
    const actual = truth[index] === 1;
    if (predicted && actual) intersection++;
    if (predicted || actual) union++;
  }
  return union === 0 ? 1 : intersection / union;
}

/**
 * Chamfer (3-4) distance from each pixel of `region` to the nearest pixel outside it, where
 * the image border also counts as outside: users click well inside what they mean.
 */
export function distanceInside(region: Uint8Array, width: number, height: number): Float32Array {
  const distance = new Float32Array(width * height);
  const big = 1e9;
  for (let index = 0; index < region.length; index++) distance[index] = region[index] === 1 ? big : 0;
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : (distance[y * width + x] as number);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      if (distance[index] === 0) continue;
      distance[index] = Math.min(
        distance[index] as number,
        at(x - 1, y) + 3,
        at(x, y - 1) + 3,
        at(x - 1, y - 1) + 4,
        at(x + 1, y - 1) + 4,
      );
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const index = y * width + x;
      if (distance[index] === 0) continue;
      distance[index] = Math.min(
        distance[index] as number,
        at(x + 1, y) + 3,
        at(x, y + 1) + 3,
        at(x + 1, y + 1) + 4,
        at(x - 1, y + 1) + 4,
      );
    }
  }
  return distance;
}

function deepestPoint(region: Uint8Array, width: number, height: number): { point: Point; depth: number } {
  const box = boundingBox({ width, height, data: region });
  if (!box) return { point: { x: 0, y: 0 }, depth: 0 };
  // Only the region's bounding box matters, plus a one-pixel frame of outside around it.
  const left = Math.max(0, box.left - 1);
  const top = Math.max(0, box.top - 1);
  const cropWidth = Math.min(width - 1, box.right + 1) - left + 1;
  const cropHeight = Math.min(height - 1, box.bottom + 1) - top + 1;
  const crop = new Uint8Array(cropWidth * cropHeight);
  for (let y = 0; y < cropHeight; y++) {
    crop.set(region.subarray((top + y) * width + left, (top + y) * width + left + cropWidth), y * cropWidth);
  }
  const distance = distanceInside(crop, cropWidth, cropHeight);
  let best = 0;
  let bestIndex = -1;
  for (let index = 0; index < distance.length; index++) {
    if ((distance[index] as number) > best) {
      best = distance[index] as number;
      bestIndex = index;
    }
  }
  return {
    point: { x: left + (bestIndex % cropWidth), y: top + Math.floor(bestIndex / cropWidth) },
    depth: best,
  };
}

/**
 * Runs up to `maximumClicks` clicks of `select` against `truth`. `select(point, mode, current)`
 * returns the selection a click at `point` produces (the smart select under test), given
 * the selection so far (a click may refine it, as the editor's further clicks do).
 */
export function simulateClicks(
  truth: Bitmask,
  select: (point: Point, mode: 'add' | 'subtract', current: Bitmask) => Bitmask,
  maximumClicks: number,
): ClickResult {
  const { width, height } = truth;
  const prediction: Bitmask = { width, height, data: new Uint8Array(width * height) };
  const result: ClickResult = { iouAfterClick: [], clicks: [], prediction };
  let currentIou = 0;
  // Where an undone click went: a user tries somewhere else next time.
  const avoided = new Uint8Array(width * height);
  for (let click = 0; click < maximumClicks; click++) {
    const missed = new Uint8Array(width * height);
    const wronglyTaken = new Uint8Array(width * height);
    for (let index = 0; index < missed.length; index++) {
      if (avoided[index] === 1) continue;
      if (truth.data[index] === 1 && prediction.data[index] === 0) missed[index] = 1;
      if (truth.data[index] === 0 && prediction.data[index] === 1) wronglyTaken[index] = 1;
    }
    const add = deepestPoint(missed, width, height);
    const subtract = deepestPoint(wronglyTaken, width, height);
    const mode = add.depth >= subtract.depth ? 'add' : 'subtract';
    const { point, depth } = mode === 'add' ? add : subtract;
    if (depth === 0) break;
    const before = prediction.data.slice();
    applySelection(prediction, select(point, mode, prediction), mode);
    const iou = intersectionOverUnion(prediction.data, truth.data);
    const kept = iou >= currentIou;
    result.clicks.push({ ...point, mode, kept });
    if (!kept) {
      prediction.data.set(before);
      avoidAround(avoided, width, height, point, Math.max(3, depth / 3));
    } else {
      currentIou = iou;
    }
    result.iouAfterClick.push(currentIou);
  }
  return result;
}

function avoidAround(
  avoided: Uint8Array,
  width: number,
  height: number,
  centre: Point,
  radius: number,
): void {
  for (
    let y = Math.max(0, Math.floor(centre.y - radius));
    y <= Math.min(height - 1, centre.y + radius);
    y++
  ) {
    for (
      let x = Math.max(0, Math.floor(centre.x - radius));
      x <= Math.min(width - 1, centre.x + radius);
      x++
    ) {
      if ((x - centre.x) ** 2 + (y - centre.y) ** 2 <= radius * radius) avoided[y * width + x] = 1;
    }
  }
}
