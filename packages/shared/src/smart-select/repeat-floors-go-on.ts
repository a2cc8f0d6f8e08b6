/**
 * "Select all similar": a floor of windows goes on along itself
 * (docs/decisions/279-select-all-similar-floors-go-on.md). The grid (decision 056) matches
 * the example; where a facade changes (the next building of a row, a wing, an attic of
 * smaller windows) a floor's windows there look unlike the example and are passed over,
 * though the floor's own repeats look like them. Each floor of repeats other than the
 * example's is searched along its line with its own first window as the template (the
 * grid's band search), and what it finds is taken where the example's repeats stop: beyond
 * the floor's ends or in a gap of several windows between two of its repeats (within a run
 * of repeats the grid has looked already). A floor's finds count only when one of them
 * correlates as well as the grid asks of a match along a band; then the steps of the
 * floor's period found with it count too.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { overlapsNoneMuch } from './rectangles.ts';
import { bands } from './repeat-bands.ts';
import { dropUnjudgedAtEdge } from './repeat-check.ts';
import { leaveOutDoors } from './repeat-doors.ts';
import { defaultRepeatGridTuning, type FloorMatch, matchesAlongFloor } from './repeat-grid.ts';

export interface FloorsGoOnTuning {
  /** A floor of at least this many repeats (the example's floor aside) is searched; 0 switches the step off. */
  leastRepeats: number;
  /** A find between two of the floor's repeats needs a gap between them of at least this many of its widths. */
  gapWidths: number;
  /** A floor's finds are taken when the best of them correlates at least this well with its window. */
  strongest: number;
}

export const defaultFloorsGoOnTuning: FloorsGoOnTuning = {
  leastRepeats: 3,
  gapWidths: 3,
  strongest: defaultRepeatGridTuning.bandCorrelation,
};

/** The repeats (unchanged, in order) followed by the windows their floors' own looks find. */
export function withFloorsGoingOn(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: FloorsGoOnTuning = defaultFloorsGoOnTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.leastRepeats <= 0) return repeats;
  const taken = [...repeats];
  const added: Rectangle[] = [];
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * (example.bottom - example.top + 1),
  );
  for (const floor of floors) {
    // The example's floor was searched with the example itself.
    if (floor.includes(0) || floor.length < tuning.leastRepeats) continue;
    const members = floor.map((index) => repeats[index] as Rectangle).sort((a, b) => a.left - b.left);
    // The floor's best match to the example (the grid keeps its repeats best first).
    const window = repeats[Math.min(...floor)] as Rectangle;
    const finds = matchesAlongFloor(image, window, example).filter(
      (match) =>
        overlapsNoneMuch(match.rectangle, taken) && !isInRun(match.rectangle, members, tuning.gapWidths),
    );
    if (!isStrongEnough(finds, tuning.strongest)) continue;
    for (const { rectangle } of finds) {
      taken.push(rectangle);
      added.push(rectangle);
    }
  }
  if (added.length === 0) return repeats;
  // As the grid's repeats: no piece of a door (decision 186), none whose surround leaves the
  // photo (decision 210).
  const checked = dropUnjudgedAtEdge(image, leaveOutDoors(image, [example, ...added])).slice(1);
  return [...repeats, ...checked];
}

/**
 * Whether `rectangle`'s middle lies between two neighbouring `members` (sorted left to right)
 * whose gap is under `gapWidths` of its widths: a run of the floor's repeats, where the grid
 * has looked already and the floor's look finds the piers between them.
 */
function isInRun(rectangle: Rectangle, members: readonly Rectangle[], gapWidths: number): boolean {
  const middle = (rectangle.left + rectangle.right) / 2;
  const width = rectangle.right - rectangle.left + 1;
  for (let at = 1; at < members.length; at++) {
    const before = members[at - 1] as Rectangle;
    const after = members[at] as Rectangle;
    if (
      middle > (before.left + before.right) / 2 &&
      middle < (after.left + after.right) / 2 &&
      after.left - before.right < gapWidths * width
    )
      return true;
  }
  return false;
}

function isStrongEnough(finds: readonly FloorMatch[], strongest: number): boolean {
  return finds.some((find) => find.score >= strongest);
}
