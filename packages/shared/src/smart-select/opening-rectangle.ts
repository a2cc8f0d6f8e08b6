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
