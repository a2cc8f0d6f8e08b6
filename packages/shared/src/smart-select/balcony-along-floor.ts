/**
 * A balcony found goes on along its floor as far as its slab and its bars do. A floor-long
 * balcony is often found over part of its length only (cmp_b0012: the railing's ends before
 * shutters, where its handrail line fades and the railing cells thin out), and the CMP labels
 * count its whole length. The slab's line runs on under the whole railing; a cornice or string
 * course has such a line too but no bars above it. The stretches added run from the handrail
 * down to the slab's line only: the balcony's own box often reaches further below (its lowest
 * line, cmp_b0004's roof balustrade), and copied along the floor that wall would go with it.
 * Measured: docs/decisions/268-balconies-along-their-slab.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { rowEdge } from './opening-rectangle.ts';

export interface BalconyAlongTuning {
  /** The slab's line over a stretch at least this share as strong as over the balcony (0: never)… */
  share: number;
  /** …and at least this strong (the photo's mean row edge times a tuning factor). */
  least: number;
  /** The stretches are this many pixels wide (a superpixel size). */
  stretch: number;
}

/** The strongest row line within `reach` rows of `y`, over the columns from `left` to `right`. */
function lineNear(image: FacadeImage, y: number, reach: number, left: number, right: number): number {
  let best = 0;
  for (let at = Math.max(0, y - reach); at <= Math.min(image.height - 1, y + reach); at++)
    best = Math.max(best, rowEdge(image, at, left, right));
  return best;
}

/**
 * The stretches beside `box` (a balcony from its handrail, `box.top`, with its slab's line at
 * `slabLine`) over which the slab's line runs on and `hasBars(left, right)` holds, taken a
 * `stretch` at a time outward from each side until one fails: at most one rectangle each side,
 * from the handrail down to the slab's line.
 */
export function balconyAlongItsFloor(
  image: FacadeImage,
  box: Rectangle,
  slabLine: number,
  tuning: BalconyAlongTuning,
  hasBars: (left: number, right: number) => boolean,
): Rectangle[] {
  if (tuning.share <= 0) return [];
  const stretch = Math.max(1, Math.round(tuning.stretch));
  const reach = Math.max(1, Math.round(stretch / 8));
  const slab = lineNear(image, slabLine, 0, box.left, box.right);
  const least = Math.max(tuning.least, tuning.share * slab);
  const runsOn = (left: number, right: number) =>
    lineNear(image, slabLine, reach, left, right) >= least && hasBars(left, right);
  let left = box.left;
  while (left > 0) {
    const from = Math.max(0, left - stretch);
    if (!runsOn(from, left - 1)) break;
    left = from;
  }
  let right = box.right;
  while (right < image.width - 1) {
    const to = Math.min(image.width - 1, right + stretch);
    if (!runsOn(right + 1, to)) break;
    right = to;
  }
  const sides: Rectangle[] = [];
  if (left < box.left) sides.push({ left, top: box.top, right: box.left - 1, bottom: slabLine });
  if (right > box.right) sides.push({ left: box.right + 1, top: box.top, right, bottom: slabLine });
  return sides;
}
