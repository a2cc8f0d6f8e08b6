/**
 * The openings of a facade (windows, doors, balconies, shutters, shop fronts) as axis-aligned
 * rectangles, found without a click by recursive XY-cuts of a map of pixels darker than the
 * wall around them: rows where such pixels are rare separate the floors, columns where they
 * are rare separate the openings of a floor, and each piece is cut again until it no longer
 * splits. Openings sit on a grid on a frontal facade, so the projections find them where the
 * map shows only part of a window (its panes, blind or frame) and no closed outline.
 * Measurements and what was rejected: docs/decisions/051-opening-detector.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

export interface OpeningMap {
  /** Size of the map's grid (the image scaled down by `step`). */
  width: number;
  height: number;
  step: number;
  /** Running sums of the 0/1 map: (height + 1) × (width + 1). */
  sums: Int32Array;
}

export interface DetectorTuning {
  /** A row or column is a gap between openings when this share of it, at most, is unlike the wall… */
  gapShare: number;
  /** …or less than this share of the piece's fullest row or column. */
  gapRelative: number;
  /** Gaps narrower than this many grid cells do not split (a glazing bar, a mullion). */
  minimumGap: number;
  /** A leaf is an opening when at least this share of it is unlike the wall… */
  minimumFill: number;
  /** …its shorter side is at least this many grid cells… */
  minimumSide: number;
  /** …its longer side is at most this many times its shorter… */
  maximumAspect: number;
  /** …and it covers at most this share of the photo. */
  maximumShare: number;
}

export const defaultDetectorTuning: DetectorTuning = {
  gapShare: 0.12,
  gapRelative: 0.2,
  minimumGap: 2,
  minimumFill: 0.35,
  minimumSide: 4,
  maximumAspect: 12,
  maximumShare: 0.2,
};

/**
 * The map of pixels darker than their neighbourhood (mean lightness of a square of side
 * 2·`radius`+1 grid cells) by more than `contrast`: glass, blinds and the shade of a recess
 * are darker than the wall around them whatever the wall's colour, and a photo may show
 * walls of several colours (or in sun and shade).
 */
export function darknessMap(
  lab: Float32Array,
  imageWidth: number,
  imageHeight: number,
  contrast: number,
  radius: number,
  step: number,
  inside?: (x: number, y: number) => boolean,
  wallLightness = Number.NEGATIVE_INFINITY,
): OpeningMap {
  const width = Math.ceil(imageWidth / step);
  const height = Math.ceil(imageHeight / step);
  const stride = width + 1;
  const lightness = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const imageY = Math.min(imageHeight - 1, y * step);
    for (let x = 0; x < width; x++) {
      const imageX = Math.min(imageWidth - 1, x * step);
      lightness[y * width + x] = lab[(imageY * imageWidth + imageX) * 3] as number;
    }
  }
  const lightSums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += lightness[y * width + x] as number;
      lightSums[(y + 1) * stride + x + 1] = (lightSums[y * stride + x + 1] as number) + row;
    }
  }
  const sums = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    const y0 = Math.max(0, y - radius) * stride;
    const y1 = Math.min(height, y + radius + 1) * stride;
    const rows = (y1 - y0) / stride;
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const mean =
        ((lightSums[y1 + x1] as number) -
          (lightSums[y0 + x1] as number) -
          (lightSums[y1 + x0] as number) +
          (lightSums[y0 + x0] as number)) /
        (rows * (x1 - x0));
      if (
        (lightness[y * width + x] as number) < Math.max(mean, wallLightness) - contrast &&
        (!inside || inside(Math.min(imageWidth - 1, x * step), Math.min(imageHeight - 1, y * step)))
      ) {
        row++;
      }
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
    }
  }
  return { width, height, step, sums };
}

/** How many cells of the map's rectangle (grid coordinates, inclusive) are unlike the wall. */
function countIn(map: OpeningMap, left: number, top: number, right: number, bottom: number): number {
  const stride = map.width + 1;
  const { sums } = map;
  return (
    (sums[(bottom + 1) * stride + right + 1] as number) -
    (sums[top * stride + right + 1] as number) -
    (sums[(bottom + 1) * stride + left] as number) +
    (sums[top * stride + left] as number)
  );
}

/** Runs of positions whose share is not a gap; gaps narrower than `minimumGap` are bridged. */
function runsOf(shares: number[], tuning: DetectorTuning): Array<[number, number]> {
  const fullest = Math.max(0, ...shares);
  const threshold = Math.max(tuning.gapShare, tuning.gapRelative * fullest);
  const runs: Array<[number, number]> = [];
  let start = -1;
  let lastFull = -1;
  shares.forEach((share, at) => {
    if (share <= threshold) return;
    if (start < 0) start = at;
    else if (at - lastFull - 1 >= tuning.minimumGap) {
      runs.push([start, lastFull]);
      start = at;
    }
    lastFull = at;
  });
  if (start >= 0) runs.push([start, lastFull]);
  return runs;
}

/**
 * The openings in the map, in grid coordinates: the facade is cut into floors and openings
 * by its gaps, rows and columns in turn, until no piece splits or shrinks any more.
 */
export function cutOpenings(map: OpeningMap, tuning: DetectorTuning = defaultDetectorTuning): Rectangle[] {
  const found: Rectangle[] = [];
  const maximumArea = tuning.maximumShare * map.width * map.height;
  const visit = (piece: Rectangle, depth: number) => {
    const pieceWidth = piece.right - piece.left + 1;
    const pieceHeight = piece.bottom - piece.top + 1;
    if (Math.min(pieceWidth, pieceHeight) < tuning.minimumSide) return;
    const rowShares: number[] = [];
    for (let y = piece.top; y <= piece.bottom; y++) {
      rowShares.push(countIn(map, piece.left, y, piece.right, y) / pieceWidth);
    }
    const columnShares: number[] = [];
    for (let x = piece.left; x <= piece.right; x++) {
      columnShares.push(countIn(map, x, piece.top, x, piece.bottom) / pieceHeight);
    }
    const rows = runsOf(rowShares, tuning);
    const columns = runsOf(columnShares, tuning);
    const unchanged =
      rows.length === 1 &&
      columns.length === 1 &&
      rows[0]?.[0] === 0 &&
      rows[0]?.[1] === pieceHeight - 1 &&
      columns[0]?.[0] === 0 &&
      columns[0]?.[1] === pieceWidth - 1;
    if (unchanged || depth > 24) {
      const area = pieceWidth * pieceHeight;
      const fill = countIn(map, piece.left, piece.top, piece.right, piece.bottom) / area;
      if (
        fill >= tuning.minimumFill &&
        area <= maximumArea &&
        Math.max(pieceWidth, pieceHeight) <= tuning.maximumAspect * Math.min(pieceWidth, pieceHeight)
      ) {
        found.push(piece);
      }
      return;
    }
    // Cut along the direction that splits (floors first on a facade), else trim both ways.
    if (rows.length > 1) {
      for (const [from, to] of rows) {
        visit(
          { left: piece.left, right: piece.right, top: piece.top + from, bottom: piece.top + to },
          depth + 1,
        );
      }
    } else if (columns.length > 1) {
      for (const [from, to] of columns) {
        visit(
          { top: piece.top, bottom: piece.bottom, left: piece.left + from, right: piece.left + to },
          depth + 1,
        );
      }
    } else if (rows[0] && columns[0]) {
      visit(
        {
          left: piece.left + columns[0][0],
          right: piece.left + columns[0][1],
          top: piece.top + rows[0][0],
          bottom: piece.top + rows[0][1],
        },
        depth + 1,
      );
    }
  };
  visit({ left: 0, top: 0, right: map.width - 1, bottom: map.height - 1 }, 0);
  return found;
}

/**
 * How strongly a rectangle is outlined: the weakest of its four sides' mean edge strength,
 * over the photo's mean edge strength. A window's frame lines all four sides; a patch of
 * shaded or stained wall has soft or missing sides.
 */
export function outlineStrength(image: FacadeImage, r: Rectangle): number {
  const { width, height, verticalEdgeSums, horizontalEdgeSums } = image;
  let total = 0;
  for (let x = 0; x < width; x++) total += verticalEdgeSums[height * width + x] as number;
  for (let y = 0; y < height; y++) total += horizontalEdgeSums[y * (width + 1) + width] as number;
  const average = total / (2 * width * height);
  if (average <= 0) return 0;
  const column = (x: number) =>
    ((verticalEdgeSums[(r.bottom + 1) * width + x] as number) -
      (verticalEdgeSums[r.top * width + x] as number)) /
    (r.bottom - r.top + 1);
  const row = (y: number) =>
    ((horizontalEdgeSums[y * (width + 1) + r.right + 1] as number) -
      (horizontalEdgeSums[y * (width + 1) + r.left] as number)) /
    (r.right - r.left + 1);
  // A side may sit a pixel off its line: the best of it and its neighbours counts.
  const side = (strength: (position: number) => number, at: number, limit: number) =>
    Math.max(strength(at), strength(Math.max(0, at - 1)), strength(Math.min(limit, at + 1)));
  const weakest = Math.min(
    side(column, r.left, width - 1),
    side(column, r.right, width - 1),
    side(row, r.top, height - 1),
    side(row, r.bottom, height - 1),
  );
  return weakest / average;
}

/** Grid rectangles back to inclusive image pixels. */
export function toImageRectangle(map: OpeningMap, box: Rectangle, imageWidth: number, imageHeight: number) {
  return {
    left: box.left * map.step,
    top: box.top * map.step,
    right: Math.min(imageWidth - 1, box.right * map.step + map.step - 1),
    bottom: Math.min(imageHeight - 1, box.bottom * map.step + map.step - 1),
  };
}
