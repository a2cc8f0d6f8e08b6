/**
 * A railing read beside a window's foot: a balcony whose bars are too sparse for the railing
 * cells of `balcony-openings.ts` (decision 155 asks for bars' edges in 40 % of the cells along a
 * row; a cast-iron railing's scrollwork or thin balusters before a window's dark glass break into
 * pieces a row or two high, or join the shutters above into a band too tall). What marks it is
 * the window it stands before: beside the window's upper half the wall is calm, beside its foot
 * the rows are crossed by bars on both sides; the bars end a little past the window on each side,
 * where the wall beside goes on calm. Open shutters or a pilaster beside a window are as busy
 * beside its upper half (no contrast), a sill's or hood's shadow has no bars, and a floor-long
 * balustrade or frieze does not end beside the window. Measured:
 * docs/decisions/530-railing-beside-a-window-foot.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { columnEdge, rowEdge } from './opening-rectangle.ts';
import { barsOver, meanBars, strongestLine } from './row-measures.ts';
import { runsOf } from './runs.ts';

export interface RailingBesideWindowTuning {
  /**
   * The strips beside a window's foot (both together) are crossed by bars at least this many
   * times as densely as beside its upper half (0: never)…
   */
  busier: number;
  /** …and each at least this × the photo's mean. */
  least: number;
  /**
   * Over the railing's rows, each strip is crossed by at least this many bars per superpixel
   * size and row (peaks of the colour change across the row, at least twice the photo's mean):
   * a sill's or a hood's end is one edge, a railing's bars are many.
   */
  crossings: number;
  /** The railing's rows: at least this many superpixel sizes high, at most `highest`. */
  lowest: number;
  highest: number;
  /** Its columns out from the window's sides are crossed by bars at least `along` × as densely as beside its upper half… */
  along: number;
  /** It passes each side of the window by at least `beyond` superpixel sizes, and ends within `reach`. */
  beyond: number;
  reach: number;
  /** Windows at least this many superpixel sizes wide, and at least `aspect` × as high as wide. */
  width: number;
  aspect: number;
}

export const defaultRailingBesideWindowTuning: RailingBesideWindowTuning = {
  busier: 2,
  least: 0.5,
  crossings: 0.4,
  lowest: 1.5,
  highest: 5,
  along: 1.5,
  beyond: 0.5,
  reach: 6,
  width: 2,
  aspect: 1,
};

/**
 * The balconies read at the feet of `windows`, as rectangles from the railing's first busy row
 * to its slab's line (the strongest row line under the bars, within half the railing's
 * height), over the railing's columns. `size`: a superpixel size in pixels. A railing that
 * a balcony found already holds is found again: the cuts overlap, and it may reach further.
 */
export function railingsBesideWindows(
  image: FacadeImage,
  windows: readonly Rectangle[],
  size: number,
  tuning: RailingBesideWindowTuning,
): Rectangle[] {
  if (tuning.busier <= 0) return [];
  const { width, height } = image;
  const mean = meanBars(image);
  // The mean colour change across the columns from `left` to `right` over rows `top`…`bottom`.
  const bars = (left: number, right: number, top: number, bottom: number) =>
    barsOver(image, left, right, top, bottom);
  // A bar's edge: a peak along the row of the colour change across it, at least twice the mean.
  const edge = (x: number, y: number) => columnEdge(image, x, y, y);
  const crossings = (left: number, right: number, top: number, bottom: number) => {
    let count = 0;
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const at = edge(x, y);
        if (at >= 2 * mean && at >= edge(x - 1, y) && at > edge(x + 1, y)) count++;
      }
    }
    return (count * size) / ((bottom - top + 1) * (right - left + 1));
  };
  const strip = Math.max(2, Math.round(2 * size));
  const gap = Math.max(1, Math.round(size / 4));
  const smooth = Math.max(1, Math.round(size / 7));
  const bridge = Math.max(1, Math.round(size / 2));
  const boxes: Rectangle[] = [];
  const isWindow = (box: Rectangle) =>
    box.right - box.left + 1 >= tuning.width * size &&
    box.bottom - box.top + 1 >= tuning.aspect * (box.right - box.left + 1);
  for (const window of windows) {
    if (!isWindow(window)) continue;
    const windowWidth = window.right - window.left + 1;
    const windowHeight = window.bottom - window.top + 1;
    // Both strips beside it, each within the photo.
    const left: [number, number] = [window.left - strip, window.left - gap - 1];
    const right: [number, number] = [window.right + gap + 1, window.right + strip];
    if (left[0] < 0 || right[1] >= width) continue;
    const middle = window.top + Math.floor(windowHeight / 2);
    const calm = (bars(...left, window.top, middle) + bars(...right, window.top, middle)) / 2;
    const floor = tuning.least * mean;
    const isBusy = (y: number) => {
      const top = Math.max(0, y - smooth);
      const bottom = Math.min(height - 1, y + smooth);
      const l = bars(...left, top, bottom);
      const r = bars(...right, top, bottom);
      return l >= floor && r >= floor && (l + r) / 2 >= tuning.busier * Math.max(calm, floor / 2);
    };
    // Rows from the window's middle down past its foot, above the next window under it (the
    // consoles and head of a window under a balcony are busy too, and no railing).
    const from = middle + 1;
    let to = Math.min(height - 1, window.bottom + Math.round(tuning.highest * size));
    for (const other of windows) {
      const shared = Math.min(other.right, window.right) - Math.max(other.left, window.left) + 1;
      if (other.top > window.bottom && isWindow(other) && shared >= windowWidth / 2)
        to = Math.min(to, other.top - 1);
    }
    const runs = runsOf((at) => isBusy(from + at), to - from + 1, bridge).map(
      ([a, b]) => [from + a, from + b] as const,
    );
    // The first run at the window's foot: beginning above a superpixel size under it.
    const run = runs.find(([top]) => top <= window.bottom + size);
    if (!run) continue;
    const [top, bottom] = run;
    const rows = bottom - top + 1;
    if (rows < tuning.lowest * size || rows > tuning.highest * size || bottom >= to) continue;
    if (
      crossings(...left, top, bottom) < tuning.crossings ||
      crossings(...right, top, bottom) < tuning.crossings
    )
      continue;
    // Out from each side, half a superpixel size at a time, while the columns stay crossed by
    // bars: the railing ends where the wall beside it is calm.
    const chunk = Math.max(1, Math.round(size / 2));
    const threshold = Math.max(floor, tuning.along * Math.max(calm, floor / 2));
    const reach = Math.round(tuning.reach * size);
    const end = (side: -1 | 1) => {
      const start = side < 0 ? window.left - 1 : window.right + 1;
      let last = start;
      for (;;) {
        const next = last + side * chunk;
        const [a, b] = side < 0 ? [next + 1, last] : [last, next - 1];
        if (a < 0 || b >= width || bars(a, b, top, bottom) < threshold) break;
        last = next;
        if (Math.abs(last - start) > reach) return null;
      }
      return side < 0 ? last + 1 : last - 1;
    };
    const railLeft = end(-1);
    const railRight = end(1);
    if (railLeft === null || railRight === null) continue;
    const beyond = tuning.beyond * size;
    if (window.left - railLeft < beyond || railRight - window.right < beyond) continue;
    // Its slab: the strongest row line under the bars, within half the railing's height.
    const strength = (y: number) => rowEdge(image, y, railLeft, railRight);
    const slab = strongestLine(bottom + 1, Math.min(to, bottom + Math.round(rows / 2)), strength);
    boxes.push({ left: railLeft, top, right: railRight, bottom: slab.at });
  }
  return boxes;
}
