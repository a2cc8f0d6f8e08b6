/**
 * "Select all similar": what the steps after the grid do with what they find by a window's own
 * look (a floor going on along itself, a find along its column, a found floor, a floor's gap:
 * docs/decisions/279, 301, 351, 320). A match counts when it correlates well enough and
 * overlaps nothing taken much; the step's finds then go as the grid's repeats do: no piece of
 * a door (docs/decisions/186), none whose surround leaves the photo (docs/decisions/210).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapsNoneMuch } from './rectangles.ts';
import { dropUnjudgedAtEdge } from './repeat-check.ts';
import { leaveOutDoors } from './repeat-doors.ts';
import type { FloorMatch } from './repeat-grid.ts';

/**
 * Adds to `taken`, in order, each of `matches` correlating at least `correlation` and over
 * nothing taken (the earlier matches included) by more than a fifth of the smaller.
 */
export function takeMatches(matches: readonly FloorMatch[], correlation: number, taken: Rectangle[]): void {
  for (const match of matches) {
    if (match.score < correlation || !overlapsNoneMuch(match.rectangle, taken)) continue;
    taken.push(match.rectangle);
  }
}

/**
 * The repeats (the example first; unchanged, in order) followed by those of a step's `finds`
 * that are no piece of a door and whose surround stays on the photo.
 */
export function withCheckedFinds(
  image: FacadeImage,
  repeats: Rectangle[],
  finds: readonly Rectangle[],
): Rectangle[] {
  const example = repeats[0];
  if (!example || finds.length === 0) return repeats;
  const checked = dropUnjudgedAtEdge(image, leaveOutDoors(image, [example, ...finds])).slice(1);
  return [...repeats, ...checked];
}
