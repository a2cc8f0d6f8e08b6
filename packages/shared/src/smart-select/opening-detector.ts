/**
 * The openings of a facade (windows, doors, balconies, shutters, shop fronts) as axis-aligned
 * rectangles, found without a click by recursive XY-cuts of a map of pixels darker than the
 * wall around them: rows where such pixels are rare separate the floors, columns where they
 * are rare separate the openings of a floor, and each piece is cut again until it no longer
 * splits. Openings sit on a grid on a frontal facade, so the projections find them where the
 * map shows only part of a window (its panes, blind or frame) and no closed outline.
 * `gridOpenings` adds the facade's grid (floors × columns over the whole surface) for the
 * light windows the cuts trim and to tell lone cuts (shadows) from repeated openings;
 * `railingOpenings` finds balconies by the dense vertical bars of their railings.
 * Measurements and what was rejected: docs/decisions/051-opening-detector.md and
 * docs/decisions/052-facade-grid.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';

export interface OpeningMap {
  /** Size of the map's grid (the image scaled down by `step`). */
  width: number;
  height: number;
  step: number;
  /** Running sums of the 0/1 map: (height + 1) × (width + 1). */
  sums: Int32Array;
  /** Running sums of the cells searched at all (within the surface), same layout. */
  insideSums?: Int32Array;
  /** The cells searched at all: one byte per cell, 1 within the surface. */
  inside?: Uint8Array;
  /** The grid's lightness, one value per cell (the photo's, sampled every `step` pixels). */
  lightness?: Float32Array;
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
 * What the darkness map needs from the photo alone, whatever the click: the grid's lightness
 * and, per cell, whether it is darker than its near and its wide neighbourhood. Kept per photo
 * (`darknessBaseCache`) so a click only tests the cells of its surface against these
 * (docs/decisions/138-wall-click-speed.md).
 */
interface DarknessBase {
  width: number;
  height: number;
  lightness: Float32Array;
  /** 1 where the cell is more than `contrast` below the mean within `radius`. */
  darkerThanNear: Uint8Array;
  /** 1 where it is more than `contrast` below the mean within the wide radius (1 everywhere without one). */
  darkerThanWide: Uint8Array;
}

const darknessBaseCache = new WeakMap<Float32Array, Map<string, DarknessBase>>();

function darknessBase(
  lab: Float32Array,
  imageWidth: number,
  imageHeight: number,
  contrast: number,
  radius: number,
  step: number,
  wideRadius: number,
): DarknessBase {
  const key = `${imageWidth}×${imageHeight} ${contrast} ${radius} ${step} ${wideRadius}`;
  let byKey = darknessBaseCache.get(lab);
  const cached = byKey?.get(key);
  if (cached) return cached;
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
  // 1 where a cell is more than `contrast` below the mean lightness within `within` cells.
  const darkerThanWithin = (within: number) => {
    const darker = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const y0 = Math.max(0, y - within) * stride;
      const y1 = Math.min(height, y + within + 1) * stride;
      const rows = (y1 - y0) / stride;
      for (let x = 0; x < width; x++) {
        const x0 = Math.max(0, x - within);
        const x1 = Math.min(width, x + within + 1);
        const mean =
          ((lightSums[y1 + x1] as number) -
            (lightSums[y0 + x1] as number) -
            (lightSums[y1 + x0] as number) +
            (lightSums[y0 + x0] as number)) /
          (rows * (x1 - x0));
        if ((lightness[y * width + x] as number) < mean - contrast) darker[y * width + x] = 1;
      }
    }
    return darker;
  };
  const base = {
    width,
    height,
    lightness,
    darkerThanNear: darkerThanWithin(radius),
    darkerThanWide: wideRadius > 0 ? darkerThanWithin(wideRadius) : new Uint8Array(width * height).fill(1),
  };
  if (!byKey) {
    byKey = new Map();
    darknessBaseCache.set(lab, byKey);
  }
  byKey.set(key, base);
  return base;
}

/**
 * The map of pixels darker than their neighbourhood (mean lightness of a square of side
 * 2·`radius`+1 grid cells) by more than `contrast`: glass, blinds and the shade of a recess
 * are darker than the wall around them whatever the wall's colour, and a photo may show
 * walls of several colours (or in sun and shade). `inside` (one byte per grid cell, 1: searched)
 * limits it to the clicked surface.
 */
export function darknessMap(
  lab: Float32Array,
  imageWidth: number,
  imageHeight: number,
  contrast: number,
  radius: number,
  step: number,
  inside?: Uint8Array,
  wallLightness = Number.NEGATIVE_INFINITY,
  streaks?: { length: number; thickness: number },
  wideFactor = 0,
): OpeningMap & { lightness: Float32Array } {
  // Darker than the clicked wall counts only where it is also darker than a far wider
  // neighbourhood (`wideFactor` × `radius`; 0: always): a window larger than the near
  // neighbourhood is, a whole bay or floor of a darker material on a two-coloured facade is not.
  const wideRadius = Math.round(wideFactor * radius);
  const { width, height, lightness, darkerThanNear, darkerThanWide } = darknessBase(
    lab,
    imageWidth,
    imageHeight,
    contrast,
    radius,
    step,
    wideRadius,
  );
  const searched = inside ?? new Uint8Array(width * height).fill(1);
  const dark = darkCells(searched, darkerThanNear, darkerThanWide, lightness, wallLightness - contrast);
  if (streaks) clearStreaks(dark, width, height, streaks.length, streaks.thickness);
  const sums = runningSums(dark, width, height);
  const insideSums = runningSums(searched, width, height);
  return { width, height, step, sums, insideSums, inside: searched, lightness };
}

/**
 * The searched cells darker than their near neighbourhood, or darker than `wallLimit` and than
 * their wide neighbourhood.
 */
function darkCells(
  searched: Uint8Array,
  darkerThanNear: Uint8Array,
  darkerThanWide: Uint8Array,
  lightness: Float32Array,
  wallLimit: number,
): Uint8Array {
  const dark = new Uint8Array(searched.length);
  for (let cell = 0; cell < searched.length; cell++) {
    if (
      searched[cell] === 1 &&
      (darkerThanNear[cell] === 1 || ((lightness[cell] as number) < wallLimit && darkerThanWide[cell] === 1))
    ) {
      dark[cell] = 1;
    }
  }
  return dark;
}

/**
 * The map of the cells darker than the wall of their own band: within each of `bands` (grid
 * coordinates, inclusive; the leaves the cuts found dark as a whole, such as the shaded plinth
 * under a terrace), the searched cells more than `contrast` below the band's median lightness.
 * A band in deep shade is darker than the lit wall around it throughout, so the openings in it
 * do not stand out of the photo-wide map; against their band's own wall they do
 * (docs/decisions/500-openings-in-a-shaded-band.md).
 */
export function bandDarknessMap(
  map: OpeningMap & { lightness: Float32Array },
  bands: Rectangle[],
  contrast: number,
): OpeningMap {
  const { width, height, lightness } = map;
  if (bands.length === 0) return { ...map, sums: new Int32Array((width + 1) * (height + 1)) };
  // Only the bands' bounds are read and summed: the rest of the map is 0.
  const left = Math.min(...bands.map((band) => band.left));
  const top = Math.min(...bands.map((band) => band.top));
  const right = Math.max(...bands.map((band) => band.right));
  const bottom = Math.max(...bands.map((band) => band.bottom));
  const boundsWidth = right - left + 1;
  const dark = new Uint8Array(boundsWidth * (bottom - top + 1));
  const isSearched = (x: number, y: number) => !map.inside || map.inside[y * width + x] === 1;
  for (const band of bands) {
    const values: number[] = [];
    for (let y = band.top; y <= band.bottom; y++) {
      for (let x = band.left; x <= band.right; x++) {
        if (isSearched(x, y)) values.push(lightness[y * width + x] as number);
      }
    }
    if (values.length === 0) continue;
    values.sort((a, b) => a - b);
    const limit = (values[Math.floor(values.length / 2)] as number) - contrast;
    for (let y = band.top; y <= band.bottom; y++) {
      for (let x = band.left; x <= band.right; x++) {
        if (isSearched(x, y) && (lightness[y * width + x] as number) < limit)
          dark[(y - top) * boundsWidth + x - left] = 1;
      }
    }
  }
  return { ...map, sums: boundedSums(dark, { left, top, right, bottom }, width, height) };
}

/**
 * Running sums, (height + 1) × (width + 1), of a grid of 0/1 bytes that is 0 outside `bounds`
 * (`cells` holds only the bounds' own cells): summed within them, copied along beyond.
 */
function boundedSums(cells: Uint8Array, bounds: Rectangle, width: number, height: number): Int32Array {
  const stride = width + 1;
  const sums = new Int32Array(stride * (height + 1));
  const boundsWidth = bounds.right - bounds.left + 1;
  for (let y = bounds.top; y <= bounds.bottom; y++) {
    const above = y * stride;
    const row = (y + 1) * stride;
    let run = 0;
    for (let x = bounds.left; x <= bounds.right; x++) {
      run += cells[(y - bounds.top) * boundsWidth + x - bounds.left] as number;
      sums[row + x + 1] = (sums[above + x + 1] as number) + run;
    }
    sums.fill(sums[row + bounds.right + 1] as number, row + bounds.right + 2, row + stride);
  }
  const last = (bounds.bottom + 1) * stride;
  for (let y = bounds.bottom + 2; y <= height; y++) sums.copyWithin(y * stride, last, last + stride);
  return sums;
}

/** 1 where both grids of 0/1 bytes hold 1. */
function bothCells(first: Uint8Array, second: Uint8Array): Uint8Array {
  const both = new Uint8Array(first.length);
  for (let cell = 0; cell < first.length; cell++) {
    if (first[cell] === 1 && second[cell] === 1) both[cell] = 1;
  }
  return both;
}

/**
 * Running sums of a grid of 0/1 bytes: (height + 1) × (width + 1). Its own function (as every
 * per-cell loop of a click): V8 optimises a loop inside a long function on its own and throws
 * that code away when the rest of the function runs, over the first clicks of a session
 * (docs/decisions/138-wall-click-speed.md).
 */
function runningSums(cells: Uint8Array, width: number, height: number): Int32Array {
  const stride = width + 1;
  const sums = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += cells[y * width + x] as number;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
    }
  }
  return sums;
}

/**
 * Clears long thin horizontal runs of dark cells: the shadow under a cornice or a sill band
 * runs along the whole facade, a few cells high, and glues every window of a floor to it, so
 * no column between them is a gap. A cell goes when its row's dark run is at least `length`
 * long and at least half of that run's cells have a dark run down their column at most
 * `thickness` high; the cells of a row through a band of windows side by side run tall.
 */
export function clearStreaks(
  dark: Uint8Array,
  width: number,
  height: number,
  length: number,
  thickness: number,
): void {
  // Whether the dark run down a cell's column is thin: walked up and down at most
  // `thickness` + 1 cells, only for the cells of long runs along a row (few on a facade).
  const isThin = (x: number, y: number) => {
    let run = 1;
    for (let k = y - 1; k >= 0 && dark[k * width + x] === 1 && run <= thickness; k--) run++;
    for (let k = y + 1; k < height && dark[k * width + x] === 1 && run <= thickness; k++) run++;
    return run <= thickness;
  };
  const clear = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width) {
      if (dark[row + x] !== 1) {
        x++;
        continue;
      }
      let end = x;
      while (end + 1 < width && dark[row + end + 1] === 1) end++;
      if (end - x + 1 >= length) {
        const thin = new Uint8Array(end - x + 1);
        let thinCount = 0;
        for (let k = x; k <= end; k++) {
          if (isThin(k, y)) {
            thin[k - x] = 1;
            thinCount++;
          }
        }
        // Mostly thin: a shadow, cleared over the windows it touches too (their glass starts
        // below it); mostly tall: a band of openings side by side, kept.
        const isShadow = thinCount >= 0.5 * (end - x + 1);
        for (let k = x; k <= end; k++) if (isShadow || thin[k - x] === 1) clear[row + k] = 1;
      }
      x = end + 1;
    }
  }
  for (let index = 0; index < width * height; index++) if (clear[index] === 1) dark[index] = 0;
}

/**
 * How many cells of the map's rectangle (grid coordinates, inclusive) are unlike the wall
 * (or, given `insideSums`, are searched at all).
 */
function countIn(
  map: OpeningMap,
  left: number,
  top: number,
  right: number,
  bottom: number,
  sums: Int32Array = map.sums,
): number {
  const stride = map.width + 1;
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
 * by its gaps, rows and columns in turn, until no piece splits or shrinks any more. `within`
 * (grid coordinates, inclusive): the piece cut first, the whole map unless given.
 */
export function cutOpenings(
  map: OpeningMap,
  tuning: DetectorTuning = defaultDetectorTuning,
  within: Rectangle = { left: 0, top: 0, right: map.width - 1, bottom: map.height - 1 },
): Rectangle[] {
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
  visit(within, 0);
  return found;
}

/**
 * How strongly a rectangle is outlined: the weakest of its four sides' mean edge strength,
 * over the photo's mean edge strength. A window's frame lines all four sides; a patch of
 * shaded or stained wall has soft or missing sides.
 */
export function outlineStrength(image: FacadeImage, r: Rectangle): number {
  const { width, height, verticalEdgeSums, horizontalEdgeSums } = image;
  const average = averageEdgeStrength(image);
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

/** Keyed by the photo's edge sums: a wall click tests a few hundred rectangles against it. */
const averageEdgeCache = new WeakMap<Float32Array, number>();

/** The photo's mean edge strength, both directions. */
export function averageEdgeStrength(image: FacadeImage): number {
  const { width, height, verticalEdgeSums, horizontalEdgeSums } = image;
  const cached = averageEdgeCache.get(verticalEdgeSums);
  if (cached !== undefined) return cached;
  let total = 0;
  for (let x = 0; x < width; x++) total += verticalEdgeSums[height * width + x] as number;
  for (let y = 0; y < height; y++) total += horizontalEdgeSums[y * (width + 1) + width] as number;
  const average = total / (2 * width * height);
  averageEdgeCache.set(verticalEdgeSums, average);
  return average;
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

export interface FacadeGridTuning {
  /** A row (column) belongs to a floor (a column of openings) when its dark share is above its profile's low by this share of the way to its high. */
  level: number;
  /** Gaps narrower than this many cells do not split a floor or column (glazing bars). */
  minimumGap: number;
  /** Shorter side of a cell, in cells. */
  minimumSide: number;
  /** A cell is an opening when at least this share of it is dark… */
  cellFill: number;
  /** …and this much more than the wall between the columns on its floor (a cornice shadow is dark all along). */
  cellMargin: number;
}

/**
 * A grid cell cut at its own plain rows (docs/decisions/265-grid-cells-split-at-spandrels.md):
 * where a bay's frames run on down the facade, the floors' profile does not part and one cell
 * spans windows stacked over each other with the spandrels between them, which are as plain
 * inside the cell as the wall beside it. Rows whose dark share is at most `share` of the
 * cell's fullest row are a gap when at least `gap` rows run on; the runs between (trimmed to
 * what is dark) are the pieces, in grid cells. A piece under `minimumSide` rows is dropped.
 */
export function splitCellAtRows(
  map: OpeningMap,
  cell: Rectangle,
  share: number,
  gap: number,
  minimumSide: number,
) {
  const insideSums = map.insideSums;
  if (!insideSums) return [cell];
  const shares: number[] = [];
  for (let y = cell.top; y <= cell.bottom; y++) {
    const inside = countIn(map, cell.left, y, cell.right, y, insideSums);
    shares.push(inside > 0 ? countIn(map, cell.left, y, cell.right, y) / inside : 0);
  }
  const threshold = share * Math.max(0, ...shares);
  const runs: Array<[number, number]> = [];
  let start = -1;
  let last = -1;
  shares.forEach((value, at) => {
    if (value <= threshold) return;
    if (start < 0) start = at;
    else if (at - last - 1 >= gap) {
      runs.push([start, last]);
      start = at;
    }
    last = at;
  });
  if (start >= 0) runs.push([start, last]);
  return runs
    .filter(([from, to]) => to - from + 1 >= minimumSide)
    .map(([from, to]) => ({
      left: cell.left,
      top: cell.top + from,
      right: cell.right,
      bottom: cell.top + to,
    }));
}

/** Runs of a profile above `low + level × (high − low)`, gaps narrower than `minimumGap` bridged. */
function profileRuns(profile: number[], valid: boolean[], tuning: FacadeGridTuning): Array<[number, number]> {
  const values = profile.filter((_, at) => valid[at]).sort((a, b) => a - b);
  if (values.length === 0) return [];
  const low = values[Math.floor(0.25 * (values.length - 1))] as number;
  const high = values[Math.floor(0.95 * (values.length - 1))] as number;
  if (high - low < 0.05) return [];
  const threshold = low + tuning.level * (high - low);
  const runs: Array<[number, number]> = [];
  let start = -1;
  let last = -1;
  profile.forEach((value, at) => {
    if (!valid[at] || value <= threshold) return;
    if (start < 0) start = at;
    else if (at - last - 1 >= tuning.minimumGap) {
      runs.push([start, last]);
      start = at;
    }
    last = at;
  });
  if (start >= 0) runs.push([start, last]);
  return runs.filter(([from, to]) => to - from + 1 >= tuning.minimumSide);
}

/**
 * The openings of a frontal facade as its grid: the dark share of every column over the
 * whole surface (and of every row) rises where a column of windows (a floor) runs, even when
 * each window is only partly dark (a light pane with a dark frame and transom), because the
 * evidence of every floor adds up. Where a floor meets a column is a candidate; it is an
 * opening when it is dark enough and darker than the wall between the columns on that floor,
 * which a cornice's shadow (dark along the whole floor) is not. In grid cells.
 */
export interface FacadeGrid {
  /** Openings where a floor meets a column, grid cells. */
  cells: Rectangle[];
  /** Floors (rows of openings) and columns, as inclusive ranges of grid cells. */
  floors: Array<[number, number]>;
  columns: Array<[number, number]>;
}

export function gridOpenings(image: FacadeImage, map: OpeningMap, tuning: FacadeGridTuning): FacadeGrid {
  const { width, height } = map;
  const insideSums = map.insideSums;
  if (!insideSums) return { cells: [], floors: [], columns: [] };
  const columnProfile: number[] = [];
  const columnValid: boolean[] = [];
  for (let x = 0; x < width; x++) {
    const inside = countIn(map, x, 0, x, height - 1, insideSums);
    columnValid.push(inside >= 0.1 * height);
    columnProfile.push(inside === 0 ? 0 : countIn(map, x, 0, x, height - 1) / inside);
  }
  const columns = profileRuns(columnProfile, columnValid, tuning);
  // Floors from the frames' sides: along a floor of windows, the columns' left and right
  // lines are strong edges all the way down the window (a light pane's middle is not dark,
  // but its frame's sides are lines); on the wall between floors and along a cornice they
  // are not.
  const { verticalEdgeSums, width: imageWidth, height: imageHeight } = image;
  const gradientAt = (x: number, y: number) =>
    (verticalEdgeSums[(y + 1) * imageWidth + x] as number) - (verticalEdgeSums[y * imageWidth + x] as number);
  const step = map.step;
  const strongestNear = (edge: number, row: number) => {
    let strongest = 0;
    for (let x = Math.max(0, edge - step - 1); x <= Math.min(imageWidth - 1, edge + step + 1); x++) {
      strongest = Math.max(strongest, gradientAt(x, row));
    }
    return strongest;
  };
  const rowProfile: number[] = [];
  const rowValid: boolean[] = [];
  for (let y = 0; y < height; y++) {
    const inside = countIn(map, 0, y, width - 1, y, insideSums);
    rowValid.push(inside >= 0.1 * width && columns.length > 0);
    let total = 0;
    for (let row = y * step; row < Math.min(imageHeight, (y + 1) * step); row++) {
      for (const [left, right] of columns) {
        total += strongestNear(left * step, row);
        total += strongestNear(Math.min(imageWidth - 1, right * step + step - 1), row);
      }
    }
    rowProfile.push(total);
  }
  // Smoothed over a few rows, scaled to its highest value.
  const smoothed = rowProfile.map((_, at) => {
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, at - 2); k <= Math.min(height - 1, at + 2); k++) {
      sum += rowProfile[k] as number;
      n++;
    }
    return sum / n;
  });
  const highest = Math.max(1e-9, ...smoothed);
  const floors = profileRuns(
    smoothed.map((value) => value / highest),
    rowValid,
    tuning,
  );
  const found: Rectangle[] = [];
  for (const [top, bottom] of floors) {
    // The wall between the columns on this floor: what the floor's band holds outside them.
    let bandDark = countIn(map, 0, top, width - 1, bottom);
    let bandInside = countIn(map, 0, top, width - 1, bottom, insideSums);
    for (const [left, right] of columns) {
      bandDark -= countIn(map, left, top, right, bottom);
      bandInside -= countIn(map, left, top, right, bottom, insideSums);
    }
    const between = bandInside > 0 ? bandDark / bandInside : 0;
    for (const [left, right] of columns) {
      const inside = countIn(map, left, top, right, bottom, insideSums);
      const area = (right - left + 1) * (bottom - top + 1);
      if (inside < 0.5 * area) continue;
      const fill = countIn(map, left, top, right, bottom) / inside;
      if (fill >= tuning.cellFill && fill >= between + tuning.cellMargin) {
        found.push({ left, top, right, bottom });
      }
    }
  }
  return { cells: found, floors, columns };
}

export interface RailingTuning {
  /** A cell is a bar's edge when the gradient across columns there is this many times the photo's mean. */
  edge: number;
  /** A row belongs to a railing when at least this share of its searched cells are bars' edges… */
  rowShare: number;
  /** …over at least this many rows (cells)… */
  minimumHeight: number;
  /** …and a railing runs along the band where the columns hold at least this share. */
  columnShare: number;
  /** Gaps narrower than this many cells do not end a railing. */
  bridge: number;
  /** A railing is at least this many times as wide as high. */
  minimumAspect: number;
  /** Rows next to a railing's band join it while at least this share of `rowShare`. */
  grow: number;
  /** How far below the bars (times their height) the slab's lower edge is looked for. */
  slab: number;
  /**
   * A gap wider than this many cells (0: none) ends a railing when it is plain wall: under
   * `pierDark` of its cells dark in the map and under `pierEdges` of them bars' edges
   * (docs/decisions/201-railings-end-at-piers.md).
   */
  pierBridge: number;
  pierDark: number;
  pierEdges: number;
}

/**
 * Balconies by their railings: the bars of a railing are many short vertical lines side by
 * side, so along a balcony nearly every few pixels the colour changes across the row, where
 * a wall (even a stone one) changes rarely and a floor of windows only at its frames. The
 * balcony is the band of rows where such edges are dense, along the columns that hold them.
 * In grid cells of `map` (for its size, step and searched cells).
 */
export function railingOpenings(image: FacadeImage, map: OpeningMap, tuning: RailingTuning): Rectangle[] {
  const { width, height, step } = map;
  const { insideSums, inside: searched } = map;
  if (!insideSums || !searched) return [];
  const { width: imageWidth, height: imageHeight } = image;
  const isBarEdge = barEdges(image, map, tuning.edge);
  const sums = runningSums(bothCells(searched, isBarEdge), width, height);
  const edges: OpeningMap = { width, height, step, sums, insideSums };
  const found: Rectangle[] = [];
  const rowShares: number[] = [];
  for (let y = 0; y < height; y++) {
    const inside = countIn(edges, 0, y, width - 1, y, insideSums);
    rowShares.push(inside > 0 ? countIn(edges, 0, y, width - 1, y) / inside : 0);
  }
  // Bands of rows dense in bars, grown over the rows at least half as dense (the rail and
  // the foot of a railing are sparser than its bars).
  const bands: Array<[number, number]> = [];
  for (let y = 0; y < height; y++) {
    if ((rowShares[y] as number) < tuning.rowShare) continue;
    let top = y;
    let bottom = y;
    while (top > 0 && (rowShares[top - 1] as number) >= tuning.rowShare * tuning.grow) top--;
    while (bottom < height - 1 && (rowShares[bottom + 1] as number) >= tuning.rowShare * tuning.grow)
      bottom++;
    if (bottom - top + 1 >= tuning.minimumHeight) bands.push([top, bottom]);
    y = bottom;
  }
  for (const [top, bottom] of bands) {
    const rows = bottom - top + 1;
    let from = -1;
    let last = -1;
    const close = () => {
      if (from < 0 || last - from + 1 < tuning.minimumAspect * rows) return;
      // The balcony goes down to its slab's lower edge: the strongest line along the railing
      // within `slab` × its height below the bars.
      const { horizontalEdgeSums } = image;
      const imageLeft = from * step;
      const imageRight = Math.min(imageWidth - 1, last * step + step - 1);
      const rowStrength = (y: number) =>
        (horizontalEdgeSums[y * (imageWidth + 1) + imageRight + 1] as number) -
        (horizontalEdgeSums[y * (imageWidth + 1) + imageLeft] as number);
      let slabBottom = bottom;
      let strongest = 0;
      const reach = Math.min(height - 1, bottom + Math.round(tuning.slab * rows));
      for (let y = bottom + 1; y <= reach; y++) {
        const strength = rowStrength(Math.min(imageHeight - 1, y * step));
        if (strength > strongest) {
          strongest = strength;
          slabBottom = y;
        }
      }
      found.push({ left: from, top, right: last, bottom: slabBottom });
    };
    // A gap bridged (a stretch of sparse bars, a post) unless it is a pier: plain wall, neither
    // dark (glass or shade behind bars) nor crossed by bars' edges.
    const isPier = (gap: number, x: number) =>
      tuning.pierBridge > 0 &&
      gap > tuning.pierBridge &&
      countIn(map, last + 1, top, x - 1, bottom) < tuning.pierDark * gap * rows &&
      countIn(edges, last + 1, top, x - 1, bottom) <= tuning.pierEdges * gap * rows;
    for (let x = 0; x < width; x++) {
      const isRailing = countIn(edges, x, top, x, bottom) / rows >= tuning.columnShare;
      if (!isRailing) continue;
      const gap = x - last - 1;
      if (from < 0) from = x;
      else if (gap > tuning.bridge || isPier(gap, x)) {
        close();
        from = x;
      }
      last = x;
    }
    close();
  }
  return found;
}

/** Bar edges of a photo per grid cell, kept per photo: they do not depend on the click. */
const barEdgeCache = new WeakMap<FacadeImage, { step: number; edge: number; cells: Uint8Array }>();

function barEdges(image: FacadeImage, map: OpeningMap, edge: number): Uint8Array {
  const cached = barEdgeCache.get(image);
  if (cached && cached.step === map.step && cached.edge === edge) return cached.cells;
  const { verticalEdgeSums, width: imageWidth, height: imageHeight } = image;
  const { width, height, step } = map;
  let total = 0;
  for (let x = 0; x < imageWidth; x++) total += verticalEdgeSums[imageHeight * imageWidth + x] as number;
  const threshold = (edge * total) / (imageWidth * imageHeight);
  const cells = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const imageY = Math.min(imageHeight - 1, y * step);
    for (let x = 0; x < width; x++) {
      const imageX = Math.min(imageWidth - 1, x * step);
      const gradient =
        (verticalEdgeSums[(imageY + 1) * imageWidth + imageX] as number) -
        (verticalEdgeSums[imageY * imageWidth + imageX] as number);
      cells[y * width + x] = gradient > threshold ? 1 : 0;
    }
  }
  barEdgeCache.set(image, { step, edge, cells });
  return cells;
}
