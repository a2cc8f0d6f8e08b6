/**
 * A wall click's window cut gives back the wall along its sides: where its outermost columns
 * look like the wall just beyond that side rather than like the window inside, they are the
 * pier, jamb or reveal the detector's rectangle overreached onto, and stay wall
 * (docs/decisions/339-cut-sides-give-back-wall.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour, colourDistance } from './opening-rectangle.ts';

export interface CutSideTuning {
  /** A side column goes back to the wall when at least this share of its pixels looks like the wall beyond (0: never). */
  share: number;
  /** A pixel looks like the wall beyond when within this of its colour (OKLab ×100) and nearer to it than to the cut's middle. */
  near: number;
  /** At most this share of the cut's width given back on each side. */
  most: number;
  /** The wall beyond a side: a band this many pixels wide along it. */
  band: number;
  /** The top gives back its rows the same way (a head's reveal or lintel); a window's foot never does (a balcony's may: `withFootGivenBack`). */
  top: boolean;
}

/** A balcony's foot tuning: decision 440's (`foot`) and decision 490's (`beside`, `besideUnder`). */
export interface FootTuning extends CutSideTuning {
  /** At most this share of the cut's height given back against the band under the foot (0: never). */
  foot: number;
  /** At most this share of its height given back against the wall beside the balcony (0: never). */
  beside: number;
  /** That wall beside within this (OKLab ×100) of the band under the foot. */
  besideUnder: number;
}

/**
 * A balcony's cut gives back the wall along its foot: where its lowest rows look like the wall
 * just under it rather than like the balcony inside, they are the wall under the slab the box
 * overreached onto, at most `foot` of the cut's height (0: never)
 * (docs/decisions/440-balcony-cut-foot-gives-back-wall.md); and where, from its foot up, they look
 * like the wall beside the balcony at the same rows, at most `beside` of its height
 * (docs/decisions/490-balcony-foot-like-the-wall-beside.md). The foot that gives back more
 * rows (the higher one) stands.
 */
export function withFootGivenBack(image: FacadeImage, cut: Rectangle, tuning: FootTuning): Rectangle {
  const under = wallUnderFoot(image, cut, tuning);
  if (under === null) return cut;
  const likeUnder = withFootLikeUnder(image, cut, under, tuning);
  const likeBeside = withFootLikeBeside(image, cut, under, tuning);
  return likeBeside.bottom < likeUnder.bottom ? likeBeside : likeUnder;
}

/**
 * The colour of the `band` rows under `cut`'s foot, or null where the photo ends within two bands
 * or where that band is unlike the band under it: the wall under the foot runs on down, a band
 * unlike the one under it is a slab's edge or a shadow line the box stopped short of, still the
 * balcony's (decisions 440 and 490).
 */
function wallUnderFoot(image: FacadeImage, cut: Rectangle, tuning: FootTuning): Float64Array | null {
  if (cut.bottom + 2 * tuning.band >= image.height) return null;
  const under = boxColour(image, { ...cut, top: cut.bottom + 1, bottom: cut.bottom + tuning.band });
  const further = boxColour(image, {
    ...cut,
    top: cut.bottom + tuning.band + 1,
    bottom: cut.bottom + 2 * tuning.band,
  });
  return colourDistance(under, further) > tuning.near ? null : under;
}

/** `cut` less its lowest rows that look like `beyond`, the band under its foot (decision 440). */
function withFootLikeUnder(
  image: FacadeImage,
  cut: Rectangle,
  beyond: Float64Array,
  tuning: FootTuning,
): Rectangle {
  const most = rowsToGiveBack(cut, tuning.foot, tuning.share);
  if (most <= 0) return cut;
  const middle = middleColour(image, cut);
  const result = { ...cut };
  while (
    cut.bottom - result.bottom < most &&
    isRowLikeBeyond(image, result, result.bottom, beyond, middle, tuning)
  ) {
    result.bottom--;
  }
  return result;
}

/**
 * Whether `cut` ends on the head of one of `openings` centred under it: the row under its foot
 * is that window's top row. Decision 415 ends a balcony over a window there, over its consoles
 * and carved head, and its foot is then the window's head, no slab over wall to give back
 * (docs/decisions/505-balcony-foot-on-a-window-head.md).
 */
export function endsOnAWindowHead(cut: Rectangle, openings: readonly Rectangle[]): boolean {
  return openings.some((opening) => {
    const middle = (opening.left + opening.right) / 2;
    return opening.top === cut.bottom + 1 && middle >= cut.left && middle <= cut.right;
  });
}

/** The mean colour of the middle half of `cut` each way. */
export function middleColour(image: FacadeImage, cut: Rectangle): Float64Array {
  const insetX = Math.floor((cut.right - cut.left + 1) / 4);
  const insetY = Math.floor((cut.bottom - cut.top + 1) / 4);
  return boxColour(image, {
    left: cut.left + insetX,
    right: cut.right - insetX,
    top: cut.top + insetY,
    bottom: cut.bottom - insetY,
  });
}

/** Cuts narrower or lower than this are left as they are: too small to tell a side from a middle. */
const smallestSide = 6;

/** `cut` with its side columns that look like the wall beyond them given back. */
export function withSidesGivenBack(image: FacadeImage, cut: Rectangle, tuning: CutSideTuning): Rectangle {
  const width = cut.right - cut.left + 1;
  const height = cut.bottom - cut.top + 1;
  if (tuning.share <= 0 || width < smallestSide || height < smallestSide) return cut;
  const middle = middleColour(image, cut);
  const most = Math.floor(tuning.most * width);
  const result = { ...cut };
  if (cut.left - tuning.band >= 0) {
    const beyond = boxColour(image, { ...cut, left: cut.left - tuning.band, right: cut.left - 1 });
    while (result.left - cut.left < most && isLikeBeyond(image, result.left, cut, beyond, middle, tuning)) {
      result.left++;
    }
  }
  if (cut.right + tuning.band < image.width) {
    const beyond = boxColour(image, { ...cut, left: cut.right + 1, right: cut.right + tuning.band });
    while (
      cut.right - result.right < most &&
      isLikeBeyond(image, result.right, cut, beyond, middle, tuning)
    ) {
      result.right--;
    }
  }
  if (tuning.top && cut.top - tuning.band >= 0) {
    const beyond = boxColour(image, { ...cut, top: cut.top - tuning.band, bottom: cut.top - 1 });
    const mostRows = Math.floor(tuning.most * height);
    while (
      result.top - cut.top < mostRows &&
      isRowLikeBeyond(image, result, result.top, beyond, middle, tuning)
    ) {
      result.top++;
    }
  }
  return result;
}

/** Whether row `y` of `cut` looks like the wall beyond (`beyond`) rather than its middle. */
function isRowLikeBeyond(
  image: FacadeImage,
  cut: Rectangle,
  y: number,
  beyond: Float64Array,
  middle: Float64Array,
  tuning: CutSideTuning,
): boolean {
  const first = 3 * (y * image.width + cut.left);
  return isLineLikeBeyond(image.lab, first, 3, cut.right - cut.left + 1, [beyond], middle, tuning);
}

/** Whether column `x` of `cut` looks like the wall beyond (`beyond`) rather than its middle. */
function isLikeBeyond(
  image: FacadeImage,
  x: number,
  cut: Rectangle,
  beyond: Float64Array,
  middle: Float64Array,
  tuning: CutSideTuning,
): boolean {
  const first = 3 * (cut.top * image.width + x);
  return isLineLikeBeyond(
    image.lab,
    first,
    3 * image.width,
    cut.bottom - cut.top + 1,
    [beyond],
    middle,
    tuning,
  );
}

/**
 * Whether `count` pixels from `first` on, `step` apart, mostly look like one of `beyonds` rather
 * than `middle`: within `near` of it and nearer to it than to `middle`.
 */
function isLineLikeBeyond(
  lab: Float32Array,
  first: number,
  step: number,
  count: number,
  beyonds: readonly Float64Array[],
  middle: Float64Array,
  tuning: CutSideTuning,
): boolean {
  let like = 0;
  for (let at = first, n = 0; n < count; n++, at += step) {
    let toMiddle = -1;
    for (const beyond of beyonds) {
      const toBeyond = distance(lab, at, beyond);
      if (toBeyond > tuning.near) continue;
      if (toMiddle < 0) toMiddle = distance(lab, at, middle);
      if (toBeyond < toMiddle) {
        like++;
        break;
      }
    }
  }
  return like >= tuning.share * count;
}

function distance(lab: Float32Array, at: number, colour: Float64Array): number {
  return Math.hypot(
    (lab[at] as number) - (colour[0] as number),
    (lab[at + 1] as number) - (colour[1] as number),
    (lab[at + 2] as number) - (colour[2] as number),
  );
}

/**
 * `cut` less its lowest rows, from its foot up, that look like the wall beside the balcony at the
 * same row: at least `share` of the row's pixels within `near` of the colour of a `band` wide
 * strip beside it (left or right, whichever is nearer) and nearer to it than to the cut's middle.
 * The strips lie beyond the run of the photo's balcony and balustrade cuts the row crosses (one
 * balcony is often several overlapping cuts), and a strip counts only while within `besideUnder`
 * of the band under the cut's foot, the wall beside running on down under the balcony: a string
 * course the slab sits on, or the slab's own shadow running along the wall, is no wall beside.
 */
function withFootLikeBeside(
  image: FacadeImage,
  cut: Rectangle,
  under: Float64Array,
  tuning: FootTuning,
): Rectangle {
  const balconies = [...image.balconyOpenings, ...image.balustrades];
  return withEndLikeBeside(
    image,
    cut,
    'foot',
    balconies,
    tuning.beside,
    tuning,
    (side) => colourDistance(side, under) <= tuning.besideUnder,
  );
}

/**
 * A ground opening's cut less its highest rows, from its head down, that look like the wall
 * beside it at the same row: at least `share` of the row's pixels within `near` of the colour of
 * a `band` wide strip left or right of it (beyond the run of `others`, the photo's ground
 * openings, the row crosses) and nearer to it than to the cut's middle, at most `most` of its
 * height. A door's or shop front's head found on a cornice's or a porch's shadow line takes the
 * lintel under it, in the same shade as the wall beside the door
 * (docs/decisions/550-ground-opening-head-like-the-wall-beside.md).
 */
export function withHeadLikeBeside(
  image: FacadeImage,
  cut: Rectangle,
  others: readonly Rectangle[],
  tuning: CutSideTuning & { head: number },
): Rectangle {
  return withEndLikeBeside(image, cut, 'head', others, tuning.head, tuning);
}

/**
 * `cut` less its rows from its `end` inwards, at most `part` of its height, while each looks like
 * the wall beside it at that row (`stripsBesideRow` beyond the run of `others`, those strips
 * `isWall` keeps) as decision 339 tells it: the walk of decisions 490 (foot) and 550 (head).
 */
function withEndLikeBeside(
  image: FacadeImage,
  cut: Rectangle,
  end: 'foot' | 'head',
  others: readonly Rectangle[],
  part: number,
  tuning: CutSideTuning,
  isWall: (side: Float64Array) => boolean = () => true,
): Rectangle {
  const most = rowsToGiveBack(cut, part, tuning.share);
  if (most <= 0) return cut;
  const width = cut.right - cut.left + 1;
  const middle = middleColour(image, cut);
  const step = end === 'foot' ? -1 : 1;
  let y = end === 'foot' ? cut.bottom : cut.top;
  for (let given = 0; given < most; given++, y += step) {
    const sides = stripsBesideRow(image, others, y, cut, tuning.band).filter(isWall);
    if (sides.length === 0) break;
    if (!isLineLikeBeyond(image.lab, 3 * (y * image.width + cut.left), 3, width, sides, middle, tuning))
      break;
  }
  return end === 'foot' ? { ...cut, bottom: y } : { ...cut, top: y };
}

/** How many rows a cut's end may give back: `part` of its height; none when off or the cut is small. */
function rowsToGiveBack(cut: Rectangle, part: number, share: number): number {
  const width = cut.right - cut.left + 1;
  const height = cut.bottom - cut.top + 1;
  if (share <= 0 || width < smallestSide || height < smallestSide) return 0;
  return Math.floor(part * height);
}

/**
 * The mean colours of row `y` over the `band` wide strips left and right of `cut`, each beyond
 * the run of `others` the row crosses from the cut's side on, and each kept when it lies within
 * the photo (left one first).
 */
function stripsBesideRow(
  image: FacadeImage,
  others: readonly Rectangle[],
  y: number,
  cut: Rectangle,
  band: number,
): Float64Array[] {
  const left = runEnd(others, y, cut.left - 1, -1);
  const right = runEnd(others, y, cut.right + 1, 1);
  const sides: Float64Array[] = [];
  if (left - band + 1 >= 0) {
    sides.push(boxColour(image, { left: left - band + 1, right: left, top: y, bottom: y }));
  }
  if (right + band - 1 < image.width) {
    sides.push(boxColour(image, { left: right, right: right + band - 1, top: y, bottom: y }));
  }
  return sides;
}

/**
 * The first column from `x` on, `step` (−1 or 1) at a time, that none of `cuts` holds at row `y`.
 */
function runEnd(cuts: readonly Rectangle[], y: number, x: number, step: number): number {
  let end = x;
  for (let moved = true; moved; ) {
    moved = false;
    for (const other of cuts) {
      if (other.top <= y && other.bottom >= y && other.left <= end && other.right >= end) {
        end = step < 0 ? other.left - 1 : other.right + 1;
        moved = true;
      }
    }
  }
  return end;
}
