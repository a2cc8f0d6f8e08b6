/**
 * Straight lines around a window or door at full resolution: the refining clicks move a
 * rectangle's sides onto them (the colour gradient across a column or row, summed along a
 * side in constant time from the running sums of `prepareFacadeImage`).
 * Route and measurements: docs/decisions/055-opening-refinement.md.
 */
import type { Point } from '../mask/mask-contract.ts';
import type { FacadeImage, Rectangle } from './facade-select.ts';

/** Mean gradient across column `x` over rows top…bottom (a left or right side). */
export function columnEdge(image: FacadeImage, x: number, top: number, bottom: number): number {
  const { width, height, verticalEdgeSums } = image;
  const from = Math.max(0, top);
  const to = Math.min(height - 1, bottom);
  if (to < from || x < 0 || x >= width) return 0;
  return (
    ((verticalEdgeSums[(to + 1) * width + x] as number) - (verticalEdgeSums[from * width + x] as number)) /
    (to - from + 1)
  );
}

/** Mean gradient across row `y` over columns left…right (a top or bottom side). */
export function rowEdge(image: FacadeImage, y: number, left: number, right: number): number {
  const { width, height, horizontalEdgeSums } = image;
  const from = Math.max(0, left);
  const to = Math.min(width - 1, right);
  if (to < from || y < 0 || y >= height) return 0;
  return (
    ((horizontalEdgeSums[y * (width + 1) + to + 1] as number) -
      (horizontalEdgeSums[y * (width + 1) + from] as number)) /
    (to - from + 1)
  );
}

/**
 * The strongest line from the one after `from` up to `to` (either direction), or null. Of
 * two nearly equal lines the nearer wins (a mild pull of `nearerPull` across the range): the
 * outer edge of this window's frame, not the next window's frame one frame-width further.
 */
function strongestLine(from: number, to: number, strength: (position: number) => number): number | null {
  const direction = to >= from ? 1 : -1;
  const range = Math.abs(to - from) + 1;
  let chosen: number | null = null;
  let chosenValue = -1;
  for (let position = from + direction; (position - to) * direction <= 0; position += direction) {
    const value = strength(position) * (1 - (nearerPull * Math.abs(position - from)) / range);
    if (value > chosenValue) {
      chosenValue = value;
      chosen = position;
    }
  }
  return chosen;
}

/** 0.3 and 0 score the same on the fixtures (windows 0.674 and 0.675); 0.3 keeps the nearer frame. */
const nearerPull = 0.3;

/**
 * How far past the click a moved side may go, as a multiple of the click's distance from
 * that side (the click is usually in the middle of what was missed or wrongly taken), and
 * at least this share of a superpixel. 1.5: windows 0.669 → 0.674 against 1 (decision 055).
 */
const reachBeyondClick = 1.5;
const minimumReach = 0.5;

/**
 * A further click on an opening moves sides onto straight lines, not onto whatever the
 * click's own region grows to. Adding (a click outside the rectangle): each side the click
 * lies beyond moves to the strongest line past the click. Subtracting (a click inside): only
 * the side nearest the click moves, inwards, to the strongest line past the click, so a
 * click on a sill moves the bottom and leaves the other three sides where they were.
 */
export function moveSidesToLines(
  image: FacadeImage,
  current: Rectangle,
  point: Point,
  mode: 'add' | 'subtract',
): Rectangle {
  const { width, height } = image;
  const cell = Math.sqrt((width * height) / image.superpixels.count);
  const x = Math.max(0, Math.min(width - 1, Math.round(point.x)));
  const y = Math.max(0, Math.min(height - 1, Math.round(point.y)));
  const minimum = Math.max(2, Math.round(minimumReach * cell));
  const beyond = (gap: number) => Math.max(minimum, Math.round(reachBeyondClick * gap));
  // A side is scored along the part of the rectangle it bounds (with the click), less its
  // ends, where corners and neighbouring lines cross it.
  const insetX = Math.floor(0.15 * (current.right - current.left));
  const insetY = Math.floor(0.15 * (current.bottom - current.top));
  const column = (position: number) =>
    columnEdge(image, position, Math.min(current.top, y) + insetY, Math.max(current.bottom, y) - insetY);
  const row = (position: number) =>
    rowEdge(image, position, Math.min(current.left, x) + insetX, Math.max(current.right, x) - insetX);
  const clampX = (value: number) => Math.max(0, Math.min(width - 1, value));
  const clampY = (value: number) => Math.max(0, Math.min(height - 1, value));
  const next = { ...current };
  if (mode === 'add') {
    if (x < current.left) next.left = strongestLine(x + 1, clampX(x - beyond(current.left - x)), column) ?? x;
    if (x > current.right)
      next.right = strongestLine(x - 1, clampX(x + beyond(x - current.right)), column) ?? x;
    if (y < current.top) next.top = strongestLine(y + 1, clampY(y - beyond(current.top - y)), row) ?? y;
    if (y > current.bottom)
      next.bottom = strongestLine(y - 1, clampY(y + beyond(y - current.bottom)), row) ?? y;
    return next;
  }
  const gaps = [x - current.left, current.right - x, y - current.top, current.bottom - y];
  const nearest = gaps.indexOf(Math.min(...gaps));
  const gap = gaps[nearest] as number;
  if (nearest === 0) next.left = strongestLine(x, Math.min(current.right, x + beyond(gap)), column) ?? x + 1;
  if (nearest === 1) next.right = strongestLine(x, Math.max(current.left, x - beyond(gap)), column) ?? x - 1;
  if (nearest === 2) next.top = strongestLine(y, Math.min(current.bottom, y + beyond(gap)), row) ?? y + 1;
  if (nearest === 3) next.bottom = strongestLine(y, Math.max(current.top, y - beyond(gap)), row) ?? y - 1;
  return next;
}

/**
 * How the first click's rectangle is found from the glass grown under it (decision 055):
 * side candidates lie from `inward` inside to `outward` outside the glass's box (superpixel
 * sizes); left and right are chosen as a pair, strong and mirror images of each other over
 * `mirrorWidth` (`mirrorWeight` against their strength); top and bottom are where both side
 * lines stop (weaker than `lineShare` of their strength along the glass for more than
 * `lineGap`), within `lineReach` superpixels or `reachGlass` × the glass's height of its
 * middle, snapped to the strongest row within `snap` pixels.
 */
const glassToOpening = {
  inward: 0.5,
  outward: 2,
  mirrorWidth: 0.3,
  mirrorWeight: 0.25,
  lineShare: 0.25,
  lineGap: 0.2,
  lineReach: 3,
  reachGlass: 2,
  snap: 2,
};

/** Mean OKLab colour of column `x` over rows top…bottom, or of row `y` over columns. */
function lineColour(
  image: FacadeImage,
  vertical: boolean,
  at: number,
  from: number,
  to: number,
): Float64Array {
  const colour = new Float64Array(3);
  const { lab, width, height } = image;
  if (at < 0 || at >= (vertical ? width : height)) return colour;
  const first = Math.max(0, from);
  const last = Math.min((vertical ? height : width) - 1, to);
  for (let along = first; along <= last; along++) {
    const offset = (vertical ? along * width + at : at * width + along) * 3;
    colour[0] = (colour[0] as number) + (lab[offset] as number);
    colour[1] = (colour[1] as number) + (lab[offset + 1] as number);
    colour[2] = (colour[2] as number) + (lab[offset + 2] as number);
  }
  const count = Math.max(1, last - first + 1);
  for (let channel = 0; channel < 3; channel++) colour[channel] = (colour[channel] as number) / count;
  return colour;
}

const colourDistance = (a: Float64Array, b: Float64Array) =>
  Math.hypot(
    (a[0] as number) - (b[0] as number),
    (a[1] as number) - (b[1] as number),
    (a[2] as number) - (b[2] as number),
  );

/** Local maxima of `strength` from `inward` inside `side` to `outward` outside it. */
function peaksAround(
  side: number,
  direction: 1 | -1,
  inward: number,
  outward: number,
  limit: number,
  strength: (position: number) => number,
): Array<{ position: number; strength: number }> {
  const positions: number[] = [];
  for (
    let position = side - direction * inward;
    (position - (side + direction * outward)) * direction <= 0;
    position += direction
  ) {
    if (position >= 0 && position <= limit) positions.push(position);
  }
  const values = positions.map(strength);
  return positions
    .map((position, at) => ({ position, strength: values[at] as number }))
    .filter(
      (_, at) =>
        (at === 0 || (values[at] as number) >= (values[at - 1] as number)) &&
        (at === values.length - 1 || (values[at] as number) >= (values[at + 1] as number)),
    );
}

/**
 * The window or door around the glass (blind, leaf) grown under a click: its left and right
 * sides are the pair of strong column lines that mirror each other (a frame looks the same
 * on both sides; a glazing bar has glass beyond it, the next window's frame is not at the
 * same distance), its top and bottom are where those two side lines stop.
 */
export function openingAroundGlass(image: FacadeImage, glass: Rectangle): Rectangle {
  const { width, height } = image;
  const tuning = glassToOpening;
  const cell = Math.sqrt((width * height) / image.superpixels.count);
  const inward = Math.round(tuning.inward * cell);
  const outward = Math.max(2, Math.round(tuning.outward * cell));
  const mirrorWidth = Math.max(2, Math.round(tuning.mirrorWidth * cell));
  const insetY = Math.floor(0.15 * (glass.bottom - glass.top));
  const top = glass.top + insetY;
  const bottom = glass.bottom - insetY;
  const strength = (x: number) => columnEdge(image, x, top, bottom);
  const colours = new Map<number, Float64Array>();
  const colourAt = (x: number) => {
    let colour = colours.get(x);
    if (!colour) {
      colour = lineColour(image, true, x, top, bottom);
      colours.set(x, colour);
    }
    return colour;
  };
  let left = glass.left;
  let right = glass.right;
  let best = Number.NEGATIVE_INFINITY;
  for (const low of peaksAround(glass.left, -1, inward, outward, width - 1, strength)) {
    for (const high of peaksAround(glass.right, 1, inward, outward, width - 1, strength)) {
      if (high.position - low.position < 3) continue;
      // Outside and inside each side, step by step outwards and inwards: alike when mirrored.
      let mismatch = 0;
      for (let step = 0; step < mirrorWidth; step++) {
        mismatch +=
          colourDistance(colourAt(low.position - 1 - step), colourAt(high.position + 1 + step)) +
          colourDistance(colourAt(low.position + step), colourAt(high.position - step));
      }
      const score = (low.strength + high.strength) / 2 - (tuning.mirrorWeight * mismatch) / (2 * mirrorWidth);
      if (score > best) {
        best = score;
        left = low.position;
        right = high.position;
      }
    }
  }
  // Top and bottom: follow both side lines up and down from the glass's middle row.
  const { verticalEdgeSums } = image;
  const edgeAt = (x: number, y: number) =>
    x < 0 || x >= width
      ? 0
      : (verticalEdgeSums[(y + 1) * width + x] as number) - (verticalEdgeSums[y * width + x] as number);
  const lineNear = (x: number, y: number) => Math.max(edgeAt(x - 1, y), edgeAt(x, y), edgeAt(x + 1, y));
  const bothLines = (y: number) => Math.min(lineNear(left, y), lineNear(right, y));
  let along = 0;
  for (let y = glass.top; y <= glass.bottom; y++) along += bothLines(y);
  const threshold = (tuning.lineShare * along) / (glass.bottom - glass.top + 1);
  const gap = Math.max(1, Math.round(tuning.lineGap * cell));
  // Large windows (or small superpixels) need the reach of the glass's own height.
  const reach = Math.max(
    Math.round(tuning.lineReach * cell),
    Math.round(tuning.reachGlass * (glass.bottom - glass.top + 1)),
  );
  const insetX = Math.floor(0.15 * (right - left));
  const middle = Math.round((glass.top + glass.bottom) / 2);
  const lineEnd = (direction: 1 | -1) => {
    let last = middle;
    let missed = 0;
    for (let y = middle; Math.abs(y - middle) <= reach && y >= 0 && y < height; y += direction) {
      if (bothLines(y) >= threshold) {
        last = y;
        missed = 0;
      } else if (++missed > gap) {
        break;
      }
    }
    let chosen = last;
    let chosenStrength = -1;
    for (let y = Math.max(0, last - tuning.snap); y <= Math.min(height - 1, last + tuning.snap); y++) {
      const value = rowEdge(image, y, left + insetX, right - insetX);
      if (value > chosenStrength) {
        chosenStrength = value;
        chosen = y;
      }
    }
    return chosen;
  };
  return { left, right, top: lineEnd(-1), bottom: lineEnd(1) };
}
