/**
 * How much a rectangle of the photo looks like the example of "select all similar", whatever
 * its size: both are read as the same grid of 12 × 12 cells (the rectangle and a margin of
 * wall around it) in lightness and its change across and down, so a taller window of the
 * ground floor, stretched to the example's size, still lines up frame to frame with it. Finer
 * than the matching of decision 056 (about 10 cells across the example and its margin, on a
 * copy of the photo shrunk for speed). Used to judge whole floors of repeats
 * (docs/decisions/131-select-all-similar-unlike-floors.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

/** The grid of cells a rectangle is read as: this many each way… */
const cells = 12;
/** …over the rectangle and this share of its size of wall on each side (the frame's surround). */
export const likenessMargin = 0.25;
const margin = likenessMargin;
/** Pixels read per cell at most (evenly spread): a large example costs no more than a small one. */
const pixelsPerCell = 16;

/**
 * The rectangle (plus margin) as `cells` × `cells` means of lightness, its change across and
 * its change down, read straight from the photo: only the few repeats judged are read, where
 * running sums over the whole photo cost 45–65 ms at 1.5 MP on the first call. Null when the
 * margin leaves the photo.
 */
function readGrid(image: FacadeImage, rectangle: Rectangle): Float64Array[] | null {
  const { width, height, lab } = image;
  const rectangleWidth = rectangle.right - rectangle.left + 1;
  const rectangleHeight = rectangle.bottom - rectangle.top + 1;
  const left = rectangle.left - margin * rectangleWidth;
  const top = rectangle.top - margin * rectangleHeight;
  const cellWidth = ((1 + 2 * margin) * rectangleWidth) / cells;
  const cellHeight = ((1 + 2 * margin) * rectangleHeight) / cells;
  if (left < 0 || top < 0 || left + cells * cellWidth > width || top + cells * cellHeight > height)
    return null;
  const lightness = new Float64Array(cells * cells);
  const across = new Float64Array(cells * cells);
  const down = new Float64Array(cells * cells);
  const rowStride = width * 3;
  for (let row = 0; row < cells; row++) {
    const y0 = Math.round(top + row * cellHeight);
    const y1 = Math.max(y0 + 1, Math.round(top + (row + 1) * cellHeight));
    for (let column = 0; column < cells; column++) {
      const x0 = Math.round(left + column * cellWidth);
      const x1 = Math.max(x0 + 1, Math.round(left + (column + 1) * cellWidth));
      const step = Math.max(1, Math.round(Math.sqrt(((x1 - x0) * (y1 - y0)) / pixelsPerCell)));
      let sumL = 0;
      let sumAcross = 0;
      let sumDown = 0;
      let count = 0;
      for (let y = y0; y < y1; y += step) {
        const from = y * rowStride;
        const above = y > 0 ? from - rowStride : from;
        const below = y < height - 1 ? from + rowStride : from;
        for (let x = x0; x < x1; x += step) {
          const at = x * 3;
          sumL += lab[from + at] as number;
          const right = x < width - 1 ? at + 3 : at;
          const leftOf = x > 0 ? at - 3 : at;
          sumAcross += Math.abs((lab[from + right] as number) - (lab[from + leftOf] as number));
          sumDown += Math.abs((lab[below + at] as number) - (lab[above + at] as number));
          count++;
        }
      }
      const cell = row * cells + column;
      lightness[cell] = sumL / count;
      across[cell] = sumAcross / count;
      down[cell] = sumDown / count;
    }
  }
  return [lightness, across, down];
}

/**
 * A reader of likeness to one example: for a rectangle, the mean over the three channels of
 * the correlation of its grid with the example's (or with the example mirrored left to right,
 * the other window of a pair, whichever is higher); −1 for a rectangle off the photo.
 */
export function likenessTo(image: FacadeImage, example: Rectangle): (rectangle: Rectangle) => number {
  const reference = readGrid(image, example);
  if (!reference) return () => 0;
  const direct = reference.map(centred);
  const mirrored = direct.map((grid) => {
    const flipped = new Float64Array(grid.length);
    for (let row = 0; row < cells; row++)
      for (let column = 0; column < cells; column++)
        flipped[row * cells + column] = grid[row * cells + cells - 1 - column] as number;
    return flipped;
  });
  return (rectangle) => {
    const grids = readGrid(image, rectangle);
    if (!grids) return -1;
    let straight = 0;
    let flipped = 0;
    for (let channel = 0; channel < grids.length; channel++) {
      const grid = centred(grids[channel] as Float64Array);
      straight += correlationOfCentred(direct[channel] as Float64Array, grid);
      flipped += correlationOfCentred(mirrored[channel] as Float64Array, grid);
    }
    return Math.max(straight, flipped) / grids.length;
  };
}

function centred(values: Float64Array): Float64Array {
  let mean = 0;
  for (const value of values) mean += value;
  mean /= values.length;
  return values.map((value) => value - mean);
}

function correlationOfCentred(a: Float64Array, b: Float64Array): number {
  let product = 0;
  let squaresA = 0;
  let squaresB = 0;
  for (let index = 0; index < a.length; index++) {
    const valueA = a[index] as number;
    const valueB = b[index] as number;
    product += valueA * valueB;
    squaresA += valueA * valueA;
    squaresB += valueB * valueB;
  }
  return squaresA === 0 || squaresB === 0 ? 0 : product / Math.sqrt(squaresA * squaresB);
}
