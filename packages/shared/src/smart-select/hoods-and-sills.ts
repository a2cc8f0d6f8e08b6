/**
 * A wall click's cut that is a window's hood or sill, cut apart from the window
 * (docs/decisions/327-hoods-and-sills-apart-from-their-window.md): the shadow under a pediment
 * or a hood over a window's head, or a sill's under its foot, is found as a low rectangle of its
 * own right over (or under) the window's cut, reaching past both of its sides as a hood does.
 */
import type { Rectangle } from './facade-select.ts';

export interface HoodTuning {
  /** The cut is at most this share of the window's height (0: off)… */
  height: number;
  /** …ends at most `gap` pixels over the window's top or starts at most that under its foot… */
  gap: number;
  /** …reaches past both of the window's sides, at least `wider` more than its width in all… */
  wider: number;
  /** …and at most `widest` times its width (a window's dark head cut apart from its glass is wider). */
  widest: number;
}

/**
 * Whether `cut` is the hood or the sill of another of `cuts` (see above). Railings are neither,
 * nor is what lies within two `gap`s over or under a balcony (`balconies`): the underside of a
 * balcony's slab over a window below it.
 */
export function isHoodOrSill(
  cut: Rectangle,
  cuts: readonly Rectangle[],
  railings: readonly Rectangle[],
  balconies: readonly Rectangle[],
  tuning: HoodTuning,
): boolean {
  if (tuning.height <= 0 || railings.includes(cut)) return false;
  const isByBalcony = balconies.some((balcony) => {
    const overlap = Math.min(balcony.right, cut.right) - Math.max(balcony.left, cut.left) + 1;
    const apart = Math.max(balcony.top - cut.bottom, cut.top - balcony.bottom) - 1;
    return overlap > 0 && apart <= 2 * tuning.gap;
  });
  if (isByBalcony) return false;
  const cutWidth = cut.right - cut.left + 1;
  const cutHeight = cut.bottom - cut.top + 1;
  return cuts.some((window) => {
    if (window === cut || railings.includes(window)) return false;
    const windowWidth = window.right - window.left + 1;
    const windowHeight = window.bottom - window.top + 1;
    if (cutHeight > tuning.height * windowHeight) return false;
    if (cut.left > window.left || cut.right < window.right) return false;
    if (cutWidth < (1 + tuning.wider) * windowWidth || cutWidth > tuning.widest * windowWidth) return false;
    const over = window.top - cut.bottom - 1;
    const under = cut.top - window.bottom - 1;
    return (over >= -1 && over <= tuning.gap) || (under >= -1 && under <= tuning.gap);
  });
}
