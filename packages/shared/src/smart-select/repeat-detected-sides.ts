/**
 * The repeats of "select all similar" take the near sides of the opening the detector found
 * on them (docs/decisions/209). A repeat is a copy of the example placed by the grid and lined
 * up with its floor and column, so it keeps the example's own error (the wall or sill a
 * user's rectangle took) and a floor's or column's line where its windows end elsewhere; the
 * detector (docs/decisions/051) outlined many of those windows on their own, once per photo.
 */
import { type FacadeImage, type Rectangle, trimTuning } from './facade-select.ts';
import { columnEdge, rowEdge } from './opening-rectangle.ts';
import { isBarUnlikeWall } from './opening-trims.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';
import { bands, median } from './repeat-bands.ts';

export interface DetectedSideTuning {
  /** A side moves when the detected one is within this share of the repeat's size (0: off)… */
  reach: number;
  /** …its line is at least this many times as strong as the line where the side was… */
  strength: number;
  /** …the detected opening's size that way is within this share of the repeat's… */
  sizeSlack: number;
  /** …and the repeats of its floor (top, bottom) or column (sides) move that side by at least this many pixels, as a median. */
  bandMove: number;
}

export const defaultDetectedSideTuning: DetectedSideTuning = {
  reach: 0.2,
  strength: 1,
  sizeSlack: 0.4,
  bandMove: 1,
};

export const sides = ['left', 'top', 'right', 'bottom'] as const;
export type Side = (typeof sides)[number];
type Moves = Record<Side, number>;

const isAcross = (side: Side) => side === 'left' || side === 'right';
const sizeOf = (side: Side, rectangle: Rectangle) =>
  isAcross(side) ? rectangle.right - rectangle.left + 1 : rectangle.bottom - rectangle.top + 1;

/**
 * The repeats (the example first, which stays as the user marked it), each side moved onto
 * that of the detected opening overlapping the repeat most (by intersection over union) when:
 * it is near (a detected opening can be the window with its balcony or its shutters); it is a
 * line at least as strong as where the side was (a detected side along a shutter or a shadow
 * is weaker there than the frame's own edge); the detected opening is about as wide (for the
 * sides) or as tall (for top and bottom) as the repeat, not a pair of windows with their pier
 * (docs/decisions/131); the move does not leave out a band unlike the wall, a painted trim the
 * repeat took (docs/decisions/199), the detector's opening being the glass inside it; and its
 * floor's (column's) repeats move that side too, as a median: one window whose flower box
 * makes its frame seem to go on lower stays on its floor's line (docs/decisions/130).
 */
export function toDetectedSides(
  image: FacadeImage,
  repeats: Rectangle[],
  tuning: DetectedSideTuning = defaultDetectedSideTuning,
): Rectangle[] {
  const example = repeats[0];
  if (!example || tuning.reach <= 0 || image.openings.length === 0) return repeats;
  const trims = trimTuning(image.tuning);
  const moves: Moves[] = repeats.map((repeat, index) =>
    index === 0 ? { left: 0, top: 0, right: 0, bottom: 0 } : movesOf(image, repeat, tuning, trims),
  );
  const keepUnlessBandMoves = (members: number[], low: Side, high: Side) => {
    const others = members.filter((index) => index !== 0);
    if (others.length === 0) return;
    for (const side of [low, high]) {
      const shifts = others.map((index) => Math.abs((moves[index] as Moves)[side]));
      if (median(shifts) >= tuning.bandMove) continue;
      for (const index of others) (moves[index] as Moves)[side] = 0;
    }
  };
  const exampleWidth = example.right - example.left + 1;
  const exampleHeight = example.bottom - example.top + 1;
  for (const floor of bands(
    repeats.map((repeat) => (repeat.top + repeat.bottom) / 2),
    0.5 * exampleHeight,
  ))
    keepUnlessBandMoves(floor, 'top', 'bottom');
  for (const column of bands(
    repeats.map((repeat) => (repeat.left + repeat.right) / 2),
    0.5 * exampleWidth,
  ))
    keepUnlessBandMoves(column, 'left', 'right');
  return repeats.map((repeat, index) => {
    const move = moves[index] as Moves;
    const moved = {
      left: repeat.left + move.left,
      top: repeat.top + move.top,
      right: repeat.right + move.right,
      bottom: repeat.bottom + move.bottom,
    };
    return moved.right > moved.left && moved.bottom > moved.top ? moved : repeat;
  });
}

/** How far each side of one repeat would move onto its detected opening's (0: stays). */
function movesOf(
  image: FacadeImage,
  repeat: Rectangle,
  tuning: DetectedSideTuning,
  trims: ReturnType<typeof trimTuning>,
): Moves {
  const move = { left: 0, top: 0, right: 0, bottom: 0 };
  const detected = mostOverlapping(image.openings, repeat);
  if (!detected) return move;
  const along = (side: Side) => alongSide(repeat, side);
  const strength = (side: Side, at: number) => sideLineStrength(image, repeat, side, at);
  for (const side of sides) {
    const size = sizeOf(side, repeat);
    const at = detected[side];
    if (at === repeat[side] || Math.abs(at - repeat[side]) > tuning.reach * size) continue;
    if (Math.abs(sizeOf(side, detected) - size) > tuning.sizeSlack * size) continue;
    if (strength(side, at) < tuning.strength * strength(side, repeat[side])) continue;
    const inward = side === 'left' || side === 'top' ? at > repeat[side] : at < repeat[side];
    if (
      inward &&
      trims.contrast > 0 &&
      isBarUnlikeWall(
        image,
        isAcross(side),
        Math.min(at, repeat[side]) - 1,
        Math.max(at, repeat[side]) + 1,
        along(side),
        image.wall,
        trims,
      )
    )
      continue;
    move[side] = at - repeat[side];
  }
  return move;
}

/**
 * Where a side's line is read: along the rectangle less its ends (0.15 of its size each),
 * where corners and the neighbouring lines cross it.
 */
export function alongSide(rectangle: Rectangle, side: Side): [number, number] {
  const insetX = Math.floor(0.15 * (rectangle.right - rectangle.left + 1));
  const insetY = Math.floor(0.15 * (rectangle.bottom - rectangle.top + 1));
  return isAcross(side)
    ? [rectangle.top + insetY, rectangle.bottom - insetY]
    : [rectangle.left + insetX, rectangle.right - insetX];
}

/** How strong a line `rectangle`'s `side` would be at `at` (the column or row), read along the rectangle. */
export function sideLineStrength(image: FacadeImage, rectangle: Rectangle, side: Side, at: number): number {
  return isAcross(side)
    ? columnEdge(image, at, ...alongSide(rectangle, side))
    : rowEdge(image, at, ...alongSide(rectangle, side));
}

/** The opening with the largest intersection over union with `rectangle`, or null when none overlaps it. */
function mostOverlapping(openings: readonly Rectangle[], rectangle: Rectangle): Rectangle | null {
  let chosen: Rectangle | null = null;
  let chosenScore = 0;
  const area = rectangleArea(rectangle);
  for (const opening of openings) {
    const shared = overlapArea(opening, rectangle);
    if (shared === 0) continue;
    const score = shared / (area + rectangleArea(opening) - shared);
    if (score > chosenScore) {
      chosenScore = score;
      chosen = opening;
    }
  }
  return chosen;
}
