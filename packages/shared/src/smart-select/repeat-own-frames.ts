/**
 * "Select all similar": the windows a floor's own look finds (docs/decisions/279) take their own
 * frames' sides. Those windows are placed at the size of the floor's first repeat, the template
 * of the search, and come after every step that fits sizes: where the facade changes (the next
 * building of a row, an attic) its windows are wider or narrower than the template, and each
 * kept the template's size (cmp_b0003: 22 pixels over windows of 16 and 32). Route and figures:
 * docs/decisions/277-select-all-similar-found-along-take-own-frames.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { openingAroundGlass } from './opening-rectangle.ts';
import { type Side, sideLineStrength, sides } from './repeat-detected-sides.ts';
import { defaultRepeatSizeTuning } from './repeat-sizes.ts';

export interface OwnFrameTuning {
  /** A side moves to its frame's when that is within this share of the window's size (0: off)… */
  reach: number;
  /** …and its line is at least this many times as strong as the line where the side was. */
  strength: number;
  /** At most this many windows' frames are looked for (0.1–2 ms each at 1.5 MP). */
  maximumSearches: number;
}

export const defaultOwnFrameTuning: OwnFrameTuning = { reach: 0.5, strength: 1, maximumSearches: 24 };

/**
 * `windows` with each side moved to its own frame's (the frame searched as `fitRepeatSizes`
 * searches a repeat's: `openingAroundGlass` around its middle, docs/decisions/059) where that
 * side is near and at least as strong a line: a frame side on a shutter, a shadow or the next
 * window's glass is weaker than the window's own edge, which the template's side often sits on.
 */
export function toOwnFrames(
  image: FacadeImage,
  windows: readonly Rectangle[],
  tuning: OwnFrameTuning = defaultOwnFrameTuning,
): Rectangle[] {
  if (tuning.reach <= 0) return [...windows];
  const { glassInset, outward, handrail } = defaultRepeatSizeTuning;
  return windows.map((window, index) => {
    if (index >= tuning.maximumSearches) return window;
    const insetX = Math.floor(glassInset * (window.right - window.left + 1));
    const insetY = Math.floor(glassInset * (window.bottom - window.top + 1));
    const frame = openingAroundGlass(
      image,
      {
        left: window.left + insetX,
        right: window.right - insetX,
        top: window.top + insetY,
        bottom: window.bottom - insetY,
      },
      { outward, handrail },
    );
    const moved = { ...window };
    for (const side of sides) {
      const size = isAcross(side) ? window.right - window.left + 1 : window.bottom - window.top + 1;
      const at = frame[side];
      if (Math.abs(at - window[side]) > tuning.reach * size) continue;
      if (
        sideLineStrength(image, window, side, at) <
        tuning.strength * sideLineStrength(image, window, side, window[side])
      )
        continue;
      moved[side] = at;
    }
    return moved.right > moved.left && moved.bottom > moved.top ? moved : window;
  });
}

const isAcross = (side: Side) => side === 'left' || side === 'right';
