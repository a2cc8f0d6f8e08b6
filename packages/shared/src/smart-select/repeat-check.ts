/**
 * Whole floors of "select all similar" repeats that are not windows like the
 * example: a ground floor's carved panels or shop signs match the example here and there, the
 * grid's crossings then add a whole floor of them. One repeat's likeness to the example is a
 * poor judge (windows on other floors differ: blinds, reflections, balconies), a floor's mean
 * is steadier. Route and measurements: docs/decisions/131-select-all-similar-unlike-floors.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { bands, median, spreadOut } from './repeat-bands.ts';
import { likenessMargin, likenessTo } from './repeat-likeness.ts';
import { isOnDetectedOpening } from './repeat-plain.ts';

export interface RepeatCheckTuning {
  /** A floor of repeats (not the example's) whose mean likeness is below this is dropped; −1 keeps all. */
  floorLikeness: number;
  /** Only floors of at least this many readable repeats are judged: one window's likeness says too little. */
  minimumMembers: number;
  /** The likeness of at most this many repeats of a floor is read. */
  sample: number;
}

export const defaultRepeatCheckTuning: RepeatCheckTuning = {
  floorLikeness: 0.2,
  minimumMembers: 2,
  sample: 8,
};

/** The repeats (the example first) without the floors that look unlike the example. */
export function dropUnlikeFloors(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: RepeatCheckTuning = defaultRepeatCheckTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.floorLikeness <= -1) return repeats;
  const likeness = likenessTo(image, example);
  const dropped = new Set<number>();
  const judge = (members: number[], limit: number) => {
    if (members.includes(0)) return;
    // A repeat whose margin leaves the photo cannot be read (−1): it counts neither way.
    // At most `sample` of a floor's repeats, spread along it: a piece of wall as the example
    // has floors of a hundred repeats, and their mean needs no more.
    const alongFloor = [...members].sort(
      (a, b) => (repeats[a] as Rectangle).left - (repeats[b] as Rectangle).left,
    );
    const readable = spreadOut(alongFloor, tuning.sample)
      .map((index) => likeness(repeats[index] as Rectangle))
      .filter((value) => value > -1);
    if (readable.length < tuning.minimumMembers) return;
    const mean = readable.reduce((sum, value) => sum + value, 0) / readable.length;
    if (mean < limit) for (const index of members) dropped.add(index);
  };
  const exampleHeight = example.bottom - example.top + 1;
  for (const floor of bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * exampleHeight,
  ))
    judge(floor, tuning.floorLikeness);
  return repeats.filter((_, index) => !dropped.has(index));
}

/**
 * The repeats (the example first, always kept) less those whose surround leaves the photo
 * (docs/decisions/210): their likeness to the example cannot be read (the wall around is part
 * of it, `likenessTo`), so no floor check ever judged them, and on the CMP photos every one
 * of them was a piece of wall or cornice at the photo's edge (5 of 58 false finds, none of
 * the 319 windows found).
 */
export function dropUnjudgedAtEdge(
  image: FacadeImage,
  repeats: Rectangle[],
  margin: number = likenessMargin,
): Rectangle[] {
  if (margin < 0) return repeats;
  return repeats.filter((repeat, index) => {
    if (index === 0) return true;
    const marginX = margin * (repeat.right - repeat.left + 1);
    const marginY = margin * (repeat.bottom - repeat.top + 1);
    return (
      repeat.left - marginX >= 0 &&
      repeat.top - marginY >= 0 &&
      repeat.right + marginX <= image.width - 1 &&
      repeat.bottom + marginY <= image.height - 1
    );
  });
}

export interface TopFloorTuning {
  /** The top floor is judged when its repeats' median height is below this share of the floor's under it; 0 keeps all. */
  heightShare: number;
  /** ... and the line along their tops goes on between them at least this strongly (share of its strength along them) ... */
  lineGoesOn: number;
  /** ... and their mean likeness to the example (`likenessTo`) is below this. */
  likeness: number;
}

export const defaultTopFloorTuning: TopFloorTuning = {
  heightShare: 0.7,
  lineGoesOn: 0.75,
  likeness: 0.25,
};

/**
 * The repeats (the example first, always kept) less their top floor when it is a row along
 * the facade's crowning cornice or frieze rather than windows (docs/decisions/230): its
 * repeats, cut by the cornice's mouldings, are much shorter than those of the floor under it,
 * the line along their tops is the cornice's and goes on between them as strongly as along
 * them (a window's head ends at its side), and they look only a little like the example (the
 * floor check of decision 131 keeps floors above 0.2; these read 0.21–0.22 on the CMP photos).
 */
export function dropCorniceRow(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: TopFloorTuning = defaultTopFloorTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.heightShare <= 0) return repeats;
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * (example.bottom - example.top + 1),
  );
  const [top, under] = floors;
  if (!top || !under || top.includes(0)) return repeats;
  const row = top.map((index) => repeats[index] as Rectangle);
  const heightOf = (floor: number[]) =>
    median(
      floor.map((index) => (repeats[index] as Rectangle).bottom - (repeats[index] as Rectangle).top + 1),
    );
  if (heightOf(top) >= tuning.heightShare * heightOf(under)) return repeats;
  if (topLineGoesOn(image, row) < tuning.lineGoesOn) return repeats;
  const likeness = likenessTo(image, example);
  const readable = row.map((repeat) => likeness(repeat)).filter((value) => value > -1);
  if (readable.length === 0) return repeats;
  const mean = readable.reduce((sum, value) => sum + value, 0) / readable.length;
  if (mean >= tuning.likeness) return repeats;
  const dropped = new Set(top);
  return repeats.filter((_, index) => !dropped.has(index));
}

/**
 * How strongly the horizontal line along a row of repeats' tops (the strongest within 2
 * pixels of their median top) goes on in the gaps between them, as a share of its strength
 * along them: about 1 for a cornice's moulding, well under for windows' heads on a wall.
 * 0 when the repeats leave no gap.
 */
function topLineGoesOn(image: FacadeImage, row: Rectangle[]): number {
  const { width, height, horizontalEdgeSums } = image;
  const covered = new Uint8Array(width);
  let from = width - 1;
  let to = 0;
  for (const repeat of row) {
    const left = Math.max(0, repeat.left);
    const right = Math.min(width - 1, repeat.right);
    from = Math.min(from, left);
    to = Math.max(to, right);
    covered.fill(1, left, right + 1);
  }
  const line = median(row.map((repeat) => repeat.top));
  let along = 0;
  let between = 0;
  for (let y = Math.max(0, line - 2); y <= Math.min(height - 1, line + 2); y++) {
    let alongSum = 0;
    let alongCount = 0;
    let betweenSum = 0;
    let betweenCount = 0;
    const start = y * (width + 1);
    for (let x = from; x <= to; x++) {
      const gradient =
        (horizontalEdgeSums[start + x + 1] as number) - (horizontalEdgeSums[start + x] as number);
      if (covered[x] === 1) {
        alongSum += gradient;
        alongCount++;
      } else {
        betweenSum += gradient;
        betweenCount++;
      }
    }
    if (alongCount > 0) along = Math.max(along, alongSum / alongCount);
    if (betweenCount > 0) between = Math.max(between, betweenSum / betweenCount);
  }
  return along > 0 ? between / along : 0;
}

/**
 * A floor of repeats is dropped when it holds a single repeat (not the example) while the
 * facade's floors hold at least this many (their median): "select all similar" finds windows
 * along floors, and one alone on its floor is a crossing the grid placed on something else
 * (docs/decisions/282). 0 keeps all.
 */
export const defaultLoneFloorMedian = 3;

/**
 * On such a facade the lowest floor of repeats (not the example's) is dropped too when it
 * holds at most this share of the median floor's repeats: under the floors of windows lie
 * the shop fronts and doors, and the grid's column lines crossing the ground floor's line
 * place a few repeats on fascias, shutters and shop windows, not a floor of windows
 * (docs/decisions/300-select-all-similar-thin-lowest-floor.md). 0 keeps it.
 */
export const defaultLowestFloorShare = 0.5;

/**
 * The repeats (the example first, always kept) less the floors of one repeat (docs/decisions/282)
 * and a thin lowest floor (docs/decisions/300).
 */
export function dropLoneFloors(
  repeats: Rectangle[],
  leastMedian: number = defaultLoneFloorMedian,
  lowestShare: number = defaultLowestFloorShare,
): Rectangle[] {
  const example = repeats[0];
  if (!example || leastMedian <= 0) return repeats;
  const middles = repeats.map((repeat) => (repeat.top + repeat.bottom) / 2);
  const floors = bands(middles, 0.5 * (example.bottom - example.top + 1));
  // A facade of one window a floor (a narrow bay, a tower) has nothing but lone floors.
  const typical = median(floors.map((floor) => floor.length));
  if (typical < leastMedian) return repeats;
  const middle = (floor: number[]) => median(floor.map((index) => middles[index] as number));
  const lowest = floors.reduce((low, floor) => (middle(floor) > middle(low) ? floor : low));
  const dropped = new Set(
    floors
      .filter(
        (floor) =>
          !floor.includes(0) &&
          (floor.length === 1 || (floor === lowest && floor.length <= lowestShare * typical)),
      )
      .flat(),
  );
  return dropped.size === 0 ? repeats : repeats.filter((_, index) => !dropped.has(index));
}

/**
 * A column of a single repeat (not the example) is dropped when the facade's columns hold at
 * least this many repeats (their median): on a facade whose window columns run up four floors
 * or more, a repeat off every column is a crossing of a floor line with a column line the grid
 * placed on something else, the panes of a glazed gallery that spans one floor (cmp_b0007), a
 * stretch of wall between two windows (docs/decisions/376). 0 keeps all.
 */
export const defaultLoneColumnMedian = 4;

/** The repeats (the example first, always kept) less the columns of one repeat (docs/decisions/376). */
export function dropLoneColumns(
  repeats: Rectangle[],
  leastMedian: number = defaultLoneColumnMedian,
): Rectangle[] {
  const example = repeats[0];
  if (!example || leastMedian <= 0) return repeats;
  const columns = bands(
    repeats.map((repeat) => (repeat.left + repeat.right) / 2),
    0.5 * (example.right - example.left + 1),
  );
  if (median(columns.map((column) => column.length)) < leastMedian) return repeats;
  const dropped = new Set(columns.filter((column) => column.length === 1 && column[0] !== 0).flat());
  return dropped.size === 0 ? repeats : repeats.filter((_, index) => !dropped.has(index));
}

export interface UnlikeInFloorTuning {
  /** A repeat is dropped when its likeness is under this share of its floor's median… (0: off) */
  share: number;
  /** …on a floor whose median likeness is at least this (a floor of windows like the example)… */
  floorLikeness: number;
  /** …of at least this many repeats. */
  leastMembers: number;
  /** A floor's median is read on at most this many of its repeats, spread along it (as decision 131's check). */
  sample: number;
  /**
   * Above this many repeats the step is skipped: a piece of wall or ornament as the example
   * has a hundred repeats or more, and reading each one's likeness cost a click tens of ms.
   */
  mostRepeats: number;
}

export const defaultUnlikeInFloorTuning: UnlikeInFloorTuning = {
  share: 0.3,
  floorLikeness: 0.3,
  leastMembers: 3,
  sample: 8,
  mostRepeats: 60,
};

/**
 * The repeats (the example first, always kept) less those far less like the example than the
 * rest of their floor and on no opening the detector found (docs/decisions/353): a crossing of
 * a floor line with a column line of another building or bay, placed on the wall beside a
 * window or across a pier (cmp_b0003: likeness 0.00–0.11 on floors whose median reads 0.34 and
 * 0.49). Dropped before the column and floor steps, which then find the windows there on their
 * own lines. A floor that looks little like the example as a whole (median under
 * `floorLikeness`, a bay of another kind of window) is left alone: its windows' likeness says
 * little (cmp_b0010's bay, a window at 0.05 against 0.27).
 */
export function dropUnlikeInFloor(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: UnlikeInFloorTuning = defaultUnlikeInFloorTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.share <= 0 || repeats.length > tuning.mostRepeats) return repeats;
  const likeness = likenessTo(image, example);
  // Each repeat's likeness read once, when needed: a floor's sample and those on no opening.
  const values = new Map<number, number>([[0, 1]]);
  const likenessOf = (index: number) => {
    let value = values.get(index);
    if (value === undefined) {
      value = likeness(repeats[index] as Rectangle);
      values.set(index, value);
    }
    return value;
  };
  const dropped = new Set<number>();
  for (const floor of bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * (example.bottom - example.top + 1),
  )) {
    if (floor.length < tuning.leastMembers) continue;
    const candidates = floor.filter(
      (index) => index !== 0 && !isOnDetectedOpening(image, repeats[index] as Rectangle),
    );
    if (candidates.length === 0) continue;
    const alongFloor = [...floor].sort(
      (a, b) => (repeats[a] as Rectangle).left - (repeats[b] as Rectangle).left,
    );
    const typical =
      median(spreadOut(alongFloor, tuning.sample).map((index) => Math.round(1000 * likenessOf(index)))) /
      1000;
    if (typical < tuning.floorLikeness) continue;
    for (const index of candidates) {
      const value = likenessOf(index);
      // −1: the surround leaves the photo, unread (decision 210 judges those).
      if (value > -1 && value < tuning.share * typical) dropped.add(index);
    }
  }
  return dropped.size === 0 ? repeats : repeats.filter((_, index) => !dropped.has(index));
}
