/**
 * "Select all similar": a window a floor found along itself goes on up and down its own
 * column by its own look (docs/decisions/301-select-all-similar-finds-go-along-their-columns.md).
 * Decision 279 finds the windows of a floor where the example's repeats stop (the next
 * building of a row): on cmp_b0003 the left-hand building's top floor, whose floor lines are
 * not the example's building's. The grid (decision 056) matched the example down the columns
 * of that building and found nothing like it there; the floor's own find, matched down its
 * column, finds the windows of that building's other floors. Each find must correlate well on
 * its own: the steps of the column's period, which the grid keeps at a low bar, land on the
 * shop fronts under the building's windows. The windows decision 251 finds one floor over the
 * columns go on the same way: a tower's storey over its attic storey
 * (docs/decisions/302-select-all-similar-columns-windows-go-on-up.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { takeMatches, withCheckedFinds } from './repeat-finds-taken.ts';
import { matchesAlongColumn } from './repeat-grid.ts';

export interface FindsColumnsTuning {
  /** A find along the column is kept when it correlates at least this well with the window; above 1 switches the step off. */
  correlation: number;
  /** At most this many windows are followed along their columns (a band search each). */
  maximumWindows: number;
}

export const defaultFindsColumnsTuning: FindsColumnsTuning = {
  correlation: 0.6,
  maximumWindows: 12,
};

/**
 * The repeats (unchanged, in order) followed by what the windows from `from` on (those found
 * over the columns and along the floors, decisions 251 and 279) find along their columns: over no repeat nor another find by more than
 * a fifth of the smaller, no piece of a door (decision 186), none whose surround leaves the
 * photo (decision 210).
 */
export function withFindsAlongTheirColumns(
  image: FacadeImage,
  repeats: Rectangle[],
  from: number,
  tuning: FindsColumnsTuning = defaultFindsColumnsTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.correlation > 1 || from >= repeats.length) return repeats;
  const taken = [...repeats];
  for (const window of repeats.slice(from, from + tuning.maximumWindows))
    takeMatches(matchesAlongColumn(image, window, example), tuning.correlation, taken);
  return withCheckedFinds(image, repeats, taken.slice(repeats.length));
}
