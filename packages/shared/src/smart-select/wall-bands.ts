/*
 * A wall click's cut taken apart at the bands of wall that run through it
 * (docs/decisions/180-cuts-split-at-wall-bands.md): the spandrel between two windows stacked in
 * one cut, the pier between a pair of windows, the wall a window's cut reaches past its sill.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { averageEdgeStrength } from './opening-detector.ts';
import { columnEdge, rowEdge } from './opening-rectangle.ts';
import { runsOf } from './runs.ts';

export interface WallBandTuning {
  /** A band's lines hold at least this share of the clicked wall's pixels… */
  wallShare: number;
  /** …and the cut's sides cross them at most this strongly (× the photo's mean edge): no frame… */
  side: number;
  /** …over a band at least this many pixels long; what is left of the cut keeps pieces this long. */
  minimumBand: number;
  minimumPiece: number;
  /**
   * Column bands a piece apart narrower than this (but kept as a piece) are a shutter's boards of
   * the wall's colour between its dark joints, not piers between windows: the cut stays whole.
   */
  minimumGap: number;
  /**
   * Above 0: a band is plain too, its lines crossed by edges at most this strongly on average
   * (× the photo's mean edge): balusters in front of a window are of the wall's colour between them.
   */
  plain: number;
  /**
   * Above 0: a band is the wall beside the cut, touching it at both ends (half of the lines'
   * pixels just outside are wall) and within this OKLab distance of its colour there.
   */
  match: number;
}

/**
 * `rectangle` without the rows, then the columns, that are bands of wall: lines across it
 * that are mostly the wall's (`isWall`, per superpixel) and that the rectangle's sides cross
 * without a frame's edge. A light window's glass is of the wall's colour too, but its frame
 * runs along its sides; a spandrel or a pier has none. The pieces left between bands, at least
 * `minimumPiece` long; the rectangle itself when no band runs through it.
 */
export function withoutWallBands(
  image: FacadeImage,
  rectangle: Rectangle,
  isWall: Uint8Array,
  tuning: WallBandTuning,
): Rectangle[] {
  if (tuning.wallShare > 1) return [rectangle];
  // Rows first: the pieces of a stack of windows are then each split at their piers.
  return splitAlong(image, rectangle, isWall, tuning, 'rows').flatMap((piece) =>
    splitAlong(image, piece, isWall, tuning, 'columns'),
  );
}

function splitAlong(
  image: FacadeImage,
  r: Rectangle,
  isWall: Uint8Array,
  tuning: WallBandTuning,
  along: 'rows' | 'columns',
): Rectangle[] {
  const { width, height, verticalEdgeSums, horizontalEdgeSums } = image;
  const labels = image.superpixels.labels;
  const left = Math.max(0, r.left);
  const right = Math.min(width - 1, r.right);
  const top = Math.max(0, r.top);
  const bottom = Math.min(height - 1, r.bottom);
  const isRows = along === 'rows';
  const from = isRows ? top : left;
  const count = (isRows ? bottom : right) - from + 1;
  const span = isRows ? right - left + 1 : bottom - top + 1;
  if (count < tuning.minimumBand + tuning.minimumPiece || span <= 0) return [r];
  const limit = tuning.side * averageEdgeStrength(image);
  // A side's edge across 3 lines around a line, at the best of 3 positions (a side sits a pixel off).
  const reach = 1;
  const edgeAcross = (line: number, side: number) => {
    let best = 0;
    for (let offset = -1; offset <= 1; offset++) {
      const sum = isRows
        ? columnEdge(
            image,
            Math.min(width - 1, Math.max(0, side + offset)),
            Math.max(top, line - reach),
            Math.min(bottom, line + reach),
          )
        : rowEdge(
            image,
            Math.min(height - 1, Math.max(0, side + offset)),
            Math.max(left, line - reach),
            Math.min(right, line + reach),
          );
      if (sum > best) best = sum;
    }
    return best;
  };
  // Up to 48 points along a line tell its share of wall and its edges (a click stays fast).
  const stride = Math.max(1, Math.floor(span / 48));
  const samples = Math.ceil(span / stride);
  const plainLimit = tuning.plain * averageEdgeStrength(image) * samples;
  const notWallAllowed = samples - Math.ceil(tuning.wallShare * samples);
  // The cheap test first: most lines of a window cross its frame at the sides.
  const isBand = (at: number) => {
    const line = from + at;
    if (edgeAcross(line, isRows ? left : top) > limit || edgeAcross(line, isRows ? right : bottom) > limit) {
      return false;
    }
    let notWall = 0;
    for (let position = 0; position < span; position += stride) {
      const index = isRows ? line * width + left + position : (top + position) * width + line;
      if (isWall[labels[index] as number] === 0 && ++notWall > notWallAllowed) return false;
    }
    if (tuning.plain <= 0) return true;
    let crossing = 0;
    for (let position = 0; position < span; position += stride) {
      if (isRows) {
        const index = line * width + left + position;
        crossing += (verticalEdgeSums[index + width] as number) - (verticalEdgeSums[index] as number);
      } else {
        const at = (top + position) * (width + 1) + line;
        crossing += (horizontalEdgeSums[at + 1] as number) - (horizontalEdgeSums[at] as number);
      }
    }
    return crossing <= plainLimit;
  };
  const bands = runsOf(isBand, count, 0).filter(
    ([start, end]) =>
      end - start + 1 >= tuning.minimumBand &&
      (tuning.match <= 0 ||
        isLikeWallBeside(image, r, isWall, isRows, from + start, from + end, stride, tuning.match)),
  );
  if (bands.length === 0) return [r];
  for (let at = 1; !isRows && at < bands.length; at++) {
    const gap = (bands[at] as [number, number])[0] - (bands[at - 1] as [number, number])[1] - 1;
    if (gap >= tuning.minimumPiece && gap < tuning.minimumGap) return [r];
  }
  const pieces: Rectangle[] = [];
  let start = 0;
  for (const [bandStart, bandEnd] of [...bands, [count, count] as [number, number]]) {
    if (bandStart - start >= tuning.minimumPiece) {
      const piece: [number, number] = [from + start, from + bandStart - 1];
      pieces.push(
        isRows ? { ...r, top: piece[0], bottom: piece[1] } : { ...r, left: piece[0], right: piece[1] },
      );
    }
    start = bandEnd + 1;
  }
  return pieces;
}

/**
 * Whether lines `first`…`last` of `r` (rows or columns) touch the wall just outside `r` at both
 * ends and are of its colour (within `limit`, lightness counting 0.4: light and shade).
 */
function isLikeWallBeside(
  image: FacadeImage,
  r: Rectangle,
  isWall: Uint8Array,
  isRows: boolean,
  first: number,
  last: number,
  stride: number,
  limit: number,
): boolean {
  const { width, height, lab } = image;
  const labels = image.superpixels.labels;
  const inside = [0, 0, 0, 0];
  const outside = [
    [0, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  const add = (sum: number[], x: number, y: number) => {
    const index = y * width + x;
    sum[0] = (sum[0] as number) + (lab[3 * index] as number);
    sum[1] = (sum[1] as number) + (lab[3 * index + 1] as number);
    sum[2] = (sum[2] as number) + (lab[3 * index + 2] as number);
    sum[3] = (sum[3] as number) + 1;
  };
  let lines = 0;
  for (let line = first; line <= last; line++) {
    lines++;
    const ends = isRows ? [r.left - 2, r.right + 2] : [r.top - 2, r.bottom + 2];
    ends.forEach((end, side) => {
      const x = isRows ? end : line;
      const y = isRows ? line : end;
      if (x < 0 || y < 0 || x >= width || y >= height) return;
      if (isWall[labels[y * width + x] as number] === 1) add(outside[side] as number[], x, y);
    });
    const span = isRows ? r.right - r.left + 1 : r.bottom - r.top + 1;
    for (let position = 0; position < span; position += stride) {
      add(inside, isRows ? r.left + position : line, isRows ? line : r.top + position);
    }
  }
  const wallOutside = outside.map((sum) => sum[3] as number);
  if (wallOutside.some((count) => count < 0.5 * lines)) return false;
  const both = [0, 1, 2].map(
    (channel) =>
      (((outside[0] as number[])[channel] as number) + ((outside[1] as number[])[channel] as number)) /
      ((wallOutside[0] as number) + (wallOutside[1] as number)),
  );
  const mean = [0, 1, 2].map((channel) => (inside[channel] as number) / (inside[3] as number));
  const distance = Math.sqrt(
    0.4 * ((mean[0] as number) - (both[0] as number)) ** 2 +
      ((mean[1] as number) - (both[1] as number)) ** 2 +
      ((mean[2] as number) - (both[2] as number)) ** 2,
  );
  return distance <= limit;
}
