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
import { takeMatches, withCheckedFinds } from './repeat-finds-taken.ts';
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
  // As the grid's repeats: no piece of a door (decision 186), none whose surround leaves the
  // photo (decision 210).
  return withCheckedFinds(image, repeats, added);
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

export interface FoundFloorsGoOnTuning {
  /** A find along a found floor is kept when it correlates at least this well with its window; above 1 switches the step off. */
  correlation: number;
  /** At most this many found floors are searched in a click (a band search each). */
  maximumFloors: number;
  /**
   * Only a floor of at most this many found windows is searched: a window the column steps
   * found alone on its floor (cmp_b0011's tower storey). A band search costs 10–15 ms at 1.5 MP
   * on the bench's slowest clicks, whose found floors hold two windows or more.
   */
  largestFloor: number;
}

export const defaultFoundFloorsGoOnTuning: FoundFloorsGoOnTuning = {
  correlation: 0.75,
  maximumFloors: 4,
  largestFloor: 1,
};

/**
 * The repeats (unchanged, in order) followed by what the floors made only of the windows from
 * `from` on (found over the columns and along them, decisions 251 and 302) find along
 * themselves by their first window's look (docs/decisions/351): a tower's storey of three
 * windows over the block, one of which the column steps found, the other two on axes of their
 * own. Only floors of one such window (`largestFloor`), for the click's time. Decision 279's
 * step searches only the grid's floors of three repeats or more, before these windows are
 * found. Each find must correlate as well as decision 320 asks of a window in a floor's gap:
 * a floor's panels and reliefs between its windows (cmp_b0005's attic) read 0.65–0.73, a
 * tower's windows 0.87–0.95.
 */
export function withFoundFloorsGoingOn(
  image: FacadeImage,
  repeats: Rectangle[],
  from: number,
  tuning: FoundFloorsGoOnTuning = defaultFoundFloorsGoOnTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.correlation > 1 || from >= repeats.length) return repeats;
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * (example.bottom - example.top + 1),
  ).filter((floor) => floor.length <= tuning.largestFloor && floor.every((index) => index >= from));
  const taken = [...repeats];
  for (const floor of floors.slice(0, tuning.maximumFloors)) {
    const window = repeats[Math.min(...floor)] as Rectangle;
    takeMatches(matchesAlongFloor(image, window, example), tuning.correlation, taken);
  }
  // As the other steps' finds: no piece of a door (decision 186), none whose surround leaves
  // the photo (decision 210).
  return withCheckedFinds(image, repeats, taken.slice(repeats.length));
}
