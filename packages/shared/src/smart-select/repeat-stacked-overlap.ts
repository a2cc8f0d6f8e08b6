/**
 * "Select all similar": two windows stacked in one column do not overlap
 * (docs/decisions/394-select-all-similar-stacked-overlap.md). Decision 263 keeps a fitted repeat
 * from reaching past the middle of its neighbour above or below; the steps after the fit can still
 * leave one running into the window below it (cmp_b0009: the top window of each stack in a tall
 * stone surround, 78 pixels high, outlined 127 high down over the dark panel and into the middle
 * window found at its own 72). Where a repeat far taller than the example overlaps, by less than
 * half of it, a neighbour of its column, it goes back to the example's height from its far side, and
 * not into the neighbour (a repeat overlapping a neighbour by half or more is taken as the same
 * window, decision 263's case, and left).
 */
import type { Rectangle } from './facade-select.ts';
import { bands, median } from './repeat-bands.ts';

export interface StackedOverlapTuning {
  /** A repeat at least this many times the example's height is the stretched one (0: off). */
  taller: number;
  /**
   * A repeat at least this many times the example's height over the rows of two or more floors
   * of the others (each about half its height or less, apart from each other) is split into one
   * repeat per floor (0: off).
   */
  split: number;
  /** Skipped above this many repeats (a piece of wall as the example, decisions 353, 375). */
  mostRepeats: number;
}

export const defaultStackedOverlapTuning: StackedOverlapTuning = {
  taller: 1.25,
  split: 1.8,
  mostRepeats: 60,
};

/** The repeats (the example first, kept as marked) with a stretched one cut back off its stacked neighbour. */
export function keepStackedOverlapApart(
  repeats: Rectangle[],
  tuning: StackedOverlapTuning = defaultStackedOverlapTuning,
): Rectangle[] {
  const example = repeats[0];
  if (tuning.taller <= 0 || !example || repeats.length > tuning.mostRepeats) return repeats;
  const exampleHeight = example.bottom - example.top + 1;
  const heightOf = (r: Rectangle) => r.bottom - r.top + 1;
  const widthOf = (r: Rectangle) => r.right - r.left + 1;
  const out = [...repeats];
  for (let index = 1; index < repeats.length; index++) {
    const repeat = repeats[index] as Rectangle;
    if (heightOf(repeat) < tuning.taller * exampleHeight) continue;
    let bottom = repeat.bottom;
    let top = repeat.top;
    for (let other = 0; other < repeats.length; other++) {
      const neighbour = repeats[other] as Rectangle;
      if (other === index) continue;
      const across = Math.min(repeat.right, neighbour.right) - Math.max(repeat.left, neighbour.left) + 1;
      if (across < 0.5 * Math.min(widthOf(repeat), widthOf(neighbour))) continue;
      // Below: the neighbour starts inside the repeat's lower half and ends under it.
      if (
        neighbour.top > repeat.top + heightOf(repeat) / 2 &&
        neighbour.top <= repeat.bottom &&
        neighbour.bottom > repeat.bottom
      ) {
        bottom = Math.min(bottom, repeat.top + exampleHeight - 1, neighbour.top - 1);
      }
      // Above: the neighbour ends inside the repeat's upper half and starts over it.
      if (
        neighbour.bottom < repeat.bottom - heightOf(repeat) / 2 &&
        neighbour.bottom >= repeat.top &&
        neighbour.top < repeat.top
      ) {
        top = Math.max(top, repeat.bottom - exampleHeight + 1, neighbour.bottom + 1);
      }
    }
    if (bottom !== repeat.bottom && top !== repeat.top) continue; // squeezed from both sides: leave it
    if (bottom !== repeat.bottom || top !== repeat.top) out[index] = { ...repeat, top, bottom };
  }
  return tuning.split > 0 ? splitOverFloors(out, exampleHeight, tuning.split) : out;
}

/**
 * A repeat placed over two stacked windows of its column (cmp_b0009's first bay: 152 high over
 * windows of 77 with the dark panel between) while the other columns' repeats stand on those
 * windows' floors, one by one: it becomes one repeat per floor, its own columns, the floor's
 * median top and bottom (docs/decisions/394).
 */
function splitOverFloors(repeats: Rectangle[], exampleHeight: number, split: number): Rectangle[] {
  const tall = (r: Rectangle) => r.bottom - r.top + 1 >= split * exampleHeight;
  const candidates = repeats.flatMap((repeat, index) => (index > 0 && tall(repeat) ? [index] : []));
  if (candidates.length === 0) return repeats;
  const others = repeats.filter((repeat) => !tall(repeat));
  if (others.length < 4) return repeats;
  const floors = bands(
    others.map((r) => (r.top + r.bottom) / 2),
    0.5 * median(others.map((r) => r.bottom - r.top + 1)),
  )
    .filter((floor) => floor.length >= 2)
    .map((floor) => ({
      top: median(floor.map((at) => (others[at] as Rectangle).top)),
      bottom: median(floor.map((at) => (others[at] as Rectangle).bottom)),
    }))
    .sort((a, b) => a.top - b.top);
  const out = [...repeats];
  for (const index of candidates) {
    const repeat = repeats[index] as Rectangle;
    const height = repeat.bottom - repeat.top + 1;
    const within = floors.filter((floor) => {
      const floorHeight = floor.bottom - floor.top + 1;
      const overlap = Math.min(floor.bottom, repeat.bottom) - Math.max(floor.top, repeat.top) + 1;
      return floorHeight <= 0.6 * height && overlap >= 0.5 * floorHeight;
    });
    if (within.length < 2) continue;
    if (within.some((floor, at) => at > 0 && floor.top <= (within[at - 1] as { bottom: number }).bottom))
      continue;
    const pieces = within.map((floor) => ({ ...repeat, top: floor.top, bottom: floor.bottom }));
    out[index] = pieces[0] as Rectangle;
    out.push(...pieces.slice(1));
  }
  return out;
}
