/**
 * Whole floors of "select all similar" repeats that are not windows like the
 * example: a ground floor's carved panels or shop signs match the example here and there, the
 * grid's crossings then add a whole floor of them. One repeat's likeness to the example is a
 * poor judge (windows on other floors differ: blinds, reflections, balconies), a floor's mean
 * is steadier. Route and measurements: docs/decisions/131-select-all-similar-unlike-floors.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { bands, spreadOut } from './repeat-bands.ts';
import { likenessMargin, likenessTo } from './repeat-likeness.ts';

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
