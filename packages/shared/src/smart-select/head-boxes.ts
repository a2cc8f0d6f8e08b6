/**
 * A window's head box joined to it (docs/decisions/480-window-head-boxes.md): the box of a
 * roller blind (or a dark transom) over a window is cut by the detector as a low strip of its
 * own, apart from the glass by the blind let down under it, which is light and may fall in the
 * wall's colour range; the blind stayed wall between two cuts, or the strip fell to the
 * ornament-strip test (docs/decisions/203) and the window's head with it. A strip over a
 * window's cut, across its columns, not reaching past both of its sides (a hood's or a
 * cornice's shadow does), at most a share of the window's smaller side above it, with the
 * window's jambs running on as edges up to it, is the window's head: the cut goes up to the
 * strip's top.
 */

import type { FacadeImage, Rectangle } from './facade-select.ts';
import { averageEdgeStrength } from './opening-detector.ts';
import { columnEdge } from './opening-rectangle.ts';

export interface HeadBoxTuning {
  /** The strip is at most this share of the window's height high (0: off)… */
  height: number;
  /** …at least this many times as wide as high… */
  aspect: number;
  /** …lies at most this share of the window's smaller side above its top… */
  gap: number;
  /** …the strips so found span at least this share of the window's width… */
  spans: number;
  /** …none reaching past both of its sides by more than this share of its width… */
  past: number;
  /** …and both of the window's sides are edges along the rows between, this many times the photo's mean edge. */
  jambs: number;
}

/**
 * `windows` with each one under head boxes among `boxes` (see above) grown up to their top.
 * Railings and strips themselves (`isStrip`) take no box.
 */
export function withHeadBoxes(
  image: FacadeImage,
  windows: readonly Rectangle[],
  boxes: readonly Rectangle[],
  railings: readonly Rectangle[],
  isStrip: (cut: Rectangle) => boolean,
  tuning: HeadBoxTuning,
): Rectangle[] {
  if (tuning.height <= 0) return [...windows];
  const jambLimit = tuning.jambs * averageEdgeStrength(image);
  return windows.map((window) => {
    if (railings.includes(window) || isStrip(window)) return window;
    const width = window.right - window.left + 1;
    const height = window.bottom - window.top + 1;
    const slack = tuning.past * width;
    const found: Rectangle[] = [];
    let across = 0;
    for (const box of boxes) {
      if (box === window || railings.includes(box)) continue;
      const boxHeight = box.bottom - box.top + 1;
      if (boxHeight > tuning.height * height || box.right - box.left + 1 < tuning.aspect * boxHeight)
        continue;
      const gap = window.top - box.bottom - 1;
      if (gap < 0 || gap > tuning.gap * Math.min(height, width)) continue;
      const overlap = Math.min(box.right, window.right) - Math.max(box.left, window.left) + 1;
      if (overlap <= 0) continue;
      if (window.left - box.left > slack && box.right - window.right > slack) continue;
      // One box per stretch of the window's columns (a strip may be listed twice).
      if (found.some((other) => other.left <= box.right && box.left <= other.right)) continue;
      found.push(box);
      across += overlap;
    }
    if (found.length === 0 || across < tuning.spans * width) return window;
    const between = Math.max(...found.map((box) => box.bottom)) + 1;
    if (between < window.top && !jambsRunOn(image, window, between, window.top - 1, jambLimit)) return window;
    return { ...window, top: Math.min(...found.map((box) => box.top)) };
  });
}

/**
 * Whether both sides of `window` (each within two pixels, where its line may lie) are edges of
 * at least `limit` along rows `top`…`bottom`: the frame's jambs go on up past a blind. A wall's
 * stretch between a window and a hood's shadow has no such lines.
 */
function jambsRunOn(
  image: FacadeImage,
  window: Rectangle,
  top: number,
  bottom: number,
  limit: number,
): boolean {
  const side = (x: number) => {
    let strongest = 0;
    for (let at = x - 2; at <= x + 2; at++)
      strongest = Math.max(strongest, columnEdge(image, at, top, bottom));
    return strongest;
  };
  return side(window.left) >= limit && side(window.right) >= limit;
}
