/**
 * "Select all similar": a floor's windows share their head, so a floor of repeats whose tops
 * sit on next to no line moves them onto the row line its windows share, when that line is
 * much the stronger (docs/decisions/367-select-all-similar-floor-heads.md). The grid places
 * its repeats at the example's size and the fits that follow move a floor's tops only onto
 * lines they find window by window; where a floor's windows are shorter or taller than the
 * example, its tops can stay on the wall above the window (cmp_b0010's top floor: 12 pixels
 * of stone surround, a line of 3 against the head's 14) or on a line inside the window
 * (cmp_b0011's attic: the light lower glass under the dark upper band, 1.1 against 14).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour, colourDistance, rowEdge } from './opening-rectangle.ts';
import { bands, median } from './repeat-bands.ts';

export interface FloorHeadTuning {
  /**
   * A floor's tops move onto the row its windows' line is strongest on (the median over the
   * floor's windows) when that is at least this many times as strong as where the tops are
   * (0: off). At 2.5, cmp_b0007's floor of windows of several heights moved onto a balcony's
   * slab over one of them.
   */
  stronger: number;
  /** The row is looked for within this share of the floor's median height of its tops. */
  reach: number;
  /**
   * At least this share of the floor's windows (two at least) see the row, each on its own, at
   * least `ownStronger` times as strong as the line at its top: a line one window shows alone
   * (a balcony over it, a shop sign) is not the floor's head.
   */
  support: number;
  ownStronger: number;
  /**
   * A floor whose tops sit on the glass under its frames' heads (cmp_b0005's balcony floor: 12
   * pixels low) moves up to the farthest row within this share of its median height above its
   * tops whose line is as strong as the one at the tops and ends at the windows' sides (0: off;
   * docs/decisions/391).
   */
  frameReach: number;
  /**
   * The row's line beside the windows (read one `inset` of their width out, past a gap as wide:
   * a balcony slab or a hood juts out a little) is at most this share of the one across them: a
   * cornice, a hood or a string course runs on past the window, a frame's head ends at it.
   */
  besideShare: number;
  /**
   * The floor's tops all lie within this share of its median height (2 pixels at least) of its
   * median top: one row of windows, not two buildings' floors banded together (cmp_b0003).
   */
  topsAgree: number;
  /**
   * A repeat at most this share of its column's median height, the others of the column about
   * that height, grows down to it when the row there is a much stronger line than its bottom
   * (`columnLine` times): a French window found at the example's height, its real bottom on the
   * balcony slab (0: off; docs/decisions/398).
   */
  columnShort: number;
  columnLine: number;
  /**
   * Skipped above this many repeats (a piece of wall as the example: each repeat looks through
   * all the others for its column, 52 ms at 1 521 repeats against 0.4 at 120).
   */
  columnMostRepeats: number;
}

export const defaultFloorHeadTuning: FloorHeadTuning = {
  stronger: 3,
  reach: 0.35,
  support: 0.6,
  ownStronger: 1.2,
  frameReach: 0.3,
  besideShare: 0.5,
  topsAgree: 0.05,
  columnShort: 0.8,
  columnLine: 1.5,
  columnMostRepeats: 120,
};

/** A row's line is read along the window less this share of its width at each end (decision 209's reading). */
const inset = 0.15;

/**
 * The repeats (the example first, kept as the user marked it) with each floor's tops on the
 * head line the floor's windows share, where that is much the stronger line.
 */
export function toFloorHeads(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorHeadTuning = defaultFloorHeadTuning,
): Rectangle[] {
  if (tuning.stronger <= 0 || repeats.length < 3) return repeats;
  const heights = repeats.map((repeat) => repeat.bottom - repeat.top + 1);
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * median(heights),
  );
  const moved = [...repeats];
  for (const floor of floors) {
    const windows = floor.filter((index) => index !== 0);
    if (windows.length < 2) continue;
    const line = (y: number, index: number) => {
      const window = repeats[index] as Rectangle;
      const cut = Math.floor(inset * (window.right - window.left + 1));
      return rowEdge(image, y, window.left + cut, window.right - cut);
    };
    const ownLine = (index: number) => {
      const top = (repeats[index] as Rectangle).top;
      return Math.max(line(top - 1, index), line(top, index), line(top + 1, index));
    };
    const floorLine = (y: number) => middleValue(windows.map((index) => line(y, index)));
    const top = median(windows.map((index) => (repeats[index] as Rectangle).top));
    const span = Math.round(tuning.reach * median(windows.map((index) => heights[index] as number)));
    let head = top;
    let strongest = 0;
    for (let y = Math.max(1, top - span); y <= Math.min(image.height - 2, top + span); y++) {
      const strength = floorLine(y);
      if (strength > strongest) {
        strongest = strength;
        head = y;
      }
    }
    const own = Math.max(floorLine(top - 1), floorLine(top), floorLine(top + 1));
    if (head === top || strongest < tuning.stronger * own) {
      const frameHead = frameHeadOver(image, repeats, windows, top, own, floorLine, tuning);
      if (frameHead === null) continue;
      for (const index of windows) {
        const window = repeats[index] as Rectangle;
        if (frameHead < window.top) moved[index] = { ...window, top: frameHead };
      }
      continue;
    }
    const seeing = windows.filter((index) => line(head, index) >= tuning.ownStronger * ownLine(index)).length;
    if (seeing < Math.max(2, tuning.support * windows.length)) continue;
    for (const index of windows) {
      const window = repeats[index] as Rectangle;
      if (head >= window.bottom) continue;
      if (head > window.top && isTrimRing(image, window, head)) continue;
      moved[index] = { ...window, top: head };
    }
  }
  return moved;
}

/**
 * The frames' head over a floor whose tops sit on the glass under it (docs/decisions/391): the
 * farthest row up within `frameReach` of the floor's median height whose line (the median over
 * the floor's windows) is at least as strong as the one at the tops and ends at the windows'
 * sides — beside them, on the wall, the row's line is at most `besideShare` of it (a cornice, a
 * hood or a string course runs on past the window) — or null. Only where the floor's tops agree
 * (`topsAgree`), and not up to the windows over the floor (their bottoms end at their sides too). Reads the running row sums only, a few rows per window.
 */
function frameHeadOver(
  image: FacadeImage,
  repeats: Rectangle[],
  windows: number[],
  top: number,
  own: number,
  floorLine: (y: number) => number,
  tuning: FloorHeadTuning,
): number | null {
  if (tuning.frameReach <= 0 || own <= 0) return null;
  const heights = windows.map(
    (index) => (repeats[index] as Rectangle).bottom - (repeats[index] as Rectangle).top + 1,
  );
  const span = Math.round(tuning.frameReach * median(heights));
  const agree = Math.max(2, Math.round(tuning.topsAgree * median(heights)));
  if (windows.some((index) => Math.abs((repeats[index] as Rectangle).top - top) > agree)) return null;
  const beside = (y: number) =>
    middleValue(
      windows.map((index) => {
        const window = repeats[index] as Rectangle;
        const reach = Math.max(2, Math.floor(inset * (window.right - window.left + 1)));
        return Math.max(
          rowEdge(image, y, window.left - 2 * reach - 1, window.left - reach - 2),
          rowEdge(image, y, window.right + reach + 2, window.right + 2 * reach + 1),
        );
      }),
    );
  // Not up to (or past) the windows over them: their bottoms end at their sides too.
  const floor = new Set(windows);
  let ceiling = 0;
  for (const [index, other] of repeats.entries()) {
    if (floor.has(index) || other.bottom >= top) continue;
    const over = windows.some((at) => {
      const window = repeats[at] as Rectangle;
      return other.left <= window.right && other.right >= window.left;
    });
    if (over) ceiling = Math.max(ceiling, other.bottom + 3);
  }
  for (let y = Math.max(1, ceiling, top - span); y < top - 1; y++) {
    const strength = floorLine(y);
    if (strength >= own && beside(y) <= tuning.besideShare * strength) return y;
  }
  return null;
}

/**
 * Whether the band a window's top would leave out (its rows above `head`) is of one colour with
 * the window's own side bands as wide, under the head: the painted trim ring the repeat took
 * (docs/decisions/199), whose inner edge against the glass is the stronger line. A window's
 * surround over its head alone (cmp_b0010's stone over the shutters) is no ring.
 */
function isTrimRing(image: FacadeImage, window: Rectangle, head: number): boolean {
  const depth = head - window.top;
  const band = boxColour(image, { ...window, bottom: head - 1 });
  const left = boxColour(image, { ...window, top: head, right: window.left + depth - 1 });
  const right = boxColour(image, { ...window, top: head, left: window.right - depth + 1 });
  const limit = image.tuning.trimContrast;
  return colourDistance(band, left) <= limit && colourDistance(band, right) <= limit;
}

/** The median of `values`, unrounded (line strengths are fractions). */
function middleValue(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The repeats with a column's short ones grown down to the column's height (docs/decisions/398):
 * a column of at least four repeats of one width, most of them about one height, and a repeat
 * at most `columnShort` of it (the example excepted) whose row at that height is at least
 * `columnLine` times as strong a line as the one at its bottom, another repeat of its floor
 * reaching that row already: a French window found at the
 * example's height stops on its glass, its own bottom is the balcony slab's line. Only with a
 * repeat of its column under it, and not into that. Reads the running row sums only, a few rows per short repeat.
 */
export function grownInColumns(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorHeadTuning = defaultFloorHeadTuning,
): Rectangle[] {
  if (tuning.columnShort <= 0 || repeats.length < 4 || repeats.length > tuning.columnMostRepeats)
    return repeats;
  const moved = [...repeats];
  const heightOf = (window: Rectangle) => window.bottom - window.top + 1;
  const lineAt = (y: number, window: Rectangle) => {
    const cut = Math.floor(inset * (window.right - window.left + 1));
    return Math.max(
      rowEdge(image, y - 1, window.left + cut, window.right - cut),
      rowEdge(image, y, window.left + cut, window.right - cut),
      rowEdge(image, y + 1, window.left + cut, window.right - cut),
    );
  };
  for (const [index, window] of repeats.entries()) {
    if (index === 0) continue;
    const width = window.right - window.left + 1;
    const near = Math.max(2, Math.round(0.1 * width));
    const column = repeats.filter(
      (other) => Math.abs(other.left - window.left) <= near && Math.abs(other.right - window.right) <= near,
    );
    if (column.length < 4) continue;
    const tall = median(column.map(heightOf));
    const height = heightOf(window);
    if (height > tuning.columnShort * tall) continue;
    const about = column.filter((other) => Math.abs(heightOf(other) - tall) <= 0.1 * tall).length;
    if (about < Math.max(3, 0.5 * column.length)) continue;
    const bottom = window.top + tall - 1;
    if (bottom >= image.height - 2) continue;
    // Between repeats of its column, not into the one under it: the lowest repeat of a column
    // may be a piece of the ground floor (cmp_b0008's false find grew onto the pavement).
    const below = column.filter((other) => other.top > window.top).map((other) => other.top);
    if (below.length === 0 || Math.min(...below) <= bottom + 2) continue;
    // Another window of its floor already reaches that bottom (a French window found tall): a
    // floor of windows all shorter than their column's (cmp_b0010's top floor) stays.
    const agree = Math.max(3, 0.1 * tall);
    const mate = repeats.some(
      (other) =>
        other !== window &&
        Math.abs(other.top - window.top) <= agree &&
        Math.abs(other.bottom - bottom) <= agree,
    );
    if (!mate) continue;
    if (lineAt(bottom, window) < tuning.columnLine * lineAt(window.bottom, window)) continue;
    moved[index] = { ...window, bottom };
  }
  return moved;
}
