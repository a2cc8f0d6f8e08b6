/**
 * How much a rectangle of the photo looks like the example of "select all similar", whatever
 * its size: both are read as the same grid of 12 × 12 cells (the rectangle and a margin of
 * wall around it) in lightness and its change across and down, so a taller window of the
 * ground floor, stretched to the example's size, still lines up frame to frame with it. Finer
 * than the matching of decision 056 (about 10 cells across the example and its margin on a
 * copy shrunk for speed). Used to judge whole floors of repeats
 * (docs/decisions/131-select-all-similar-unlike-floors.md).
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

/** Running sums of three channels (lightness, its change across and down) on a copy shrunk by `factor`. */
interface LikenessChannels {
  factor: number;
  width: number;
  height: number;
  /** Per channel, (width + 1) × (height + 1) running sums. */
  sums: Float64Array[];
}

const channelsCache = new WeakMap<FacadeImage, LikenessChannels>();
/** The copy the cells are read from has at most this many pixels: fine enough for 30 px windows. */
const maximumPixels = 400_000;

function likenessChannels(image: FacadeImage): LikenessChannels {
  const cached = channelsCache.get(image);
  if (cached) return cached;
  const factor = Math.max(1, Math.round(Math.sqrt((image.width * image.height) / maximumPixels)));
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const stride = width + 1;
  const sums = [0, 1, 2].map(() => new Float64Array(stride * (height + 1)));
  const [lightness, across, down] = sums as [Float64Array, Float64Array, Float64Array];
  const { lab } = image;
  const rowStride = image.width * 3;
  const cellL = new Float64Array(width);
  const cellAcross = new Float64Array(width);
  const cellDown = new Float64Array(width);
  for (let cellY = 0; cellY < height; cellY++) {
    cellL.fill(0);
    cellAcross.fill(0);
    cellDown.fill(0);
    for (let y = cellY * factor; y < (cellY + 1) * factor; y++) {
      const from = y * rowStride;
      const above = y > 0 ? from - rowStride : from;
      const below = y < image.height - 1 ? from + rowStride : from;
      for (let x = 0; x < width * factor; x++) {
        const at = x * 3;
        const cell = (x / factor) | 0;
        cellL[cell] = (cellL[cell] as number) + (lab[from + at] as number);
        const right = x < image.width - 1 ? at + 3 : at;
        const left = x > 0 ? at - 3 : at;
        cellAcross[cell] =
          (cellAcross[cell] as number) +
          Math.abs((lab[from + right] as number) - (lab[from + left] as number));
        cellDown[cell] =
          (cellDown[cell] as number) + Math.abs((lab[below + at] as number) - (lab[above + at] as number));
      }
    }
    let rowL = 0;
    let rowAcross = 0;
    let rowDown = 0;
    const at = (cellY + 1) * stride;
    for (let x = 0; x < width; x++) {
      rowL += cellL[x] as number;
      rowAcross += cellAcross[x] as number;
      rowDown += cellDown[x] as number;
      lightness[at + x + 1] = (lightness[at - stride + x + 1] as number) + rowL;
      across[at + x + 1] = (across[at - stride + x + 1] as number) + rowAcross;
      down[at + x + 1] = (down[at - stride + x + 1] as number) + rowDown;
    }
  }
  const channels = { factor, width, height, sums };
  channelsCache.set(image, channels);
  return channels;
}

/** The grid of cells a rectangle is read as: this many each way… */
const cells = 12;
/** …over the rectangle and this share of its size of wall on each side (the frame's surround). */
const margin = 0.25;

/** The rectangle (plus margin) as `cells` × `cells` means per channel; null when off the photo. */
function readGrid(channels: LikenessChannels, rectangle: Rectangle): Float64Array[] | null {
  const { factor, width, height, sums } = channels;
  const rectangleWidth = rectangle.right - rectangle.left + 1;
  const rectangleHeight = rectangle.bottom - rectangle.top + 1;
  const left = (rectangle.left - margin * rectangleWidth) / factor;
  const top = (rectangle.top - margin * rectangleHeight) / factor;
  const cellWidth = ((1 + 2 * margin) * rectangleWidth) / factor / cells;
  const cellHeight = ((1 + 2 * margin) * rectangleHeight) / factor / cells;
  if (left < 0 || top < 0 || left + cells * cellWidth > width || top + cells * cellHeight > height)
    return null;
  const stride = width + 1;
  const grids = sums.map(() => new Float64Array(cells * cells));
  for (let row = 0; row < cells; row++) {
    const y0 = Math.round(top + row * cellHeight);
    const y1 = Math.max(y0 + 1, Math.round(top + (row + 1) * cellHeight));
    for (let column = 0; column < cells; column++) {
      const x0 = Math.round(left + column * cellWidth);
      const x1 = Math.max(x0 + 1, Math.round(left + (column + 1) * cellWidth));
      const area = (x1 - x0) * (y1 - y0);
      for (let channel = 0; channel < sums.length; channel++) {
        const table = sums[channel] as Float64Array;
        (grids[channel] as Float64Array)[row * cells + column] =
          ((table[y1 * stride + x1] as number) -
            (table[y0 * stride + x1] as number) -
            (table[y1 * stride + x0] as number) +
            (table[y0 * stride + x0] as number)) /
          area;
      }
    }
  }
  return grids;
}

/**
 * A reader of likeness to one example: for a rectangle, the mean over the three channels of
 * the correlation of its grid with the example's (or with the example mirrored left to right,
 * the other window of a pair, whichever is higher); −1 for a rectangle off the photo.
 */
export function likenessTo(image: FacadeImage, example: Rectangle): (rectangle: Rectangle) => number {
  const channels = likenessChannels(image);
  const reference = readGrid(channels, example);
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
    const grids = readGrid(channels, rectangle);
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
