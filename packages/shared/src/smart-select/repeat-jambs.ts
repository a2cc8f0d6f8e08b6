/**
 * "Select all similar": a floor of repeats much shorter than the example grows along its
 * windows' own jambs. The frame search of `fitRepeatSizes` (docs/decisions/059) can take a line
 * halfway down a tall window for its bottom (a reflection's edge in the glass, a flag, a pier
 * capital's band beside it) and the whole floor then shrinks: cmp_b0005's shop-floor windows,
 * 88 pixels high, came out 30 high. The two long vertical edges bounding the window (its jambs)
 * go on down to the sill whatever crosses the glass, so a repeat is followed along them.
 * Measured: docs/decisions/317-select-all-similar-grow-along-jambs.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { columnEdge, lineNear } from './opening-rectangle.ts';
import { overlapArea } from './rectangles.ts';
import { bands, median, spreadOut } from './repeat-bands.ts';

export interface JambTuning {
  /**
   * Only a floor whose repeats are at most this share of the example's height grows (0: off):
   * a floor about the example's size is not suspected, and French windows' jambs go on behind
   * a balcony's railing below the labelled (handrail) bottom (cmp_b0006 at 0.73 lost 0.015).
   */
  shorter: number;
  /** A jamb is looked for in the columns this share of the repeat's width either side of its side… */
  reach: number;
  /**
   * …and goes on along rows where its edge (the horizontal colour gradient, strongest of three
   * columns) is at least this share of the strongest column's mean edge inside the repeat…
   */
  persist: number;
  /** …over gaps of at most this share of the repeat's height (a transom, a sash's rail)… */
  gap: number;
  /** …for at most this many times the repeat's height. */
  maximumGrowth: number;
  /** A repeat counts as growing a side when both jambs go on beyond it by this share of its height… */
  minimumGrowth: number;
  /**
   * …and the floor grows when at least this share of its repeats (two at least) do, by as much
   * as their median growth, within `agreement` of the floor's height of it.
   */
  support: number;
  agreement: number;
  /** At most this many repeats of a floor, spread along it, are followed. */
  sample: number;
  /**
   * A floor that grows also takes its sides to the jamb columns that went furthest, by the
   * median shift of its followed repeats, when `support` of them are within this share of the
   * floor's width of it (0: sides stay).
   */
  sideAgreement: number;
}

export const defaultJambTuning: JambTuning = {
  shorter: 0.7,
  reach: 0.2,
  persist: 0.35,
  gap: 0.2,
  maximumGrowth: 2,
  minimumGrowth: 0.25,
  support: 0.6,
  agreement: 0.15,
  sample: 8,
  sideAgreement: 0.1,
};

/**
 * The repeats (the example first, kept as the user marked it, and its floor with it: copies of
 * it) with each floor of repeats much shorter than the example grown down and up to where
 * its windows' jambs end, when its windows agree on how far.
 */
export function grownAlongJambs(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: JambTuning = defaultJambTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.shorter <= 0 || repeats.length < 3) return repeats;
  const grown = repeats.map((repeat) => ({ ...repeat }));
  const heights = repeats.map((repeat) => repeat.bottom - repeat.top + 1);
  const exampleHeight = example.bottom - example.top + 1;
  const floors = bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * median(heights),
  );
  const inFloor = new Uint8Array(repeats.length);
  for (const members of floors) {
    if (members.length < 2 || members.includes(0)) continue;
    const height = median(members.map((index) => heights[index] as number));
    if (height > tuning.shorter * exampleHeight) continue;
    const sample = spreadOut(members, tuning.sample);
    const reaches = sample.map((index) => jambReach(image, repeats[index] as Rectangle, tuning));
    const needed = Math.max(2, tuning.support * sample.length);
    const floorWidth = median(
      members.map((index) => (repeats[index] as Rectangle).right - (repeats[index] as Rectangle).left + 1),
    );
    let sidesMoved = false;
    for (const side of ['bottom', 'top'] as const) {
      const growing = reaches
        .map((reach) => reach[side])
        .filter((growth) => growth > tuning.minimumGrowth * height);
      if (growing.length < needed) continue;
      const growth = median(growing);
      if (growing.filter((value) => Math.abs(value - growth) <= tuning.agreement * height).length < needed)
        continue;
      // The sides go with the growth, once, to the jamb columns it was followed along: the
      // repeat sat on the glass's inner edge (a reflection's), the frame's outer edge is the
      // window's side (docs/decisions/318). Taken before the band below is gathered, so the
      // "not into another repeat" test sees the floor's new sides.
      if (!sidesMoved && tuning.sideAgreement > 0) {
        sidesMoved = true;
        const tolerance = Math.max(2, tuning.sideAgreement * floorWidth);
        const consensus = (shifts: number[]) => {
          const middle = Math.round(median(shifts));
          return shifts.filter((value) => Math.abs(value - middle) <= tolerance).length >= needed
            ? middle
            : 0;
        };
        const shiftLeft = consensus(
          sample.map(
            (index, at) => (reaches[at] as JambReach)[`${side}Left`] - (repeats[index] as Rectangle).left,
          ),
        );
        const shiftRight = consensus(
          sample.map(
            (index, at) => (reaches[at] as JambReach)[`${side}Right`] - (repeats[index] as Rectangle).right,
          ),
        );
        for (const index of members) {
          const rectangle = grown[index] as Rectangle;
          rectangle.left = Math.max(0, rectangle.left + shiftLeft);
          rectangle.right = Math.min(image.width - 1, rectangle.right + shiftRight);
        }
      }
      // Only a repeat whose rows meet the floor's grown band can be run into: the floor's own
      // (they change as it grows) and the others there (unchanged meanwhile); of those, only
      // the ones whose columns meet the grown repeat's (sides do not change in this loop; bounds
      // inclusive, as `overlapArea` takes them). Testing just those keeps the answers and spares
      // testing every repeat for each repeat of the floor (a piece of wall can give a thousand
      // repeats; docs/decisions/317, "Cost").
      let bandTop = Number.POSITIVE_INFINITY;
      let bandBottom = Number.NEGATIVE_INFINITY;
      for (const index of members) {
        const rectangle = grown[index] as Rectangle;
        bandTop = Math.min(bandTop, rectangle.top - growth);
        bandBottom = Math.max(bandBottom, rectangle.bottom + growth);
      }
      for (const index of members) inFloor[index] = 1;
      const near: number[] = [];
      let widest = 0;
      for (let index = 0; index < grown.length; index++) {
        const other = grown[index] as Rectangle;
        if (inFloor[index] === 0 && (other.bottom + 1 <= bandTop || other.top - 1 >= bandBottom)) continue;
        near.push(index);
        widest = Math.max(widest, other.right - other.left);
      }
      for (const index of members) inFloor[index] = 0;
      near.sort((a, b) => (grown[a] as Rectangle).left - (grown[b] as Rectangle).left);
      for (const index of members) {
        const rectangle = grown[index] as Rectangle;
        const next =
          side === 'bottom'
            ? { ...rectangle, bottom: Math.min(image.height - 1, rectangle.bottom + growth) }
            : { ...rectangle, top: Math.max(0, rectangle.top - growth) };
        // Not into another repeat (the window below or above in its column).
        let hits = false;
        for (
          let at = firstFrom(near, grown, next.left - 1 - widest);
          !hits && at < near.length && (grown[near[at] as number] as Rectangle).left < next.right + 1;
          at++
        ) {
          const otherIndex = near[at] as number;
          const other = grown[otherIndex] as Rectangle;
          hits = otherIndex !== index && overlapArea(other, next) > 0 && overlapArea(other, rectangle) === 0;
        }
        if (!hits) grown[index] = next;
      }
    }
  }
  return grown;
}

/** The first place in `sorted` (indices into `rectangles`, by left) whose left is at least `left`. */
function firstFrom(sorted: number[], rectangles: Rectangle[], left: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((rectangles[sorted[middle] as number] as Rectangle).left < left) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How far both jambs go on each way, and the columns (x) of the furthest-going ones. */
interface JambReach {
  bottom: number;
  top: number;
  bottomLeft: number;
  bottomRight: number;
  topLeft: number;
  topRight: number;
}

/**
 * How far both jambs of a repeat go on below its bottom and above its top, in pixels. Each
 * side's jamb may be another column than the repeat's side within `reach` (the repeat may sit
 * on the glass's inner edge, a reflection's, where the frame's outer edge goes on further); the
 * side reaches as far as its furthest-going column.
 */
function jambReach(image: FacadeImage, repeat: Rectangle, tuning: JambTuning): JambReach {
  const { width, height } = image;
  const repeatWidth = repeat.right - repeat.left + 1;
  const repeatHeight = repeat.bottom - repeat.top + 1;
  const reach = Math.max(2, Math.round(tuning.reach * repeatWidth));
  const gap = Math.max(2, Math.round(tuning.gap * repeatHeight));
  const most = Math.round(tuning.maximumGrowth * repeatHeight);
  const columns = (around: number) => {
    const from = Math.max(1, around - reach);
    const to = Math.min(width - 2, around + reach);
    let strength = 0;
    for (let x = from; x <= to; x++) {
      strength = Math.max(strength, columnEdge(image, x, repeat.top, repeat.bottom));
    }
    return { from, to, threshold: tuning.persist * strength };
  };
  // How far one column's edge goes on from row `start`.
  const follow = (x: number, threshold: number, start: number, step: 1 | -1) => {
    let last = start;
    for (let y = start + step; y >= 0 && y < height && Math.abs(y - start) <= most; y += step) {
      if (lineNear(image, x, y) >= threshold) last = y;
      else if (Math.abs(y - last) > gap) break;
    }
    return Math.abs(last - start);
  };
  // The furthest-going column and how far it goes (of equally far ones, the outermost: the frame's outer edge).
  const sideReach = (
    side: ReturnType<typeof columns>,
    around: number,
    outward: 1 | -1,
    start: number,
    step: 1 | -1,
  ) => {
    let furthest = 0;
    let at = around;
    if (side.threshold <= 0) return { furthest, at };
    for (let x = side.from; x <= side.to; x++) {
      const reach = follow(x, side.threshold, start, step);
      if (reach > furthest || (reach === furthest && (x - at) * outward > 0)) {
        furthest = reach;
        at = x;
      }
    }
    return { furthest, at };
  };
  const left = columns(repeat.left);
  const right = columns(repeat.right);
  const bottomLeft = sideReach(left, repeat.left, -1, repeat.bottom, 1);
  const bottomRight = sideReach(right, repeat.right, 1, repeat.bottom, 1);
  const topLeft = sideReach(left, repeat.left, -1, repeat.top, -1);
  const topRight = sideReach(right, repeat.right, 1, repeat.top, -1);
  return {
    bottom: Math.min(bottomLeft.furthest, bottomRight.furthest),
    top: Math.min(topLeft.furthest, topRight.furthest),
    bottomLeft: bottomLeft.at,
    bottomRight: bottomRight.at,
    topLeft: topLeft.at,
    topRight: topRight.at,
  };
}
