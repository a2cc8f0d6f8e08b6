/**
 * Each repeat of "select all similar" at its own size: the repeats are found as copies of
 * the example, but a facade's windows differ (a taller ground floor or piano nobile, wider
 * bays), and drawing every repeat at the example's size capped all windows at 0.659 on the
 * CMP photos even with every window found. Route and measurements:
 * docs/decisions/059-select-all-similar-own-sizes.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { openingAroundGlass } from './opening-rectangle.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { bands, median, spreadOut } from './repeat-bands.ts';

export interface RepeatSizeTuning {
  /** The middle of a repeat (inset by this share of its size each side) is taken as its glass. */
  glassInset: number;
  /**
   * A floor's (column's) repeats take the median of their own tops and bottoms (lefts and
   * rights) when those agree: each within this share of the example's height (width) of the
   * median, as a median absolute deviation. 0 leaves every repeat at the example's size.
   */
  agreement: number;
  /**
   * …or within this many superpixel sizes, when that is more: the frame search places a side
   * only to about half a superpixel (its candidates start that far inside the glass, decision
   * 058), and a tenth of a small window (2 pixels on a 22-pixel window) is below that, so one
   * pixel of jitter kept whole floors and columns of small windows at the example's size
   * (docs/decisions/248-select-all-similar-agreement-in-superpixels.md). 0: a tenth alone.
   */
  agreementCells: number;
  /** The frames of at most this many windows of a band, spread along it, are looked for… */
  sample: number;
  /** …and of at most this many windows in all: hundreds of repeats mean the example was a piece of wall. */
  maximumSearches: number;
  /** How far outside a repeat's glass its frame's sides are looked for, in superpixel sizes. */
  outward: number;
  /** A band moves only when its windows' sides move by more than this share of the example's size. */
  minimumMove: number;
  /**
   * A floor's top or bottom moves on its own when only its frames agree (docs/decisions/160),
   * leaving each window at most this many times as tall as it was, or this share of it; 0
   * moves a floor's top and bottom only together.
   */
  loneSideGrowth: number;
  /**
   * A repeat's frame ends going down at a row line this share as strong as its side lines on
   * both sides outside it, however faint across the window: a balcony's handrail in front of
   * it (docs/decisions/247-select-all-similar-handrails.md). 0: only lines strong across the
   * window end it, as for a click.
   */
  handrail: number;
  /**
   * Windows stacked in a column stay separate windows: a floor's fitted top or bottom does
   * not reach past the middle of the repeat fitted above or below it in its column, unless
   * the two fitted rectangles overlap by at least this intersection over union (one window:
   * two copies on it, or the two halves of a tall one). 0: off
   * (docs/decisions/263-select-all-similar-stacked-windows.md).
   */
  stackedSameWindow: number;
  /**
   * A window of another kind than most of its floor's (a French window among short ones) takes
   * its own frame's bottom when at least this many other windows of its column have frames as
   * tall as its own (within the agreement limit) and its frame's top is its top: one window's
   * frame is too noisy to trust alone, a column of one kind from floor to floor is not
   * (docs/decisions/275-select-all-similar-window-kinds-by-column.md). 0: off.
   */
  kindSupport: number;
  /**
   * …and only when its bottom moves by more than this share of the example's height: a
   * smaller move is its floor's line, which the floor's median and the lining up
   * (docs/decisions/130, the same reach) keep.
   */
  kindMove: number;
}

export const defaultRepeatSizeTuning: RepeatSizeTuning = {
  glassInset: 0.1,
  agreement: 0.1,
  agreementCells: 0.5,
  sample: 8,
  maximumSearches: 60,
  outward: 2,
  minimumMove: 0.1,
  loneSideGrowth: 2,
  handrail: 0.3,
  stackedSameWindow: 0.8,
  kindSupport: 3,
  kindMove: 0.3,
};

/**
 * The repeats (the example first, which stays as the user marked it) with the sides of each
 * floor and column of repeats moved to where their own frames are. Each repeat's frame is
 * looked for as a click's is (`openingAroundGlass`, decision 058: the mirrored pair of side
 * lines, top and bottom where they stop); one window's answer is often wrong (a glass edge,
 * a sill), but the windows of a floor share their top and bottom and those of a column their
 * sides, so a floor or column moves only when its windows' answers agree, and all its
 * windows take the median.
 */
export function fitRepeatSizes(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: RepeatSizeTuning = defaultRepeatSizeTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.agreement <= 0 || repeats.length < 3) return repeats;
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  // Looked for lazily: a band's median needs only a few of its windows (a long example on a
  // wide facade can have hundreds of repeats, each frame search costs 0.1–2 ms at 1.5 MP).
  const frames = new Map<number, Rectangle>();
  const frameOf = (index: number) => {
    let frame = frames.get(index);
    if (!frame) {
      if (frames.size >= tuning.maximumSearches) return null;
      const repeat = repeats[index] as Rectangle;
      const insetX = Math.floor(tuning.glassInset * (repeat.right - repeat.left + 1));
      const insetY = Math.floor(tuning.glassInset * (repeat.bottom - repeat.top + 1));
      frame = openingAroundGlass(
        image,
        {
          left: repeat.left + insetX,
          right: repeat.right - insetX,
          top: repeat.top + insetY,
          bottom: repeat.bottom - insetY,
        },
        { outward: tuning.outward, handrail: tuning.handrail },
      );
      frames.set(index, frame);
    }
    return frame;
  };
  const fitted = repeats.map((repeat) => ({ ...repeat }));
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * exampleHeight,
  );
  const columns = bands(
    repeats.map((repeat) => (repeat.left + repeat.right) / 2),
    0.5 * exampleWidth,
  );
  const moveTogether = (members: number[], low: 'top' | 'left', high: 'bottom' | 'right', size: number) => {
    const windows = members.filter((index) => index !== 0);
    if (windows.length < 2) return;
    const sample = spreadOut(windows, tuning.sample).map(frameOf);
    // Out of searches (hundreds of repeats: the example was a piece of wall): as found.
    if (sample.some((frame) => frame === null)) return;
    const lows = sample.map((frame) => (frame as Rectangle)[low]);
    const highs = sample.map((frame) => (frame as Rectangle)[high]);
    const limit = Math.max(tuning.agreement * size, tuning.agreementCells * cell);
    const lowAgrees = spread(lows) <= limit;
    const highAgrees = spread(highs) <= limit;
    const lowAt = median(lows);
    const highAt = median(highs);
    // Small moves are left to the snapping of findRepeats: within a tenth of a window the
    // frame's outer edge and the glass's edge inside it are both near (docs/decisions/059).
    const movesFar = (side: 'top' | 'left' | 'bottom' | 'right', at: number) =>
      median(windows.map((index) => Math.abs((repeats[index] as Rectangle)[side] - at))) >
      tuning.minimumMove * size;
    if (lowAgrees && highAgrees) {
      if (highAt <= lowAt) return;
      const moves = windows.map((index) =>
        Math.max(
          Math.abs((repeats[index] as Rectangle)[low] - lowAt),
          Math.abs((repeats[index] as Rectangle)[high] - highAt),
        ),
      );
      if (median(moves) <= tuning.minimumMove * size) return;
      for (const index of windows) {
        const rectangle = fitted[index] as Rectangle;
        rectangle[low] = lowAt;
        rectangle[high] = highAt;
      }
      return;
    }
    // A floor's windows share their top even where a balcony's rail or a flower box under
    // some of them spoils their bottoms (and the other way round): the side whose frames agree
    // moves alone (docs/decisions/160: on cmp_b0012 the tops of two floors 15 pixels low while
    // the bottoms disagreed). Not so far that a window more than doubles or halves: there the
    // frames agreed on the next floor's line.
    if (low !== 'top' || tuning.loneSideGrowth <= 0) return;
    const side = lowAgrees && movesFar(low, lowAt) ? low : highAgrees && movesFar(high, highAt) ? high : null;
    if (!side) return;
    const at = side === low ? lowAt : highAt;
    for (const index of windows) {
      const rectangle = fitted[index] as Rectangle;
      const before = rectangle[high] - rectangle[low] + 1;
      const after = side === low ? rectangle[high] - at + 1 : at - rectangle[low] + 1;
      if (after > tuning.loneSideGrowth * before || after * tuning.loneSideGrowth < before) continue;
      rectangle[side] = at;
    }
  };
  for (const members of floors) moveTogether(members, 'top', 'bottom', exampleHeight);
  if (tuning.stackedSameWindow > 0) keepStackedApart(repeats, fitted, columns, tuning.stackedSameWindow);
  for (const members of columns) moveTogether(members, 'left', 'right', exampleWidth);
  if (tuning.kindSupport > 0) {
    const limit = Math.max(tuning.agreement * exampleHeight, tuning.agreementCells * cell);
    for (const members of columns)
      toBottomsOfTheirKind(
        fitted,
        members,
        frames,
        limit,
        tuning.kindSupport,
        tuning.kindMove * exampleHeight,
      );
  }
  return fitted;
}

/**
 * Windows of two kinds on one floor (cmp_b0008: French windows 68 pixels high between short
 * ones of 45, each column of one kind from floor to floor): the floor's frames disagree on the
 * bottom, so the floor keeps the example's, and the French windows lose their lower third
 * (docs/decisions/275). Each window of the column whose frame was looked for (a floor's or
 * column's sample: no search more) takes its frame's bottom when at least `support` other
 * windows of the column have frames as tall within `limit`, its frame's top is its top within
 * `limit`, and the bottom moves by more than `move` pixels.
 */
function toBottomsOfTheirKind(
  fitted: Rectangle[],
  members: number[],
  frames: Map<number, Rectangle>,
  limit: number,
  support: number,
  move: number,
): void {
  const looked = members.filter((index) => index !== 0 && frames.has(index));
  const heights = looked.map((index) => {
    const frame = frames.get(index) as Rectangle;
    return frame.bottom - frame.top;
  });
  for (const [at, index] of looked.entries()) {
    const height = heights[at] as number;
    const alike = heights.filter(
      (other, otherAt) => otherAt !== at && Math.abs(other - height) <= limit,
    ).length;
    if (alike < support) continue;
    const frame = frames.get(index) as Rectangle;
    const rectangle = fitted[index] as Rectangle;
    if (Math.abs(frame.top - rectangle.top) > limit || Math.abs(frame.bottom - rectangle.bottom) <= move)
      continue;
    rectangle.bottom = frame.bottom;
  }
}

/** Median absolute deviation from the median. */
function spread(values: number[]): number {
  const centre = median(values);
  return median(values.map((value) => Math.abs(value - centre)));
}

/**
 * Windows stacked in a column stay separate windows (docs/decisions/263): a floor's frames
 * can be those of a tall opening holding several stacked windows (cmp_b0009's sashes, each
 * with its own frame, under one stone surround), and the floor's median then stretched each
 * window over two or three of them. A repeat's fitted top (bottom) that reaches past the
 * middle of the repeat fitted above (below) it in its column goes back to where it was found,
 * unless the two fitted rectangles agree (intersection over union at least `same`): then the
 * fit made them one window, two copies on it or the two halves of a tall one (cmp_b0004).
 */
function keepStackedApart(found: Rectangle[], fitted: Rectangle[], columns: number[][], same: number): void {
  const middle = (rectangle: Rectangle) => (rectangle.top + rectangle.bottom) / 2;
  const before = fitted.map((rectangle) => ({ ...rectangle }));
  const oneWindow = (a: number, b: number) => {
    const one = before[a] as Rectangle;
    const other = before[b] as Rectangle;
    const shared = overlapArea(one, other);
    return shared >= same * (rectangleArea(one) + rectangleArea(other) - shared);
  };
  for (const members of columns) {
    // The column's repeats by middle, ties in the column's order: the nearest ones above and
    // below a repeat are then two binary searches, not a pass over the column (a piece of
    // wall as the example has columns of hundreds of repeats: the pass cost 10 ms and more).
    const byMiddle = [...members].sort(
      (a, b) => middle(found[a] as Rectangle) - middle(found[b] as Rectangle),
    );
    const middles = byMiddle.map((index) => middle(found[index] as Rectangle));
    for (const index of members) {
      if (index === 0) continue;
      const own = found[index] as Rectangle;
      const rectangle = fitted[index] as Rectangle;
      // The nearest repeats found wholly above and below it in its column (not one beside
      // it: a column's band also holds the two mirrored panes of a window); of several as
      // near, the first in the column.
      const aboveCount = countBelow(middles, own.top, false);
      const aboveAt =
        aboveCount > 0
          ? (byMiddle[countBelow(middles, middles[aboveCount - 1] as number, false)] as number)
          : -1;
      const belowFrom = countBelow(middles, own.bottom, true);
      const belowAt = belowFrom < middles.length ? (byMiddle[belowFrom] as number) : -1;
      const above = aboveAt >= 0 && !oneWindow(index, aboveAt) ? (before[aboveAt] as Rectangle) : null;
      const below = belowAt >= 0 && !oneWindow(index, belowAt) ? (before[belowAt] as Rectangle) : null;
      if (above && rectangle.top < middle(above)) rectangle.top = own.top;
      if (below && rectangle.bottom > middle(below)) rectangle.bottom = own.bottom;
    }
  }
}

/** How many of the ascending `values` are below `limit` (or at most it, with `orAt`). */
function countBelow(values: number[], limit: number, orAt: boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const value = values[mid] as number;
    if (value < limit || (orAt && value === limit)) low = mid + 1;
    else high = mid;
  }
  return low;
}
