/**
 * Rectangle arithmetic shared by the smart-select modules. A leaf: it imports no smart-select
 * module that imports it, so any of them may use it without an import cycle.
 */
import type { Rectangle } from './facade-select.ts';

/** Pixels of an inclusive rectangle. */
export function rectangleArea(rectangle: Rectangle): number {
  return (rectangle.right - rectangle.left + 1) * (rectangle.bottom - rectangle.top + 1);
}

/** Pixels two rectangles share (0 when apart). */
export function overlapArea(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1;
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + 1;
  return width > 0 && height > 0 ? width * height : 0;
}

/** Whether `rectangle` overlaps none of `taken` by more than a fifth of the smaller. */
export function overlapsNoneMuch(rectangle: Rectangle, taken: readonly Rectangle[]): boolean {
  const area = rectangleArea(rectangle);
  return taken.every((other) => overlapArea(other, rectangle) <= 0.2 * Math.min(area, rectangleArea(other)));
}
