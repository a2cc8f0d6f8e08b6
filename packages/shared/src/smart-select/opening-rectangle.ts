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
 * The strongest line from the one after `from` up to `to` (either direction), or null. Lines
 * are weighed by their distance from `expected` (by default `from`): of two nearly equal
 * lines the nearer wins (a mild pull of `nearerPull` across the range): the outer edge of
 * this window's frame, not the next window's frame one frame-width further. A refining
 * click passes where it expects the side (`expectedPull`).
 */
function strongestLine(
  from: number,
  to: number,
  strength: (position: number) => number,
  expected = from,
): number | null {
  const direction = to >= from ? 1 : -1;
  const range = Math.abs(to - from) + 1;
  const pull = expected === from ? nearerPull : expectedPull;
  let chosen: number | null = null;
  let chosenValue = -1;
  for (let position = from + direction; (position - to) * direction <= 0; position += direction) {
    const value = strength(position) * (1 - (pull * Math.abs(position - expected)) / range);
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
 * A refining click is in the middle of what was missed or wrongly taken, so the side it
 * means lies about as far past the click as the click is from the side: lines there weigh
 * most, and the weight falls to nothing about one such distance away (1.5 × across a reach
 * of 1.5 distances). Decision 058: windows after 3 clicks 0.750 → 0.769 (0.3: 0.755,
 * 3: 0.778, which trusts the click's position more than a hand's).
 */
const expectedPull = 1.5;

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
  // The side a click means lies about as far past the click as the click is from it.
  const line = (from: number, to: number, strength: (position: number) => number, gap: number) =>
    strongestLine(from, to, strength, from + Math.sign(to - from) * gap);
  if (mode === 'add') {
    if (x < current.left)
      next.left = line(x + 1, clampX(x - beyond(current.left - x)), column, current.left - x) ?? x;
    if (x > current.right)
      next.right = line(x - 1, clampX(x + beyond(x - current.right)), column, x - current.right) ?? x;
    if (y < current.top)
      next.top = line(y + 1, clampY(y - beyond(current.top - y)), row, current.top - y) ?? y;
    if (y > current.bottom)
      next.bottom = line(y - 1, clampY(y + beyond(y - current.bottom)), row, y - current.bottom) ?? y;
    return next;
  }
  // Which side a subtracting click means: the nearest relative to the rectangle's size that
  // way. A click in the middle of a strip wrongly taken along the bottom is as far from the
  // left side as from the bottom when the strip is as tall as half the width; relative to
  // width and height the bottom is nearer (decision 058: windows 0.731 → 0.769).
  const gapWidth = current.right - current.left + 1;
  const gapHeight = current.bottom - current.top + 1;
  const gaps = [x - current.left, current.right - x, y - current.top, current.bottom - y];
  const relative = [
    (gaps[0] as number) / gapWidth,
    (gaps[1] as number) / gapWidth,
    (gaps[2] as number) / gapHeight,
    (gaps[3] as number) / gapHeight,
  ];
  const nearest = relative.indexOf(Math.min(...relative));
  const gap = gaps[nearest] as number;
  if (nearest === 0) next.left = line(x, Math.min(current.right, x + beyond(gap)), column, gap) ?? x + 1;
  if (nearest === 1) next.right = line(x, Math.max(current.left, x - beyond(gap)), column, gap) ?? x - 1;
  if (nearest === 2) next.top = line(y, Math.min(current.bottom, y + beyond(gap)), row, gap) ?? y + 1;
  if (nearest === 3) next.bottom = line(y, Math.max(current.top, y - beyond(gap)), row, gap) ?? y - 1;
  return next;
}

/**
 * How the first click's rectangle is found from the glass grown under it (decision 055):
 * side candidates lie from `inward` inside to `outward` outside the glass's box (superpixel
 * sizes); left and right are chosen as a pair, strong and mirror images of each other over
 * `mirrorWidth` (`mirrorWeight` against their strength); top and bottom are where both side
 * lines stop (weaker than `lineShare` of their strength along the glass for more than
 * `lineGap`), within `lineReach` superpixels or `reachGlass` × the glass's height of its
 * middle, snapped to the strongest row within `snap` pixels. Going down, the window ends
 * sooner at a row line (at least `crossingLine` × as strong as the side lines) that goes on
 * outside both sides (at least `crossingShare` × as strong over `crossingOutside` × the
 * width), from `crossingStart` × the glass's height below its middle; with `handrail` above 0
 * also at a row line at least `handrail` × as strong as the side lines outside both sides,
 * however faint across the window (a balcony's handrail, dark in front of dark glass or
 * shutters; docs/decisions/247-select-all-similar-handrails.md). A window click leaves it off.
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
  crossingStart: 0.3,
  crossingLine: 0.5,
  crossingShare: 0.3,
  crossingOutside: 0.3,
  handrail: 0,
  columnWeight: 0.5,
  columnReach: 2,
};

/** Mean OKLab colour of column `x` over rows top…bottom, or of row `y` over columns. */
export function lineColour(
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
  // Sums in locals, not in the array: the same doubles, several times faster (this runs for
  // every candidate side of every window "select all similar" fits, decision 059).
  let sumL = 0;
  let sumA = 0;
  let sumB = 0;
  const stride = (vertical ? width : 1) * 3;
  for (
    let along = first, offset = (vertical ? first * width + at : at * width + first) * 3;
    along <= last;
    along++
  ) {
    sumL += lab[offset] as number;
    sumA += lab[offset + 1] as number;
    sumB += lab[offset + 2] as number;
    offset += stride;
  }
  const count = Math.max(1, last - first + 1);
  colour[0] = sumL / count;
  colour[1] = sumA / count;
  colour[2] = sumB / count;
  return colour;
}

// Math.sqrt of the sum, not Math.hypot: hypot guards against overflow that OKLab values never
// reach and is several times slower, and this runs for every pair of candidate sides.
export const colourDistance = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  const l = (a[0] as number) - (b[0] as number);
  const greenRed = (a[1] as number) - (b[1] as number);
  const blueYellow = (a[2] as number) - (b[2] as number);
  return Math.sqrt(l * l + greenRed * greenRed + blueYellow * blueYellow);
};

/**
 * How strong a candidate side line is at column x: its mean gradient along the glass (rows
 * top…bottom) plus `weight` × along the column of windows above and below (outerTop…outerBottom).
 */
interface SideLines {
  image: FacadeImage;
  top: number;
  bottom: number;
  outerTop: number;
  outerBottom: number;
  weight: number;
}

function sideLineStrength(lines: SideLines, x: number): number {
  return (
    columnEdge(lines.image, x, lines.top, lines.bottom) +
    lines.weight * columnEdge(lines.image, x, lines.outerTop, lines.outerBottom)
  );
}

/** Local maxima of the side lines' strength from `inward` inside `side` to `outward` outside it. */
function peaksAround(
  side: number,
  direction: 1 | -1,
  inward: number,
  outward: number,
  limit: number,
  lines: SideLines,
): Array<{ position: number; strength: number }> {
  const positions: number[] = [];
  for (
    let position = side - direction * inward;
    (position - (side + direction * outward)) * direction <= 0;
    position += direction
  ) {
    if (position >= 0 && position <= limit) positions.push(position);
  }
  const values = positions.map((position) => sideLineStrength(lines, position));
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
 * Its steps are functions of their own, not closures made anew at every call: "select all
 * similar" calls it for up to 60 repeats a click, and under the bench's loader (tsx, which
 * names every closure as it is made) the closures alone cost a twentieth of a click
 * (docs/decisions/213-select-all-similar-cheaper-clicks.md).
 */
export function openingAroundGlass(
  image: FacadeImage,
  glass: Rectangle,
  overrides: Partial<typeof glassToOpening> = {},
): Rectangle {
  const { width } = image;
  const tuning = { ...glassToOpening, ...overrides };
  const cell = Math.sqrt((width * image.height) / image.superpixels.count);
  const inward = Math.round(tuning.inward * cell);
  const outward = Math.max(2, Math.round(tuning.outward * cell));
  const mirrorWidth = Math.max(2, Math.round(tuning.mirrorWidth * cell));
  const insetY = Math.floor(0.15 * (glass.bottom - glass.top));
  const top = glass.top + insetY;
  const bottom = glass.bottom - insetY;
  // A window's frame sides go on through the windows above and below it (a facade's
  // columns): a line's strength also counts along `columnReach` × the glass's height above
  // and below, weighted `columnWeight` (decision 058: windows 0.769 → 0.777 after 3 clicks).
  const glassHeight = glass.bottom - glass.top + 1;
  const lines: SideLines = {
    image,
    top,
    bottom,
    outerTop: Math.round(glass.top - tuning.columnReach * glassHeight),
    outerBottom: Math.round(glass.bottom + tuning.columnReach * glassHeight),
    weight: tuning.columnWeight,
  };
  const colours = columnColours(
    image,
    glass.left - outward - mirrorWidth,
    glass.right + outward + mirrorWidth,
    top,
    bottom,
  );
  let left = glass.left;
  let right = glass.right;
  let best = Number.NEGATIVE_INFINITY;
  // The right side's candidates once, not again for every left one.
  const rightCandidates = peaksAround(glass.right, 1, inward, outward, width - 1, lines);
  for (const low of peaksAround(glass.left, -1, inward, outward, width - 1, lines)) {
    for (const high of rightCandidates) {
      if (high.position - low.position < 3) continue;
      const strength = (low.strength + high.strength) / 2;
      const mismatch = mirrorMismatch(colours, low.position, high.position, mirrorWidth, {
        strength,
        weight: tuning.mirrorWeight,
        best,
      });
      const score = strength - (tuning.mirrorWeight * mismatch) / (2 * mirrorWidth);
      if (score > best) {
        best = score;
        left = low.position;
        right = high.position;
      }
    }
  }
  // Top and bottom: follow both side lines up and down from the glass's middle row.
  let along = 0;
  for (let y = glass.top; y <= glass.bottom; y++) along += bothLines(image, left, right, y);
  // Large windows (or small superpixels) need the reach of the glass's own height.
  const reach = Math.max(
    Math.round(tuning.lineReach * cell),
    Math.round(tuning.reachGlass * (glass.bottom - glass.top + 1)),
  );
  // Going down, a line across the window that runs on beyond both sides (a balcony rail, a
  // sill) ends the window, though its side lines may go on behind the rail; a glazing bar
  // stops at the frame. Only down: upwards the lintel above a frame is such a line too
  // (decision 058: down only, windows 0.751 → 0.769 after 3 clicks, doors 0.805 → 0.809).
  const ends: LineEnds = {
    image,
    left,
    right,
    insetX: Math.floor(0.15 * (right - left)),
    middle: Math.round((glass.top + glass.bottom) / 2),
    reach,
    threshold: (tuning.lineShare * along) / (glass.bottom - glass.top + 1),
    gap: Math.max(1, Math.round(tuning.lineGap * cell)),
    snap: tuning.snap,
    sideStrength: along / (glass.bottom - glass.top + 1),
    outside: Math.max(2, Math.round(tuning.crossingOutside * (right - left + 1))),
    crossingFrom: tuning.crossingStart * (glass.bottom - glass.top + 1),
    crossingLine: tuning.crossingLine,
    crossingShare: tuning.crossingShare,
    handrail: tuning.handrail,
  };
  return { left, right, top: lineEnd(ends, -1), bottom: lineEnd(ends, 1) };
}

/** The gradient across column x at row y (0 outside the photo). */
function edgeAt(image: FacadeImage, x: number, y: number): number {
  const { width, verticalEdgeSums } = image;
  return x < 0 || x >= width
    ? 0
    : (verticalEdgeSums[(y + 1) * width + x] as number) - (verticalEdgeSums[y * width + x] as number);
}

/** The strongest gradient across columns x − 1…x + 1 at row y. */
export function lineNear(image: FacadeImage, x: number, y: number): number {
  return Math.max(edgeAt(image, x - 1, y), edgeAt(image, x, y), edgeAt(image, x + 1, y));
}

/** How strong both side lines are at row y: the weaker of the two. */
function bothLines(image: FacadeImage, left: number, right: number, y: number): number {
  return Math.min(lineNear(image, left, y), lineNear(image, right, y));
}

/** What `lineEnd` follows the side lines with (`openingAroundGlass`). */
interface LineEnds {
  image: FacadeImage;
  left: number;
  right: number;
  insetX: number;
  /** The glass's middle row, where the lines are followed from… */
  middle: number;
  /** …at most this far… */
  reach: number;
  /** …while both are at least this strong… */
  threshold: number;
  /** …but for gaps of at most this many rows; then snapped to the strongest row within `snap`. */
  gap: number;
  snap: number;
  /** The side lines' mean strength along the glass. */
  sideStrength: number;
  /** A crossing line runs on this far outside both sides… */
  outside: number;
  /** …from this far below the middle… */
  crossingFrom: number;
  /** …at least this share of the side lines' strength inside, and this share of that outside. */
  crossingLine: number;
  crossingShare: number;
  /** …or, above 0, a line this share of the side lines' strength outside both sides, whatever it is inside. */
  handrail: number;
}

/** Whether row y is a line across the window that runs on beyond both sides (a rail, a sill). */
function crossing(ends: LineEnds, y: number): boolean {
  const { image, left, right, insetX, outside } = ends;
  if (ends.handrail > 0 && ends.sideStrength > 0) {
    const handrail = ends.handrail * ends.sideStrength;
    if (
      rowEdge(image, y, left - outside, left - 2) >= handrail &&
      rowEdge(image, y, right + 2, right + outside) >= handrail
    )
      return true;
  }
  const inner = rowEdge(image, y, left + insetX, right - insetX);
  if (inner < ends.crossingLine * ends.sideStrength) return false;
  const share = ends.crossingShare * inner;
  return (
    rowEdge(image, y, left - outside, left - 2) >= share &&
    rowEdge(image, y, right + 2, right + outside) >= share
  );
}

/** Where both side lines stop going up (−1) or down (1), snapped to the strongest row near it. */
function lineEnd(ends: LineEnds, direction: 1 | -1): number {
  const { image, middle, reach, left, right, insetX } = ends;
  const { height } = image;
  let last = middle;
  let missed = 0;
  for (let y = middle; Math.abs(y - middle) <= reach && y >= 0 && y < height; y += direction) {
    if (direction === 1 && y - middle >= ends.crossingFrom && crossing(ends, y)) {
      last = y;
      break;
    }
    if (bothLines(image, left, right, y) >= ends.threshold) {
      last = y;
      missed = 0;
    } else if (++missed > ends.gap) {
      break;
    }
  }
  let chosen = last;
  let chosenStrength = -1;
  for (let y = Math.max(0, last - ends.snap); y <= Math.min(height - 1, last + ends.snap); y++) {
    const value = rowEdge(image, y, left + insetX, right - insetX);
    if (value > chosenStrength) {
      chosenStrength = value;
      chosen = y;
    }
  }
  return chosen;
}

/**
 * The mean colours of columns `first`…`last` over rows top…bottom (`lineColour`), each read
 * when first asked for: the pairs of candidate sides of `openingAroundGlass` ask for the same
 * columns again and again. In one array indexed by column, not a map of arrays: this runs for
 * up to 60 repeats of each "select all similar"
 * (docs/decisions/213-select-all-similar-cheaper-clicks.md).
 */
interface ColumnColours {
  image: FacadeImage;
  first: number;
  top: number;
  bottom: number;
  /** L, a, b of each column from `first` on. */
  values: Float64Array;
  /** 1 where the column's colour is read. */
  known: Uint8Array;
}

function columnColours(
  image: FacadeImage,
  first: number,
  last: number,
  top: number,
  bottom: number,
): ColumnColours {
  const count = Math.max(0, last - first + 1);
  return { image, first, top, bottom, values: new Float64Array(3 * count), known: new Uint8Array(count) };
}

/** The index into `colours.values` of column `x`'s colour, read if it was not yet. */
function columnColourAt(colours: ColumnColours, x: number): number {
  const at = x - colours.first;
  if (at < 0 || at >= colours.known.length) throw new RangeError(`column ${x} outside the colours read`);
  if (colours.known[at] !== 1) {
    const colour = lineColour(colours.image, true, x, colours.top, colours.bottom);
    colours.values[3 * at] = colour[0] as number;
    colours.values[3 * at + 1] = colour[1] as number;
    colours.values[3 * at + 2] = colour[2] as number;
    colours.known[at] = 1;
  }
  return 3 * at;
}

/** `colourDistance` of the colours of columns `a` and `b`. */
function columnDistance(colours: ColumnColours, a: number, b: number): number {
  const atA = columnColourAt(colours, a);
  const atB = columnColourAt(colours, b);
  const { values } = colours;
  const l = (values[atA] as number) - (values[atB] as number);
  const greenRed = (values[atA + 1] as number) - (values[atB + 1] as number);
  const blueYellow = (values[atA + 2] as number) - (values[atB + 2] as number);
  return Math.sqrt(l * l + greenRed * greenRed + blueYellow * blueYellow);
}

/**
 * How unlike a pair of side lines are when mirrored: outside and inside each side, step by
 * step outwards and inwards, the colour distance of the two columns. The pair's score is
 * `strength` less `weight` × the mismatch / (2 × `mirrorWidth`); the sum only grows, so once the
 * score of the sum so far is no better than `best` the pair cannot be chosen and the rest is
 * not read (infinity; the same pair is chosen, docs/decisions/364-preparation-same-answers-sooner.md).
 */
function mirrorMismatch(
  colours: ColumnColours,
  low: number,
  high: number,
  mirrorWidth: number,
  against: { strength: number; weight: number; best: number },
): number {
  let mismatch = 0;
  for (let step = 0; step < mirrorWidth; step++) {
    mismatch +=
      columnDistance(colours, low - 1 - step, high + 1 + step) +
      columnDistance(colours, low + step, high - step);
    if (against.strength - (against.weight * mismatch) / (2 * mirrorWidth) <= against.best) {
      return Number.POSITIVE_INFINITY;
    }
  }
  return mismatch;
}

/**
 * Mean OKLab colour of a rectangle. The sum is a function of its own: optimised inside its
 * loop, code after the loop gave up at its first comparison on every call (42 times in 20
 * select-all-similar clicks; docs/decisions/165-first-clicks-without-deopts.md).
 */
export function boxColour(image: FacadeImage, box: Rectangle): Float64Array {
  const colour = new Float64Array(3);
  const { lab, width, height } = image;
  const count = addBoxColours(
    lab,
    width,
    Math.max(0, box.left),
    Math.min(width - 1, box.right),
    Math.max(0, box.top),
    Math.min(height - 1, box.bottom),
    colour,
  );
  const divisor = Math.max(1, count);
  colour[0] = (colour[0] as number) / divisor;
  colour[1] = (colour[1] as number) / divisor;
  colour[2] = (colour[2] as number) / divisor;
  return colour;
}

/** Adds the OKLab colour of each pixel of a box (sides inclusive) to `sum`; returns the pixel count. */
function addBoxColours(
  lab: Float32Array,
  width: number,
  left: number,
  right: number,
  top: number,
  bottom: number,
  sum: Float64Array,
): number {
  let count = 0;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const offset = (y * width + x) * 3;
      sum[0] = (sum[0] as number) + (lab[offset] as number);
      sum[1] = (sum[1] as number) + (lab[offset + 1] as number);
      sum[2] = (sum[2] as number) + (lab[offset + 2] as number);
      count++;
    }
  }
  return count;
}

/**
 * How a pane grows into its window across glazing bars (decision 058): a bar is at most
 * `barWidth` superpixel sizes (and at least `minimumBar` pixels: the image's 1-pixel blur
 * widens a thin bar) of lines unlike the pane; beyond it the next pane's lines are within
 * `alike` of the pane's colour for at least `minimumPane` × the pane's width; at most
 * `panes` more each way.
 */
const paneToWindow = { barWidth: 0.3, minimumBar: 3, alike: 8, minimumPane: 0.3, panes: 4 };

/**
 * The glass grown under a click is often one pane of a window with glazing bars: beyond a
 * thin bar (a few lines of another colour) lies glass like it again. The box grows pane by
 * pane across such bars, left and right, before the window's frame is looked for; a stone
 * surround or the wall beyond the frame is wider than a bar. (Up and down across transoms
 * was tried and scored no better: the side lines already run the window's height.)
 */
export function panesAcrossBars(
  image: FacadeImage,
  glass: Rectangle,
  wideBar?: { maximum: number; isBar: (from: number, to: number) => boolean },
): Rectangle {
  const { width } = image;
  const tuning = paneToWindow;
  const cell = Math.sqrt((width * image.height) / image.superpixels.count);
  const narrowMaximum = Math.max(tuning.minimumBar, Math.round(tuning.barWidth * cell));
  // A wider bar (a painted mullion, docs/decisions/189) when the caller tells it from a pier.
  const barMaximum = Math.max(narrowMaximum, wideBar?.maximum ?? 0);
  const box = { ...glass };
  const insetY = Math.floor(0.15 * (glass.bottom - glass.top));
  const insetX = Math.floor(0.15 * (glass.right - glass.left));
  const paneColour = boxColour(image, {
    left: glass.left + insetX,
    right: glass.right - insetX,
    top: glass.top + insetY,
    bottom: glass.bottom - insetY,
  });
  const paneWidth = glass.right - glass.left + 1;
  const isPaneLike = (x: number) =>
    colourDistance(lineColour(image, true, x, glass.top + insetY, glass.bottom - insetY), paneColour) <=
    tuning.alike;
  const isInside = (x: number) => x >= 0 && x < width;
  for (const direction of [1, -1] as const) {
    for (let pane = 0; pane < tuning.panes; pane++) {
      const edge = direction === 1 ? box.right : box.left;
      let position = edge + direction;
      let bar = 0;
      while (bar <= barMaximum && isInside(position) && !isPaneLike(position)) {
        position += direction;
        bar++;
      }
      if (bar === 0 || bar > barMaximum || !isInside(position)) break;
      if (bar > narrowMaximum && !wideBar?.isBar(Math.min(edge, position), Math.max(edge, position))) break;
      let end = position;
      let lines = 1;
      while (isInside(end + direction) && lines <= 2 * paneWidth && isPaneLike(end + direction)) {
        end += direction;
        lines++;
      }
      if (lines < tuning.minimumPane * paneWidth) break;
      if (direction === 1) box.right = end;
      else box.left = end;
    }
  }
  return box;
}
