/**
 * "Select all similar": the windows of a floor that the grid's period stepped over
 * (docs/decisions/320-select-all-similar-floor-gaps.md). The grid (decision 056) walks a floor
 * by its period from the example's place and keeps a peak off the period only when it
 * correlates as well as a match along a band; where a floor holds windows of two looks at a
 * spacing finer than the period (cmp_b0008's arcade of eight arches, dark and light, over four
 * bays; cmp_b0003's attic windows in threes) the steps land on every other window and those
 * between are passed over, and decision 279's search along the floor takes nothing within a run
 * of its repeats. A floor's windows share its lines: between two neighbouring windows of a
 * floor, where the gap leaves room for a window, the look of either neighbour matched along the
 * floor next to it finds the window there when it correlates as well as the grid asks of a
 * peak; a pier between two windows, plain wall framed by their sides, correlates far less.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapsNoneMuch } from './rectangles.ts';
import { bands, median } from './repeat-bands.ts';
import { withCheckedFinds } from './repeat-finds-taken.ts';
import { type FloorMatch, matcherBetween } from './repeat-grid.ts';

export interface FloorGapsTuning {
  /** A floor of at least this many repeats is searched; 0 switches the step off. */
  leastRepeats: number;
  /** A find correlates at least this well with the neighbour whose look found it; above 1 switches the step off. */
  correlation: number;
  /** A gap is searched when it is at least this share of its narrower neighbour's width. */
  leastGap: number;
  /** A find may reach this share of its width over either neighbour (their sides are loose). */
  overhang: number;
  /** Each neighbour's look is searched within this many of its widths of it (the next window along). */
  nextWithin: number;
  /** At most this many gaps are searched in a click. */
  maximumGaps: number;
  /**
   * A neighbour narrower than this share of the example's width lends no look: a sliver a
   * few pixels wide (a side of a window's surround) is a line, like any line on the wall
   * beside it (docs/decisions/321).
   */
  narrowest: number;
  /**
   * Above this many repeats the step is skipped (0: never): a piece of wall or ornament as the
   * example, with a hundred repeats or more, whose gaps cost the click milliseconds for nothing
   * (docs/decisions/375).
   */
  mostRepeats: number;
  /**
   * Only a gap at least this many times the median gap between neighbours in the facade's
   * floors (or columns) is searched (0: every gap): a regular column's windows stand a
   * spandrel apart, and a gap far taller than the usual one is where a window is missing
   * (docs/decisions/375).
   */
  irregular: number;
}

export const defaultFloorGapsTuning: FloorGapsTuning = {
  leastRepeats: 3,
  correlation: 0.75,
  leastGap: 1,
  overhang: 0.2,
  nextWithin: 3,
  maximumGaps: 40,
  narrowest: 0.5,
  mostRepeats: 0,
  irregular: 0,
};

/** The repeats (unchanged, in order) followed by the windows found in their floors' gaps. */
export function withFloorGapsFilled(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorGapsTuning = defaultFloorGapsTuning,
): Rectangle[] {
  return withGapsFilled(image, repeats, tuning, true);
}

/**
 * Decision 320's bars for a column (docs/decisions/375): a gap between two windows is enough (a
 * column's windows above and below the missing one); only a gap twice the facade's usual
 * one between a column's windows (a regular column's spandrels are alike); at most 8 gaps, and
 * none for a piece of wall with more than 60 repeats (the click's time).
 */
export const defaultColumnGapsTuning: FloorGapsTuning = {
  ...defaultFloorGapsTuning,
  leastRepeats: 2,
  maximumGaps: 8,
  mostRepeats: 60,
  irregular: 2,
};

/**
 * The same along each column of repeats (docs/decisions/375): between two windows of a column,
 * where the gap leaves room for one, either neighbour's look matched up or down the column next
 * to it finds the window the grid's crossings missed. A building with floor lines of its own
 * (cmp_b0003's left-hand building, 15–25 pixels under its neighbour's): the grid's crossing of
 * the example's floor line with its column lands between two of its windows, is lined up on
 * the other building's floor and dropped as unlike its floor (decisions 130, 353), while the
 * windows above and below it, found on their own lines, look like it (0.81–0.84).
 */
export function withColumnGapsFilled(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorGapsTuning = defaultColumnGapsTuning,
): Rectangle[] {
  return withGapsFilled(image, repeats, tuning, false);
}

/** A rectangle's extent along a floor (`horizontal`) or a column, and across it. */
function spanOf(rectangle: Rectangle, horizontal: boolean): { from: number; to: number } {
  return horizontal
    ? { from: rectangle.left, to: rectangle.right }
    : { from: rectangle.top, to: rectangle.bottom };
}

function withGapsFilled(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorGapsTuning,
  horizontal: boolean,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.leastRepeats <= 0 || tuning.correlation > 1) return repeats;
  if (tuning.mostRepeats > 0 && repeats.length > tuning.mostRepeats) return repeats;
  // Each gap as its two neighbours on their floor (middles within half the example's height,
  // as the other steps group floors) or in their column (middles within half its width).
  const across = (rectangle: Rectangle) => spanOf(rectangle, !horizontal);
  const exampleAcross = across(example);
  let gaps: Array<[Rectangle, Rectangle]> = [];
  const spacings: number[] = [];
  for (const band of bands(
    repeats.map((repeat) => (across(repeat).from + across(repeat).to) / 2),
    0.5 * (exampleAcross.to - exampleAcross.from + 1),
  )) {
    if (band.length < tuning.leastRepeats) continue;
    const members = band
      .map((index) => repeats[index] as Rectangle)
      .sort((a, b) => spanOf(a, horizontal).from - spanOf(b, horizontal).from);
    for (let at = 1; at < members.length; at++) {
      const before = members[at - 1] as Rectangle;
      const after = members[at] as Rectangle;
      spacings.push(spanOf(after, horizontal).from - spanOf(before, horizontal).to - 1);
      if (isGap(before, after, tuning, horizontal)) gaps.push([before, after]);
    }
  }
  if (tuning.irregular > 0 && gaps.length > 0) {
    const usual = median(spacings);
    gaps = gaps.filter(
      ([before, after]) =>
        spanOf(after, horizontal).from - spanOf(before, horizontal).to - 1 >= tuning.irregular * usual,
    );
  }
  const matcher = matcherBetween(image, example, undefined, horizontal);
  const exampleAlong = spanOf(example, horizontal);
  const taken = [...repeats];
  const added: Rectangle[] = [];
  for (let searched = 0; gaps.length > 0 && searched < tuning.maximumGaps; searched++) {
    const [before, after] = gaps.pop() as [Rectangle, Rectangle];
    const find = bestFind(
      matcher,
      before,
      after,
      (exampleAlong.to - exampleAlong.from + 1) * tuning.narrowest,
      tuning,
      horizontal,
    );
    if (!find || find.score < tuning.correlation || !overlapsNoneMuch(find.rectangle, taken)) continue;
    taken.push(find.rectangle);
    added.push(find.rectangle);
    // A gap of two windows or more (cmp_b0008's arcade, cmp_b0003's attic): what is left of
    // it on either side of the find is searched in turn.
    if (isGap(before, find.rectangle, tuning, horizontal)) gaps.push([before, find.rectangle]);
    if (isGap(find.rectangle, after, tuning, horizontal)) gaps.push([find.rectangle, after]);
  }
  // As the other steps' finds: no piece of a door (decision 186), none whose surround leaves
  // the photo (decision 210).
  return withCheckedFinds(image, repeats, added);
}

/** Whether the wall between two neighbours on a floor (or in a column) leaves room for a window (`leastGap`). */
function isGap(before: Rectangle, after: Rectangle, tuning: FloorGapsTuning, horizontal: boolean): boolean {
  const first = spanOf(before, horizontal);
  const second = spanOf(after, horizontal);
  const narrower = Math.min(first.to - first.from, second.to - second.from) + 1;
  return second.from - first.to - 1 >= tuning.leastGap * narrower;
}

/**
 * The better of the two neighbours' best matches in the gap between them (of those at least
 * `narrowest` pixels wide, or tall along a column), each searched next to itself (within
 * `nextWithin` of its widths), reaching at most `overhang` of its width over either neighbour.
 */
function bestFind(
  matcher: ReturnType<typeof matcherBetween>,
  before: Rectangle,
  after: Rectangle,
  narrowest: number,
  tuning: FloorGapsTuning,
  horizontal: boolean,
): FloorMatch | null {
  const first = spanOf(before, horizontal);
  const second = spanOf(after, horizontal);
  let best: FloorMatch | null = null;
  for (const window of [before, after]) {
    const span = spanOf(window, horizontal);
    const size = span.to - span.from + 1;
    if (size < narrowest) continue;
    const reach = Math.floor(tuning.overhang * size);
    const from = first.to + 1 - reach;
    const to = second.from - 1 + reach;
    const far = Math.round(tuning.nextWithin * size);
    const match =
      window === before
        ? matcher(window, from, Math.min(to, first.to + far))
        : matcher(window, Math.max(from, second.from - far), to);
    if (match && (!best || match.score > best.score)) best = match;
  }
  return best;
}
