/**
 * "Select all similar": each window takes its own frame's sides where they are much the stronger
 * lines. The windows a floor's own look finds (docs/decisions/279) are placed at the size of the
 * floor's first repeat and come after every step that fits sizes (cmp_b0003: 22 pixels over
 * windows of 16 and 32: docs/decisions/277-select-all-similar-found-along-take-own-frames.md);
 * the grid's repeats, fitted by floor and column, keep sides on weak lines where a window
 * differs from its band (a bay's lights, a floor's wider windows, the example's own error:
 * docs/decisions/278-select-all-similar-repeats-take-strong-frame-sides.md).
 */
import { type FacadeImage, type Rectangle, trimTuning } from './facade-select.ts';
import { openingAroundGlass } from './opening-rectangle.ts';
import { isBarUnlikeWall } from './opening-trims.ts';
import { overlapArea } from './rectangles.ts';
import { alongSide, type Side, sideLineStrength, sides } from './repeat-detected-sides.ts';
import { defaultRepeatSizeTuning } from './repeat-sizes.ts';

export interface OwnFrameTuning {
  /** A side moves to its frame's when that is within this share of the window's size (0: off)… */
  reach: number;
  /**
   * …and its line is at least this many times as strong as the line where the side was: one
   * window's frame is noisy (decisions 131, 247), a side on a much stronger line is not…
   */
  strength: number;
  /**
   * …and the frame is at least this share of the window's size across that side: a frame much
   * narrower (lower) than the window is a pane between its mullions (transoms).
   */
  narrowest: number;
  /** At most this many windows' frames are looked for (0.1–2 ms each at 1.5 MP). */
  maximumSearches: number;
}

export const defaultOwnFrameTuning: OwnFrameTuning = {
  reach: 0.5,
  strength: 2,
  narrowest: 0.8,
  maximumSearches: 60,
};

/**
 * `windows` with each side moved to its own frame's (the frame searched as `fitRepeatSizes`
 * searches a repeat's: `openingAroundGlass` around its middle, docs/decisions/059) where that
 * side is near and a much stronger line: a frame side on a shutter, a shadow or the next
 * window's glass is weaker than the window's own edge, which the side often sits on already.
 * No side moves onto any of `neighbours` (all the repeats). At most `maximumSearches` windows
 * (the first ones) are looked at. The windows from `placedFrom` on were placed at a
 * template's size, never fitted (a floor's own finds, docs/decisions/277): their frames may be
 * narrower (lower) than `narrowest`, a smaller window of another building or an attic rather
 * than a pane (docs/decisions/347-select-all-similar-finds-take-narrower-frames.md).
 */
export function toOwnFrames(
  image: FacadeImage,
  windows: readonly Rectangle[],
  neighbours: readonly Rectangle[] = windows,
  tuning: OwnFrameTuning = defaultOwnFrameTuning,
  placedFrom = windows.length,
): Rectangle[] {
  if (tuning.reach <= 0) return [...windows];
  const { glassInset, outward, handrail } = defaultRepeatSizeTuning;
  const trims = trimTuning(image.tuning);
  const moved = windows.map((window, index) => {
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
    const own = { ...window };
    for (const side of sides) {
      const size = isAcross(side) ? window.right - window.left + 1 : window.bottom - window.top + 1;
      const at = frame[side];
      if (Math.abs(at - window[side]) > tuning.reach * size) continue;
      const frameSize = isAcross(side) ? frame.right - frame.left + 1 : frame.bottom - frame.top + 1;
      if (index < placedFrom && frameSize < tuning.narrowest * size) continue;
      if (
        sideLineStrength(image, window, side, at) <
        tuning.strength * sideLineStrength(image, window, side, window[side])
      )
        continue;
      // Not onto the next window: a pair of windows with a narrow pier between them mirror
      // each other's outer lines too (cmp_b0001).
      const trial = { ...own, [side]: at };
      if (neighbours.some((other) => other !== window && overlapArea(other, trial) > overlapArea(other, own)))
        continue;
      const inward = side === 'left' || side === 'top' ? at > window[side] : at < window[side];
      // Never down: under a window its side lines run on down a flower box, a sill's shadow or
      // a balcony's slab, which end its frame lower (decisions 130, 161, 247).
      if (side === 'bottom' && !inward) continue;
      // Nor inwards past a band unlike the wall: the painted trim the repeat took (decisions
      // 199, 209), where the frame search finds the glass.
      if (
        inward &&
        trims.contrast > 0 &&
        isBarUnlikeWall(
          image,
          isAcross(side),
          Math.min(at, window[side]) - 1,
          Math.max(at, window[side]) + 1,
          alongSide(window, side),
          image.wall,
          trims,
        )
      )
        continue;
      own[side] = at;
    }
    return own;
  });
  return moved.map((rectangle, index) =>
    rectangle.right > rectangle.left && rectangle.bottom > rectangle.top
      ? rectangle
      : (windows[index] as Rectangle),
  );
}

const isAcross = (side: Side) => side === 'left' || side === 'right';
