/**
 * A window of "select all similar" ends at the handrail of a balcony in front of its lower part:
 * the labels (and a user) end a window there, while its repeat, a copy of the example or its own
 * frame, runs on down behind the railing (cmp_b0006's upper floors of French windows, cmp_b0004's
 * middle window over its balcony). The balconies are the photo's own, found once per photo
 * (`FacadeImage.balconyOpenings`, decisions 155, 183, 267, 268): their top is the handrail.
 * Measured: docs/decisions/297-select-all-similar-windows-end-at-balcony-rails.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

export interface BalconyRailTuning {
  /**
   * A balcony ends a window when its railing spans at least this share of the window's width
   * (pieces of one railing side by side count together): a railing runs across a window, a
   * small piece found under its middle may be something in the window. 0 switches the step off.
   */
  spanned: number;
  /** …and its handrail is below this share of the window's height (a window is not cut to less). */
  lowest: number;
}

export const defaultBalconyRailTuning: BalconyRailTuning = { spanned: 0.8, lowest: 0.5 };

/**
 * The windows (the example first, kept as the user marked it) each ending one row above the
 * highest handrail among the balconies that cross its lower part and together span it.
 */
export function endAtBalconyRails(
  image: FacadeImage,
  windows: readonly Rectangle[],
  tuning: BalconyRailTuning = defaultBalconyRailTuning,
): Rectangle[] {
  if (tuning.spanned <= 0) return [...windows];
  return windows.map((window, index) => {
    if (index === 0) return window;
    const height = window.bottom - window.top + 1;
    const crossing = image.balconyOpenings.filter(
      (balcony) =>
        balcony.right >= window.left &&
        balcony.left <= window.right &&
        balcony.top > window.top + tuning.lowest * height &&
        balcony.top <= window.bottom,
    );
    if (crossing.length === 0) return window;
    let spanned = 0;
    for (let x = window.left; x <= window.right; x++) {
      if (crossing.some((balcony) => balcony.left <= x && balcony.right >= x)) spanned++;
    }
    if (spanned < tuning.spanned * (window.right - window.left + 1)) return window;
    const handrail = Math.min(...crossing.map((balcony) => balcony.top));
    return { ...window, bottom: handrail - 1 };
  });
}
