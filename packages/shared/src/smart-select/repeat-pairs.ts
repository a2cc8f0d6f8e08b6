/**
 * "Select all similar": two neighbouring repeats on one wider window become one
 * (docs/decisions/357-select-all-similar-pairs-on-one-window.md). The grid places its repeats
 * at the example's size; where a floor's windows are wider than the example (cmp_b0001's lower
 * floors: one wide window per bay under two narrow ones; cmp_b0003's shuttered windows: a
 * repeat per leaf), two repeats land on each window. What tells them from two windows is the
 * window's head and sill: its top and bottom frame lines run unbroken across the gap between
 * the two repeats (a mullion, the glass), where a pier of wall between two windows breaks them.
 * The joined repeat ends at those lines where the repeats took rows over or under them
 * (docs/decisions/372-select-all-similar-joined-pair-head-and-sill.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

/** Two repeats are on one floor when their heights overlap by at least this share of the shorter. */
const sameFloor = 0.7;
/**
 * The gap between the two is at most this share of the narrower one's width (0.8 joined two
 * windows behind one glazed gallery, whose mullions' lines run across a wider gap)…
 */
const widestGap = 0.65;
/** …and they overlap by at most this share of it. */
const deepestOverlap = 0.3;
/** The gap (or the overlap) is at least this many columns: a line is judged across it. */
const narrowestGap = 2;
/**
 * The line above and the line below the pair, where both repeats show their strongest, go
 * on across the gap at least this strong (a share of the weaker repeat's line strength).
 */
const unbroken = 0.9;
/**
 * Two repeats whose heights differ by at most this share of the taller are both the window's
 * height: their union is taken; otherwise one took more than the window (a balcony's railing
 * under it, cmp_b0006) and only the rows both share are.
 */
const alikeHeights = 0.15;
/** The lines are looked for this share of the pair's height beyond its top and bottom. */
const lineReach = 0.2;

export interface PairsTuning {
  /**
   * A side of the joined repeat moves onto a column line within the outer half of its repeat
   * when that line is at least this many times as strong as the side's own (a row of columns
   * either side): each repeat of the pair, placed at the example's size, may reach past the
   * window's jamb onto the wall. Both are read between the window's head and sill where the
   * test found those (decision 372's bar), over the rows a window's jambs run: over the union's
   * rows, which take the wall over the head and a balcony's recess, the recess's sides read as
   * strong as the jambs (cmp_b0001). 1.5 before docs/decisions/373.
   */
  strongerJamb: number;
  /**
   * The joined repeat ends at the head and sill lines its test found where they lie inside it and
   * at least this share of its height apart: the rows over the head and under the sill are the
   * wall and a balcony's railing that the example-sized repeats took (cmp_b0006). Lines nearer
   * together are a transom and the glass's middle, not the window's ends (cmp_b0001's joined
   * windows: their lines 1–20 rows apart in 41); 0 never moves them (docs/decisions/372).
   */
  headToSill: number;
}

export const defaultPairsTuning: PairsTuning = { strongerJamb: 1.1, headToSill: 0.7 };

/**
 * The repeats (the example first, left as the user marked it) with each pair on one window
 * replaced by their union, in the first one's place.
 */
export function joinPairsOnOneWindow(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: PairsTuning = defaultPairsTuning,
): Rectangle[] {
  const joined: Rectangle[] = [...repeats];
  // A repeat joins one partner at most; the second of each pair goes.
  const paired = new Set<number>();
  const gone = new Set<number>();
  for (let first = 1; first < repeats.length; first++) {
    if (paired.has(first)) continue;
    const a = repeats[first] as Rectangle;
    const second = rightNeighbour(repeats, first, paired);
    if (second < 0) continue;
    const b = repeats[second] as Rectangle;
    const lines = headAndSill(image, a, b);
    if (!lines) continue;
    const heightA = a.bottom - a.top + 1;
    const heightB = b.bottom - b.top + 1;
    const alike = Math.abs(heightA - heightB) <= alikeHeights * Math.max(heightA, heightB);
    const union = {
      left: Math.min(a.left, b.left),
      top: alike ? Math.min(a.top, b.top) : Math.max(a.top, b.top),
      right: Math.max(a.right, b.right),
      bottom: alike ? Math.max(a.bottom, b.bottom) : Math.min(a.bottom, b.bottom),
    };
    const sides = withSidesOnJambs(image, union, a, b, jambRows(union, lines, tuning), tuning.strongerJamb);
    joined[first] = withinHeadAndSill(sides, lines, tuning);
    paired.add(first);
    paired.add(second);
    gone.add(second);
  }
  return joined.filter((_, index) => !gone.has(index));
}

/** The index of the nearest repeat to the right of `at` on its floor (not the example), or -1. */
function rightNeighbour(repeats: Rectangle[], at: number, paired: Set<number>): number {
  const a = repeats[at] as Rectangle;
  let chosen = -1;
  for (let index = 1; index < repeats.length; index++) {
    const b = repeats[index] as Rectangle;
    if (index === at || b.left <= a.left) continue;
    const shared = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
    if (shared < sameFloor * Math.min(a.bottom - a.top + 1, b.bottom - b.top + 1)) continue;
    if (chosen < 0 || b.left < (repeats[chosen] as Rectangle).left) chosen = index;
  }
  if (chosen < 0 || paired.has(chosen)) return -1;
  const b = repeats[chosen] as Rectangle;
  const gap = b.left - a.right - 1;
  const narrower = Math.min(a.right - a.left + 1, b.right - b.left + 1);
  if (gap > widestGap * narrower || gap < -deepestOverlap * narrower) return -1;
  return chosen;
}

/**
 * The rows of the strongest lines near the top and the bottom of both repeats (the window's
 * head and sill) when both go on across their gap; null when either breaks there.
 */
function headAndSill(image: FacadeImage, a: Rectangle, b: Rectangle): { head: number; sill: number } | null {
  // The gap's columns, or where the two overlap, their shared columns.
  const from = Math.min(a.right, b.left - 1) + 1;
  const to = Math.max(b.left, a.right + 1) - 1;
  if (to - from + 1 < narrowestGap) return null;
  const top = Math.max(a.top, b.top);
  const bottom = Math.min(a.bottom, b.bottom);
  const height = bottom - top + 1;
  const middle = Math.round(top + height / 2);
  const reach = Math.round(lineReach * height);
  const head = unbrokenLine(image, a, b, from, to, top - reach, middle);
  if (head < 0) return null;
  const sill = unbrokenLine(image, a, b, from, to, middle, bottom + reach);
  return sill < 0 ? null : { head, sill };
}

/** `joined` ending at the head and sill lines where they lie inside it, `headToSill` of its height apart. */
function withinHeadAndSill(
  joined: Rectangle,
  lines: { head: number; sill: number },
  tuning: PairsTuning,
): Rectangle {
  if (!areWindowEnds(joined, lines, tuning)) return joined;
  return { ...joined, top: Math.max(joined.top, lines.head), bottom: Math.min(joined.bottom, lines.sill) };
}

/** Whether the head and sill lines lie `headToSill` of the repeat's height apart: the window's ends. */
function areWindowEnds(
  repeat: Rectangle,
  { head, sill }: { head: number; sill: number },
  { headToSill }: PairsTuning,
): boolean {
  return headToSill > 0 && sill - head >= headToSill * (repeat.bottom - repeat.top + 1);
}

/**
 * The rows over which the jambs are read: between the head and sill lines where those are the
 * window's ends, else the union's (docs/decisions/373).
 */
function jambRows(
  union: Rectangle,
  lines: { head: number; sill: number },
  tuning: PairsTuning,
): { top: number; bottom: number } {
  return areWindowEnds(union, lines, tuning) ? { top: lines.head, bottom: lines.sill } : union;
}

/**
 * The row between `firstRow` and `lastRow` where both repeats have their strongest horizontal
 * line (the weaker of the two counted) when it goes on across the columns `from`–`to` (a row
 * either side allowed: a line a pixel off over the gap is the same line); −1 when it breaks.
 */
function unbrokenLine(
  image: FacadeImage,
  a: Rectangle,
  b: Rectangle,
  from: number,
  to: number,
  firstRow: number,
  lastRow: number,
): number {
  let lineRow = -1;
  let strength = 0;
  for (let y = Math.max(1, firstRow); y <= Math.min(image.height - 2, lastRow); y++) {
    const shared = Math.min(lineAlong(image, y, a.left, a.right), lineAlong(image, y, b.left, b.right));
    if (shared > strength) {
      strength = shared;
      lineRow = y;
    }
  }
  if (lineRow < 0) return -1;
  let across = 0;
  for (let y = lineRow - 1; y <= lineRow + 1; y++) across = Math.max(across, lineAlong(image, y, from, to));
  return across >= unbroken * strength ? lineRow : -1;
}

/** The mean horizontal-line strength (the colour's gradient down the rows) of row `y` over `left`–`right`. */
function lineAlong(image: FacadeImage, y: number, left: number, right: number): number {
  const { width, horizontalEdgeSums } = image;
  const start = y * (width + 1);
  return (
    ((horizontalEdgeSums[start + right + 1] as number) - (horizontalEdgeSums[start + left] as number)) /
    (right - left + 1)
  );
}

/**
 * `union` with its left side on the strongest column line in the outer half of `a` and its
 * right side on the strongest in the outer half of `b`, where those are `strongerJamb` times
 * as strong as the sides' own lines, both read over `top`–`bottom`.
 */
function withSidesOnJambs(
  image: FacadeImage,
  union: Rectangle,
  a: Rectangle,
  b: Rectangle,
  { top, bottom }: { top: number; bottom: number },
  strongerJamb: number,
): Rectangle {
  const ownLine = (x: number) =>
    Math.max(
      columnLine(image, Math.max(0, x - 1), top, bottom),
      columnLine(image, x, top, bottom),
      columnLine(image, Math.min(image.width - 1, x + 1), top, bottom),
    );
  let left = union.left;
  let strongest = strongerJamb * ownLine(union.left);
  for (let x = a.left + 1; x <= Math.round((a.left + a.right) / 2); x++) {
    const strength = columnLine(image, x, top, bottom);
    if (strength > strongest) {
      strongest = strength;
      left = x;
    }
  }
  let right = union.right;
  strongest = strongerJamb * ownLine(union.right);
  for (let x = Math.round((b.left + b.right) / 2); x < b.right; x++) {
    const strength = columnLine(image, x, top, bottom);
    if (strength > strongest) {
      strongest = strength;
      right = x;
    }
  }
  return { ...union, left, right };
}

/** The mean vertical-line strength (the colour's gradient across the columns) of column `x` over `top`–`bottom`. */
function columnLine(image: FacadeImage, x: number, top: number, bottom: number): number {
  const { width, verticalEdgeSums } = image;
  return (
    ((verticalEdgeSums[(bottom + 1) * width + x] as number) - (verticalEdgeSums[top * width + x] as number)) /
    (bottom - top + 1)
  );
}
