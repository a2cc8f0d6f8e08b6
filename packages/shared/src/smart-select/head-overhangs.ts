/**
 * A wall click's cut that overhangs a window's head (docs/decisions/306-cuts-over-a-window-head.md):
 * the detector (docs/decisions/051, 052) joins the dark top of a window with what flanks its
 * head at the same height (the capitals of the columns between the windows, a hood's or a
 * cornice's shadow) into one rectangle far wider than the window, while the window itself is
 * cut on its own, taller, reaching on down the facade. The window keeps its own cut; the wide
 * one is the wall around its head.
 */
import type { Rectangle } from './facade-select.ts';

export interface HeadOverhangTuning {
  /** The cut is at least this many times as wide as the window it overhangs (0: off)… */
  width: number;
  /** …and the window reaches below it by more than this many times the cut's own height. */
  below: number;
  /** The window's columns inside the cut, as a share of the window's width. */
  spans: number;
}

/**
 * Whether `cut` overhangs the head of another of `cuts`: that cut starts inside it (below its
 * top, not below its foot), reaches below its foot by more than `below` × its height, lies
 * within its columns (`spans` of its width) and is at most 1 / `width` as wide. Railings
 * (wide and low by nature, windows stand on them) neither overhang nor are overhung.
 */
export function overhangsAHead(
  cut: Rectangle,
  cuts: readonly Rectangle[],
  railings: readonly Rectangle[],
  tuning: HeadOverhangTuning,
): boolean {
  if (tuning.width <= 0 || railings.includes(cut)) return false;
  const cutWidth = cut.right - cut.left + 1;
  const cutHeight = cut.bottom - cut.top;
  return cuts.some((window) => {
    if (window === cut || railings.includes(window)) return false;
    const windowWidth = window.right - window.left + 1;
    const inside = Math.min(cut.right, window.right) - Math.max(cut.left, window.left) + 1;
    return (
      window.top > cut.top &&
      window.top <= cut.bottom &&
      window.bottom > cut.bottom + tuning.below * cutHeight &&
      inside >= tuning.spans * windowWidth &&
      cutWidth >= tuning.width * windowWidth
    );
  });
}
