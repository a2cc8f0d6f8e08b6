/**
 * A railing at the foot of a window, reaching past both of its sides: a balcony however faint its
 * handrail and slab lines (docs/decisions/470-balcony-at-a-window-foot.md). The railing bands of
 * `balcony-openings.ts` keep a band whose top and bottom lines are strong (decision 155), or
 * beside such a one on its floor; a cast-iron railing of dense scrollwork, dark on a light wall,
 * has no clean handrail line and a thin slab, and stands alone on its floor. What marks it is the
 * window it stands before: a tall opening found by the detector whose foot lies behind the
 * railing, which rises well above the railing, and which the railing passes on both sides, centred
 * on it. A window's grille, a panel under a window or a sill course has no such window behind it,
 * or runs on along the floor far past it.
 */
import type { Rectangle } from './facade-select.ts';

export interface WindowFootTuning {
  /** The railing's weaker line at least this × the photo's mean row edge (0: never). */
  outline: number;
  /** It passes each side of the window by at least this many superpixel sizes… */
  beyond: number;
  /** …the window at least this share of its width… */
  share: number;
  /** …its middle within this share of the railing's width of the railing's middle… */
  centre: number;
  /** …at least this many times as high as wide and 1.5 superpixel sizes high… */
  aspect: number;
  /** …and its head this many superpixel sizes or more above the railing's top. */
  rise: number;
}

export const defaultWindowFootTuning: WindowFootTuning = {
  outline: 0.5,
  beyond: 0.5,
  share: 0.4,
  centre: 0.25,
  aspect: 0.8,
  rise: 1.5,
};

/**
 * Whether one of `openings` is a window standing behind the railing from `railing.top` (its
 * handrail) to `railing.bottom` (its bars' foot), its own foot within a superpixel size (`size`,
 * pixels) of the railing's rows, as `tuning` asks.
 */
export function railingAtWindowFoot(
  railing: Rectangle,
  openings: Rectangle[],
  size: number,
  tuning: WindowFootTuning,
): boolean {
  const railingWidth = railing.right - railing.left + 1;
  return openings.some((opening) => {
    const openingWidth = opening.right - opening.left + 1;
    const openingHeight = opening.bottom - opening.top + 1;
    return (
      openingHeight >= 1.5 * size &&
      openingHeight >= tuning.aspect * openingWidth &&
      opening.top <= railing.top - tuning.rise * size &&
      opening.bottom >= railing.top - size &&
      opening.bottom <= railing.bottom + size &&
      opening.left - railing.left >= tuning.beyond * size &&
      railing.right - opening.right >= tuning.beyond * size &&
      openingWidth >= tuning.share * railingWidth &&
      Math.abs(opening.left + opening.right - railing.left - railing.right) / 2 <=
        tuning.centre * railingWidth
    );
  });
}
