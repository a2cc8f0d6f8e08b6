/*
 * A wall click's cut taken apart at its plain rows
 * (docs/decisions/271-cuts-split-at-plain-rows.md): where one cut spans windows stacked in a bay
 * with the spandrel panels between them, the panels are as dark as the glass (the darkness map
 * and decision 265's split see no gap) but no bar crosses them; every row of a window is
 * crossed by its mullions and muntins.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { boxColour } from './opening-rectangle.ts';
import { runsOf } from './runs.ts';

export interface PlainRowTuning {
  /** A row is plain when the edges crossing it are at most this share of the cut's busiest row's (0: off). */
  share: number;
  /** …over a run of at least this many rows… */
  minimumRun: number;
  /** …that leaves at least this many rows on both sides. */
  minimumPiece: number;
  /** This share of a run goes back to the piece on each side: a frame's rail and sill are plain too. */
  giveBack: number;
}

/** The columns at each end of a row left out of its crossing edges: the bay's own side frames. */
const sideShare = 0.15;
/** A piece beside a plain run must have at least this share of its rows (inside the cut's rim) crossed by bars. */
const barredShare = 0.5;
/**
 * The pieces beside a plain run differ in mean colour (OKLab, as the image's Lab channels) by
 * at most this: stacked windows of a bay hold the same glass; a sash's barred top and a plain
 * lower sash behind a curtain do not.
 */
const alikeColour = 10;
/** Up to this many points along a row tell its crossing edges (a click stays fast). */
const samplesPerRow = 48;

/**
 * `cut` cut at its runs of plain rows (rows whose crossing edges, read between its side frames,
 * are at most `share` of its busiest row's): the pieces between, each given back `giveBack` of
 * the run beside it; the cut itself when no run parts it.
 */
export function splitAtPlainRows(image: FacadeImage, cut: Rectangle, tuning: PlainRowTuning): Rectangle[] {
  if (tuning.share <= 0) return [cut];
  const { width, height, verticalEdgeSums } = image;
  const left = Math.max(0, cut.left);
  const right = Math.min(width - 1, cut.right);
  const top = Math.max(0, cut.top);
  const bottom = Math.min(height - 1, cut.bottom);
  const rows = bottom - top + 1;
  if (rows < tuning.minimumRun + 2 * tuning.minimumPiece || right <= left) return [cut];
  const inset = Math.round(sideShare * (right - left + 1));
  const from = left + inset;
  const to = right - inset;
  const stride = Math.max(1, Math.floor((to - from + 1) / samplesPerRow));
  // The horizontal gradient at each sampled pixel of a row: the vertical edges crossing it.
  const crossing = new Float64Array(rows);
  for (let row = 0; row < rows; row++) {
    const y = top + row;
    let sum = 0;
    for (let x = from; x <= to; x += stride) {
      sum += (verticalEdgeSums[(y + 1) * width + x] as number) - (verticalEdgeSums[y * width + x] as number);
    }
    crossing[row] = sum;
  }
  let busiest = 0;
  for (const value of crossing) busiest = Math.max(busiest, value);
  const limit = tuning.share * busiest;
  const isPlain = (row: number) => (crossing[row] as number) <= limit;
  // A piece is a window only when bars cross most of its rows inside the cut's rim: an undivided
  // pane is plain all through but for the rows where the cut meets the wall, and must not be
  // taken for a spandrel (its glass would go to the wall).
  const rim = tuning.minimumRun;
  const isBarred = (from: number, to: number) => {
    const first = Math.max(from, rim);
    const last = Math.min(to, rows - 1 - rim);
    if (last < first) return false;
    let busy = 0;
    for (let row = first; row <= last; row++) if (!isPlain(row)) busy++;
    return busy >= barredShare * (last - first + 1);
  };
  // Read between the side frames, as the crossing edges are.
  const isAlike = (fromA: number, toA: number, fromB: number, toB: number) => {
    const a = boxColour(image, { left: from, right: to, top: top + fromA, bottom: top + toA });
    const b = boxColour(image, { left: from, right: to, top: top + fromB, bottom: top + toB });
    let squares = 0;
    for (let channel = 0; channel < 3; channel++)
      squares += ((a[channel] as number) - (b[channel] as number)) ** 2;
    return Math.sqrt(squares) <= alikeColour;
  };
  const runs = runsOf(isPlain, rows, 0).filter(([start, end]) => end - start + 1 >= tuning.minimumRun);
  const pieces: Rectangle[] = [];
  let pieceStart = 0;
  let pieceTop = cut.top;
  for (const [index, [start, end]] of runs.entries()) {
    if (start - pieceStart < tuning.minimumPiece || rows - 1 - end < tuning.minimumPiece) continue;
    const nextStart = runs[index + 1]?.[0] ?? rows;
    if (!isBarred(pieceStart, start - 1) || !isBarred(end + 1, nextStart - 1)) continue;
    if (!isAlike(pieceStart, start - 1, end + 1, nextStart - 1)) continue;
    const back = Math.floor(tuning.giveBack * (end - start + 1));
    pieces.push({ ...cut, top: pieceTop, bottom: top + start - 1 + back });
    pieceStart = end + 1;
    pieceTop = top + end + 1 - back;
  }
  if (pieces.length === 0) return [cut];
  pieces.push({ ...cut, top: pieceTop });
  return pieces;
}
