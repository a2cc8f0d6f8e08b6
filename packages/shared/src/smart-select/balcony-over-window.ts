/**
 * A balcony standing over a window goes down to that window's head: the consoles under its slab
 * and the carved head between them (a frieze, a grille) belong to the balcony in the CMP labels,
 * which end it where the window below begins (docs/decisions/415-balcony-down-to-the-window-under-it.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { colourDistance } from './opening-rectangle.ts';
import { besideStrips, rowColour } from './row-measures.ts';

export interface BalconyOverWindowTuning {
  /** The window's head at most this many pixels under the balcony's foot (0: never). */
  reach: number;
  /** The window's middle at most this share of the balcony's width off the balcony's middle. */
  centre: number;
  /** The window at least this share of the balcony's width. */
  share: number;
  /** The window at least this many times as high as wide. */
  aspect: number;
  /** A row between them is the balcony's own when its colour is this far (OKLab × 100) from the wall beside it… */
  near: number;
  /** …and at least this share of the rows between them are. */
  own: number;
  /** Then it is this many superpixel sizes wider on each side: its slab's and consoles' ends (docs/decisions/415). */
  widen: number;
  /** A superpixel size, in pixels: the wall beside is read that wide, that far from the box. */
  size: number;
}

/**
 * `box` grown down to the row above the head of the nearest window under it within `reach`: a
 * window (at least `aspect` × as high as wide, not the wide strip of a grille panel between the
 * consoles) about as wide as the balcony and centred under it, whose head is not on another
 * balcony's rail (an opening found from a railing's top down is that lower balcony's window, not
 * a window's head). The rows between them must be the balcony's own: at least `own` of them
 * `near` or further from the wall beside them (consoles, a carved head, shade), not plain wall
 * or a course running on beside it. The balcony then widens by `widen` on each side: its slab and
 * consoles reach past the railing.
 */
export function downToTheWindowUnder(
  image: FacadeImage,
  box: Rectangle,
  openings: readonly Rectangle[],
  balconies: readonly Rectangle[],
  tuning: BalconyOverWindowTuning,
): Rectangle {
  if (tuning.reach <= 0) return box;
  const width = box.right - box.left + 1;
  const middle = (box.left + box.right) / 2;
  let head = Number.POSITIVE_INFINITY;
  for (const opening of openings) {
    if (opening.top <= box.bottom + 1 || opening.top - box.bottom - 1 > tuning.reach) continue;
    const openingWidth = opening.right - opening.left + 1;
    if (Math.abs((opening.left + opening.right) / 2 - middle) > tuning.centre * width) continue;
    if (openingWidth < tuning.share * width) continue;
    if (opening.bottom - opening.top + 1 < tuning.aspect * openingWidth) continue;
    // A window found from a railing's top down is the lower balcony's, not a window's head.
    const onARailing = balconies.some(
      (other) =>
        other !== box &&
        other.left <= opening.right &&
        other.right >= opening.left &&
        other.top - 2 <= opening.top &&
        other.bottom >= opening.top,
    );
    if (onARailing) continue;
    head = Math.min(head, opening.top);
  }
  if (!Number.isFinite(head)) return box;
  const { size } = tuning;
  const sides = besideStrips(image, box, size);
  if (sides.length === 0) return box;
  let own = 0;
  for (let y = box.bottom + 1; y < head; y++) {
    const row = rowColour(image, y, box.left, box.right);
    const unlike = sides.every(
      ([left, right]) => colourDistance(row, rowColour(image, y, left, right)) >= tuning.near,
    );
    if (unlike) own++;
  }
  if (own < tuning.own * (head - 1 - box.bottom)) return box;
  // The slab and the consoles under it stand wider than the railing.
  const widen = Math.round(tuning.widen * size);
  return {
    left: Math.max(0, box.left - widen),
    top: box.top,
    right: Math.min(image.width - 1, box.right + widen),
    bottom: head - 1,
  };
}
