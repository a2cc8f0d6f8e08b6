/**
 * Painted trims around windows (docs/decisions/189-window-trims.md): a cream or white surround a
 * few pixels wide between the glass and the wall, and the mullion between two panes. The
 * detector's cuts and a window click's rectangle stop at the glass (its edge against the trim
 * is far stronger than the trim's against the wall), so a wall selection kept the trims and
 * "Window frames" marked a band inside the glass. An opening takes a side's trim only when a
 * band distinctly unlike the wall (above the wall's own spread) runs all along that side and
 * the wall follows within a narrow width: a stone surround about the wall's colour, a shutter
 * or a neighbouring window do not qualify.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { colourDistance, lineColour } from './opening-rectangle.ts';

/**
 * The wall a trim stands out from: its mean OKLab (×100), the spread of its superpixels, and
 * the colour limit within which a superpixel joins it (lightness weighted by `lightnessWeight`).
 */
export interface WallColour {
  l: number;
  a: number;
  b: number;
  spread: number;
  limit: number;
  lightnessWeight: number;
}

export interface TrimTuning {
  /** A line is unlike the wall when at least this far from it (OKLab ×100; 0: no trims)… */
  contrast: number;
  /** …and at least this many times the wall's spread. */
  spreadFactor: number;
  /** A trim is at most this share of the opening's shorter side wide (and at least 2 pixels). */
  maximumWidth: number;
  /** Two openings are panes of one window when the bar between them is at most this share of their length along it. */
  paneGap: number;
  /** A band runs all along a side when at least this share of its pixels are unlike the wall. */
  alongShare: number;
}

const wallArray = (wall: WallColour) => Float64Array.of(wall.l, wall.a, wall.b);

/**
 * Whether a colour is unlike the wall as a painted trim is: lighter by `limit` (OKLab ×100), or
 * of another hue by as much. Not darker alone: that is the wall in shade (a reveal, a lintel's
 * shadow), which stays wall.
 */
export function isUnlike(colour: Float64Array, wall: Float64Array, limit: number): boolean {
  const a = (colour[1] as number) - (wall[1] as number);
  const b = (colour[2] as number) - (wall[2] as number);
  return (colour[0] as number) - (wall[0] as number) >= limit || a * a + b * b >= limit * limit;
}

/** Colour distance with lightness weighted as the wall's limit is. */
function weightedDistance(colour: Float64Array, wall: Float64Array, lightnessWeight: number): number {
  const l = (colour[0] as number) - (wall[0] as number);
  const a = (colour[1] as number) - (wall[1] as number);
  const b = (colour[2] as number) - (wall[2] as number);
  return Math.sqrt(lightnessWeight * l * l + a * a + b * b);
}

/** How far from the wall a line must be to count as trim. */
function threshold(wall: WallColour, tuning: TrimTuning): number {
  return Math.max(tuning.contrast, tuning.spreadFactor * wall.spread);
}

/** Share of the pixels of column (row) `at` from `from` to `to` at least `limit` from `wall`. */
function shareUnlike(
  image: FacadeImage,
  vertical: boolean,
  at: number,
  from: number,
  to: number,
  wall: Float64Array,
  limit: number,
): number {
  const { lab, width, height } = image;
  const first = Math.max(0, from);
  const last = Math.min((vertical ? height : width) - 1, to);
  if (last < first) return 0;
  const stride = (vertical ? width : 1) * 3;
  const limitSquared = limit * limit;
  let unlike = 0;
  for (
    let along = first, offset = (vertical ? first * width + at : at * width + first) * 3;
    along <= last;
    along++, offset += stride
  ) {
    const l = (lab[offset] as number) - (wall[0] as number);
    const a = (lab[offset + 1] as number) - (wall[1] as number);
    const b = (lab[offset + 2] as number) - (wall[2] as number);
    if (l >= limit || a * a + b * b >= limitSquared) unlike++;
  }
  return unlike / (last - first + 1);
}

type Side = 'left' | 'right' | 'top' | 'bottom';

/** Lines just outside a side that may be its edge's blend before a trim begins. */
export const edgeBlend = 2;

/** A side's trim: how many lines outside the side it takes, and its middle line's colour. */
export interface SideTrim {
  width: number;
  colour: Float64Array;
}

/**
 * The trim outside `side` of `box`: a run of lines, from the side outwards, each unlike the
 * wall, ending within the maximum width at lines like it again; the band's middle line unlike
 * the wall along `alongShare` of the side. Null when there is none.
 */
function sideTrim(
  image: FacadeImage,
  box: Rectangle,
  side: Side,
  wallColour: WallColour,
  tuning: TrimTuning,
): SideTrim | null {
  const wall = wallArray(wallColour);
  const limit = threshold(wallColour, tuning);
  const { limit: wallLimit, lightnessWeight } = wallColour;
  const vertical = side === 'left' || side === 'right';
  const direction = side === 'left' || side === 'top' ? -1 : 1;
  const edge = box[side];
  const extent = vertical ? image.width : image.height;
  // Along the side, less its ends, where corners (and a sill's ends) cross it.
  const from = vertical ? box.top : box.left;
  const to = vertical ? box.bottom : box.right;
  const inset = Math.floor(0.15 * (to - from));
  const shorter = Math.min(box.right - box.left + 1, box.bottom - box.top + 1);
  const maximum = Math.max(2, Math.round(tuning.maximumWidth * shorter));
  // The glass meets the band: just inside the side (past its blurred edge) the opening looks as
  // it does a quarter of the way in (a pane, a mullion across it alike). A window with a frame
  // of its own in another colour ends at that frame, and a light stone surround outside it is
  // the wall's (decision 055).
  const across = vertical ? box.right - box.left : box.bottom - box.top;
  const glass = lineColour(
    image,
    vertical,
    edge - direction * Math.round(0.25 * across),
    from + inset,
    to - inset,
  );
  for (let step = edgeBlend; step <= edgeBlend + 1; step++) {
    const at = edge - direction * step;
    if (colourDistance(lineColour(image, vertical, at, from + inset, to - inset), glass) >= limit)
      return null;
  }
  let band = 0;
  for (let step = 1; step <= maximum + 1; step++) {
    const at = edge + direction * step;
    if (at < 0 || at >= extent) return null;
    if (!isUnlike(lineColour(image, vertical, at, from + inset, to - inset), wall, limit)) {
      // The side's own edge, blurred: a blend of dark glass and a light trim passes through
      // the wall's colour on its way.
      if (band === 0 && step <= edgeBlend) continue;
      break;
    }
    band = step;
  }
  if (band === 0 || band > maximum) return null;
  // Beyond the band lies the wall the click took (within its colour limit), and the band stands
  // out from it there too, not only from the wall's mean: a lighter stretch of a shaded wall
  // is no trim.
  const afterAt = edge + direction * (band + 2);
  if (afterAt < 0 || afterAt >= extent) return null;
  const after = lineColour(image, vertical, afterAt, from + inset, to - inset);
  if (weightedDistance(after, wall, lightnessWeight) > wallLimit) return null;
  const middle = edge + direction * Math.ceil(band / 2);
  const colour = lineColour(image, vertical, middle, from + inset, to - inset);
  if (!isUnlike(colour, after, limit)) return null;
  if (shareUnlike(image, vertical, middle, from + inset, to - inset, wall, limit) < tuning.alongShare)
    return null;
  return { width: band, colour };
}

/**
 * The opening with its trim (`sideTrim`): a painted surround frames the window on both sides
 * and above, in one colour; the bottom joins when a band of that colour runs along it too (a
 * sill may be of stone, or wider). A light pilaster beside a window, or a cornice above it,
 * is one side alone.
 */
export function withTrims(
  image: FacadeImage,
  opening: Rectangle,
  wall: WallColour,
  tuning: TrimTuning,
): Rectangle {
  if (tuning.contrast <= 0) return opening;
  const left = sideTrim(image, opening, 'left', wall, tuning);
  const right = sideTrim(image, opening, 'right', wall, tuning);
  const top = sideTrim(image, opening, 'top', wall, tuning);
  if (!left || !right || !top) return opening;
  const limit = threshold(wall, tuning);
  const alike = (a: SideTrim, b: SideTrim) => colourDistance(a.colour, b.colour) < limit;
  if (!alike(left, right) || !alike(left, top) || !alike(right, top)) return opening;
  const bottom = sideTrim(image, opening, 'bottom', wall, tuning);
  const bottomWidth = bottom && alike(bottom, left) && alike(bottom, right) ? bottom.width : 0;
  return {
    left: opening.left - left.width,
    right: opening.right + right.width,
    top: opening.top - top.width,
    bottom: opening.bottom + bottomWidth,
  };
}

/**
 * Whether the lines between `from` and `to` (exclusive) are a bar unlike the wall (a mullion or
 * a transom of the trim's colour), along `along` (the lines' other span): not a pier of wall.
 */
export function isBarUnlikeWall(
  image: FacadeImage,
  vertical: boolean,
  from: number,
  to: number,
  along: readonly [number, number],
  wall: WallColour,
  tuning: TrimTuning,
): boolean {
  const reference = wallArray(wall);
  const limit = threshold(wall, tuning);
  // The bar's own edges are blends with the glass (`edgeBlend`); its middle line always counts.
  const blend = Math.min(edgeBlend, Math.floor((to - from - 2) / 2));
  for (let at = from + 1 + blend; at < to - blend; at++) {
    if (!isUnlike(lineColour(image, vertical, at, along[0], along[1]), reference, limit)) return false;
  }
  return true;
}

/**
 * Openings that are panes of one window, side by side (or one above the other) with a bar
 * unlike the wall between them no wider than `paneGap` × their height (width), become one:
 * the detector cuts each pane, and the mullion stayed in the wall.
 */
export function joinPanes(
  image: FacadeImage,
  openings: readonly Rectangle[],
  wall: WallColour,
  tuning: TrimTuning,
): Rectangle[] {
  if (tuning.contrast <= 0) return [...openings];
  const joined = openings.map((opening) => ({ ...opening }));
  // Each pass joins what it can; a window of three panes takes a second pass.
  let merged = true;
  while (merged) {
    merged = false;
    for (let first = 0; first < joined.length; first++) {
      for (let second = 0; second < joined.length; second++) {
        if (first === second) continue;
        const union = paneUnion(image, joined[first] as Rectangle, joined[second] as Rectangle, wall, tuning);
        if (!union) continue;
        joined[first] = union;
        joined.splice(second, 1);
        if (second < first) first--;
        second--;
        merged = true;
      }
    }
  }
  return joined;
}

/** `a` and `b` as one window when `b` is the next pane right of or below `a`; else null. */
function paneUnion(
  image: FacadeImage,
  a: Rectangle,
  b: Rectangle,
  wall: WallColour,
  tuning: TrimTuning,
): Rectangle | null {
  for (const vertical of [true, false]) {
    // Side by side (a vertical bar): tops and bottoms agree; else lefts and rights.
    const length = vertical ? a.bottom - a.top + 1 : a.right - a.left + 1;
    const slack = Math.max(2, Math.round(0.1 * length));
    const aligned = vertical
      ? Math.abs(a.top - b.top) <= slack && Math.abs(a.bottom - b.bottom) <= slack
      : Math.abs(a.left - b.left) <= slack && Math.abs(a.right - b.right) <= slack;
    if (!aligned) continue;
    const end = vertical ? a.right : a.bottom;
    const start = vertical ? b.left : b.top;
    const gap = start - end - 1;
    if (gap < 1 || gap > tuning.paneGap * length) continue;
    // Panes of one window are alike in size across the bar, and the bar is thinner than half
    // of either: not a window and a sliver of shade, or two windows and a pier.
    const across = vertical
      ? [a.right - a.left + 1, b.right - b.left + 1]
      : [a.bottom - a.top + 1, b.bottom - b.top + 1];
    const narrower = Math.min(...across);
    if (narrower < 0.5 * Math.max(...across) || gap > 0.5 * narrower) continue;
    const inset = Math.floor(0.15 * length);
    const along: [number, number] = vertical
      ? [Math.max(a.top, b.top) + inset, Math.min(a.bottom, b.bottom) - inset]
      : [Math.max(a.left, b.left) + inset, Math.min(a.right, b.right) - inset];
    if (isBarUnlikeWall(image, vertical, end, start, along, wall, tuning)) {
      return {
        left: Math.min(a.left, b.left),
        top: Math.min(a.top, b.top),
        right: Math.max(a.right, b.right),
        bottom: Math.max(a.bottom, b.bottom),
      };
    }
  }
  return null;
}
