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
import { bands } from './repeat-bands.ts';
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
}

export const defaultFloorGapsTuning: FloorGapsTuning = {
  leastRepeats: 3,
  correlation: 0.75,
  leastGap: 1,
  overhang: 0.2,
  nextWithin: 3,
  maximumGaps: 40,
  narrowest: 0.5,
};

/** The repeats (unchanged, in order) followed by the windows found in their floors' gaps. */
export function withFloorGapsFilled(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorGapsTuning = defaultFloorGapsTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.leastRepeats <= 0 || tuning.correlation > 1) return repeats;
  // Each gap as its two neighbours on their floor (middles within half the example's height,
  // as the other steps group floors).
  const gaps: Array<[Rectangle, Rectangle]> = [];
  for (const floor of bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * (example.bottom - example.top + 1),
  )) {
    if (floor.length < tuning.leastRepeats) continue;
    const members = floor.map((index) => repeats[index] as Rectangle).sort((a, b) => a.left - b.left);
    for (let at = 1; at < members.length; at++) {
      const before = members[at - 1] as Rectangle;
      const after = members[at] as Rectangle;
      if (isGap(before, after, tuning)) gaps.push([before, after]);
    }
  }
  const matcher = matcherBetween(image, example);
  const taken = [...repeats];
  const added: Rectangle[] = [];
  for (let searched = 0; gaps.length > 0 && searched < tuning.maximumGaps; searched++) {
    const [before, after] = gaps.pop() as [Rectangle, Rectangle];
    const find = bestFind(
      matcher,
      before,
      after,
      (example.right - example.left + 1) * tuning.narrowest,
      tuning,
    );
    if (!find || find.score < tuning.correlation || !overlapsNoneMuch(find.rectangle, taken)) continue;
    taken.push(find.rectangle);
    added.push(find.rectangle);
    // A gap of two windows or more (cmp_b0008's arcade, cmp_b0003's attic): what is left of
    // it on either side of the find is searched in turn.
    if (isGap(before, find.rectangle, tuning)) gaps.push([before, find.rectangle]);
    if (isGap(find.rectangle, after, tuning)) gaps.push([find.rectangle, after]);
  }
  // As the other steps' finds: no piece of a door (decision 186), none whose surround leaves
  // the photo (decision 210).
  return withCheckedFinds(image, repeats, added);
}

/** Whether the wall between two neighbours on a floor leaves room for a window (`leastGap`). */
function isGap(before: Rectangle, after: Rectangle, tuning: FloorGapsTuning): boolean {
  const narrower = Math.min(before.right - before.left, after.right - after.left) + 1;
  return after.left - before.right - 1 >= tuning.leastGap * narrower;
}

/**
 * The better of the two neighbours' best matches in the gap between them (of those at least
 * `narrowest` pixels wide), each searched next to itself (within `nextWithin` of its widths), reaching at most `overhang` of its width over
 * either neighbour.
 */
function bestFind(
  matcher: ReturnType<typeof matcherBetween>,
  before: Rectangle,
  after: Rectangle,
  narrowest: number,
  tuning: FloorGapsTuning,
): FloorMatch | null {
  let best: FloorMatch | null = null;
  for (const window of [before, after]) {
    const width = window.right - window.left + 1;
    if (width < narrowest) continue;
    const reach = Math.floor(tuning.overhang * width);
    const from = before.right + 1 - reach;
    const to = after.left - 1 + reach;
    const far = Math.round(tuning.nextWithin * width);
    const match =
      window === before
        ? matcher(window, from, Math.min(to, before.right + far))
        : matcher(window, Math.max(from, after.left - far), to);
    if (match && (!best || match.score > best.score)) best = match;
  }
  return best;
}
