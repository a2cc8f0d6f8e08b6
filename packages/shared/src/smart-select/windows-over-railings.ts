/**
 * Windows standing on a railing: where a balcony's railing lies under a column of found
 * windows, the column's window is expected right above the railing, its head at the strongest
 * line along the column's width. Light glass and grey shutters are missed by the darkness map
 * and, joined to the railing, are no enclosed piece shaped like a window; the repetition needs
 * a found window on their floor. Measurements: docs/decisions/196-windows-over-railings.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { outlineStrength } from './opening-detector.ts';
import { rowEdge } from './opening-rectangle.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

export interface WindowOverRailingTuning {
  /** The head is looked for between these multiples of the column window's height above the railing. */
  lowest: number;
  highest: number;
  /** The place is kept when its weakest side is at least this strong an edge, relative to the photo's mean. */
  outline: number;
  /**
   * A place outlined less than `outline` where the column puts it is moved onto the lines
   * nearby and kept when outlined this strongly there (0: not moved).
   */
  snappedOutline: number;
  /** A place that overlaps a found opening by more than this share of its area is not looked at. */
  overlap: number;
  /** Two windows form a column when their widths differ, and their sides are off, by at most this share. */
  sizeSlack: number;
}

export const defaultWindowOverRailingTuning: WindowOverRailingTuning = {
  lowest: 0.5,
  highest: 1.6,
  outline: 1,
  snappedOutline: 0,
  overlap: 0.2,
  sizeSlack: 0.3,
};

/**
 * The windows above `railings` in the columns of `windows` (image pixels), tested only where
 * `isSearched` holds for the place's middle (the clicked surface).
 */
export function windowsOverRailings(
  image: FacadeImage,
  windows: readonly Rectangle[],
  railings: readonly Rectangle[],
  tuning: WindowOverRailingTuning,
  isSearched: (x: number, y: number) => boolean = () => true,
  snap?: (place: Rectangle) => Rectangle,
): Rectangle[] {
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  const isWindowShaped = (r: Rectangle) => {
    const w = r.right - r.left + 1;
    const h = r.bottom - r.top + 1;
    return w <= 2 * h && h <= 4 * w && Math.min(w, h) >= cell;
  };
  // A column is two windows of one width, one above the other.
  const isSameColumn = (a: Rectangle, b: Rectangle) => {
    const widthA = a.right - a.left + 1;
    const widthB = b.right - b.left + 1;
    const shared = Math.min(a.right, b.right) - Math.max(a.left, b.left) + 1;
    return (
      Math.abs(widthA - widthB) <= tuning.sizeSlack * Math.max(widthA, widthB) &&
      shared >= (1 - tuning.sizeSlack) * Math.max(widthA, widthB) &&
      (a.bottom < b.top || b.bottom < a.top)
    );
  };
  const shaped = windows.filter(isWindowShaped);
  const columns = shaped.filter((r) => shaped.some((other) => other !== r && isSameColumn(r, other)));
  const taken = [...windows, ...railings];
  const found: Rectangle[] = [];
  for (const railing of railings) {
    for (const column of columns) {
      const columnWidth = column.right - column.left + 1;
      const shared = Math.min(column.right, railing.right) - Math.max(column.left, railing.left) + 1;
      if (shared < 0.8 * columnWidth) continue;
      const columnHeight = column.bottom - column.top + 1;
      const bottom = railing.top - 1;
      // Not above another found window of the column: the head stays below it.
      let ceiling = 0;
      for (const other of taken) {
        if (other === railing || other.bottom >= bottom) continue;
        const across = Math.min(other.right, column.right) - Math.max(other.left, column.left) + 1;
        if (across >= 0.5 * columnWidth) ceiling = Math.max(ceiling, other.bottom + 1);
      }
      const from = Math.max(ceiling, Math.round(bottom - tuning.highest * columnHeight));
      const to = Math.round(bottom - tuning.lowest * columnHeight);
      let head = -1;
      let headScore = 0;
      for (let y = from; y <= to; y++) {
        const score = rowEdge(image, y, column.left, column.right);
        if (score > headScore) {
          headScore = score;
          head = y;
        }
      }
      if (head < 0) continue;
      const expected = { left: column.left, right: column.right, top: head, bottom };
      // The column window's sides may sit a few pixels off this window's frame: a place not
      // outlined where expected is moved onto the lines nearby (its foot stays on the railing),
      // and then must be outlined `snappedOutline` strongly (docs/decisions/387).
      let place = expected;
      if (outlineStrength(image, expected) < tuning.outline) {
        if (!snap || tuning.snappedOutline <= 0) continue;
        place = { ...snap(expected), bottom };
        if (place.right <= place.left || place.bottom <= place.top) continue;
        if (outlineStrength(image, place) < tuning.snappedOutline) continue;
      }
      // Free of found openings: none holds much of it, nor it much of one.
      const isTaken = (other: Rectangle) =>
        overlapArea(place, other) > tuning.overlap * Math.min(rectangleArea(place), rectangleArea(other));
      if (taken.some(isTaken)) continue;
      if (!isSearched((place.left + place.right) / 2, (place.top + place.bottom) / 2)) continue;
      found.push(place);
      taken.push(place);
    }
  }
  return found;
}
