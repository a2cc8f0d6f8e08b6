/**
 * Windows the opening detector missed, found by the facade's repetition: where the floor
 * (the rows) of one detected window meets the column of another of about its size, a
 * window of that size is expected. It is taken when the place looks like those windows
 * (normalised cross-correlation of lightness and of the edges across rows and columns,
 * the wall around each included) and its sides are lines. A window whose glass is as light
 * as the wall or whose shutters are as grey is missed by the darkness map, but its frame and
 * its surround repeat those of its neighbours. Measurements: docs/decisions/150-window-repeats.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { outlineStrength } from './opening-detector.ts';
import { overlapArea, rectangleArea } from './rectangles.ts';

export interface WindowRepeatTuning {
  /** Two windows are of one size when their widths and heights differ by at most this share. */
  sizeSlack: number;
  /** Two windows share a floor (column) when their heights (widths) overlap by this share. */
  lineOverlap: number;
  /** A place is a repeat when its correlation with a source window is at least this… */
  correlation: number;
  /** …and its weakest side at least this strong an edge, relative to the photo's mean. */
  outline: number;
  /** The place may move this share of its size each way to meet the repeat. */
  shift: number;
  /** A candidate that overlaps a found opening by more than this share of its area is not looked at. */
  overlap: number;
  /**
   * A gap between two cuts of a floor at least this many times as wide as the window beside it
   * (and at most {@link gapMost} times) is looked at for a window of that size in its middle
   * (docs/decisions/540-windows-in-a-gap-of-their-floor.md; 0: never).
   */
  gapLeast?: number;
}

/** A gap wider than this many windows is a wall between two orders, not one window's place. */
export const gapMost = 3;

export const defaultWindowRepeatTuning: WindowRepeatTuning = {
  sizeSlack: 0.3,
  lineOverlap: 0.6,
  correlation: 0.5,
  outline: 0.5,
  shift: 0.15,
  overlap: 0.2,
};

/** A photo's window looks and best places, kept over its clicks. */
interface Kept {
  patterns: Map<string, Pattern>;
  places: Map<string, { place: Rectangle; score: number }>;
}

const keptPerPhoto = new WeakMap<FacadeImage, Kept>();

/** A window's look, sampled once per photo. */
function keptPattern(image: FacadeImage, kept: Kept, r: Rectangle): Pattern {
  const key = keyOf(r);
  let pattern = kept.patterns.get(key);
  if (!pattern) {
    pattern = sample(image, r);
    kept.patterns.set(key, pattern);
  }
  return pattern;
}

/** Whether `a`'s width and height differ from `b`'s by at most `slack` of `b`'s. */
function isSameSize(a: Rectangle, b: Rectangle, slack: number): boolean {
  return (
    Math.abs(a.right - a.left - (b.right - b.left)) <= slack * (b.right - b.left + 1) &&
    Math.abs(a.bottom - a.top - (b.bottom - b.top)) <= slack * (b.bottom - b.top + 1)
  );
}

const keyOf = (r: Rectangle) => `${r.left},${r.top},${r.right},${r.bottom}`;

/** Samples across a window (each way), the wall around it included. */
const samples = 12;
/** How far around the window the samples reach, as a share of its size. */
const surround = 0.2;

/** A window's look: its samples of lightness and of both edge directions, each normalised. */
type Pattern = Float32Array;

/**
 * The openings the repetition adds to `openings` (image pixels), tested only where
 * `isSearched` holds for the place's middle (the clicked surface). Windows only: openings
 * at most 4 times as wide as high and as high as wide serve as sources.
 */
export function windowRepeats(
  image: FacadeImage,
  openings: readonly Rectangle[],
  tuning: WindowRepeatTuning,
  isSearched: (x: number, y: number) => boolean = () => true,
): Rectangle[] {
  const sources = openings.filter((r) => {
    const width = r.right - r.left + 1;
    const height = r.bottom - r.top + 1;
    return width <= 4 * height && height <= 4 * width && width >= 4 && height >= 4;
  });
  // A photo's wall clicks find mostly the same windows and crossings: their looks and the
  // best place at each crossing are kept per photo (a click stays within its time budget,
  // docs/decisions/138-wall-click-speed.md).
  let kept = keptPerPhoto.get(image);
  if (!kept) {
    kept = { patterns: new Map(), places: new Map() };
    keptPerPhoto.set(image, kept);
  }
  const { places } = kept;
  const patternOf = (r: Rectangle) => keptPattern(image, kept, r);
  const sameSize = (a: Rectangle, b: Rectangle) => isSameSize(a, b, tuning.sizeSlack);
  const found: Rectangle[] = [];
  const taken = [...openings];
  const isFree = (place: Rectangle) => {
    const area = rectangleArea(place);
    return taken.every((other) => overlapArea(place, other) <= tuning.overlap * area);
  };
  // Every window of a floor names the same crossing with a column: each is looked at once.
  const looked: Rectangle[] = [];
  const isNew = (place: Rectangle) => {
    const area = rectangleArea(place);
    return looked.every((other) => overlapArea(place, other) <= 0.5 * area);
  };
  for (const floor of sources) {
    for (const column of sources) {
      if (floor === column || !sameSize(floor, column)) continue;
      // The column's window lies on another floor, the floor's in another column.
      if (overlapShare(floor.top, floor.bottom, column.top, column.bottom) >= tuning.lineOverlap) continue;
      if (overlapShare(floor.left, floor.right, column.left, column.right) >= tuning.lineOverlap) continue;
      const place = { left: column.left, right: column.right, top: floor.top, bottom: floor.bottom };
      if (!isSearched((place.left + place.right) / 2, (place.top + place.bottom) / 2)) continue;
      if (!isFree(place) || !isNew(place)) continue;
      looked.push(place);
      const placeKey = `${keyOf(place)} ${keyOf(floor)} ${keyOf(column)} ${tuning.shift}`;
      let best = places.get(placeKey);
      if (!best) {
        best = bestPlace(image, place, [patternOf(floor), patternOf(column)], tuning.shift);
        places.set(placeKey, best);
      }
      if (best.score < tuning.correlation) continue;
      if (outlineStrength(image, best.place) < tuning.outline) continue;
      found.push(best.place);
      taken.push(best.place);
    }
  }
  if ((tuning.gapLeast ?? 0) > 0)
    found.push(...inFloorGaps(image, [...sources, ...found], taken, tuning, isSearched, kept));
  return found;
}

/**
 * Windows in a gap of their floor (docs/decisions/540-windows-in-a-gap-of-their-floor.md): a row
 * of windows under a roof or along a gallery has no window above or below it to name its
 * columns, and those the darkness map misses (closed light shutters, glass reflecting the sky)
 * leave a gap between two of the row's cuts. Where a gap next to a window is between
 * `gapLeast` and `gapMost` times the window's width and the cut across it is of the window's
 * size (or holds one of its size), a window of that size is expected in the gap's middle, on
 * the window's rows; it is taken when it looks like the two windows and its sides are lines,
 * as a repeat is.
 * `windows` are the sources and the repeats found; the cuts of the floor, those of `taken` whose
 * rows overlap the window's by `lineOverlap`.
 */
function inFloorGaps(
  image: FacadeImage,
  windows: readonly Rectangle[],
  taken: Rectangle[],
  tuning: WindowRepeatTuning,
  isSearched: (x: number, y: number) => boolean,
  kept: Kept,
): Rectangle[] {
  const least = tuning.gapLeast ?? 0;
  const found: Rectangle[] = [];
  // Windows a superpixel size across at least: slivers and strips name no window's place.
  const cell = Math.sqrt((image.width * image.height) / image.superpixels.count);
  for (const window of windows) {
    const windowWidth = window.right - window.left + 1;
    if (Math.min(windowWidth, window.bottom - window.top + 1) < cell) continue;
    const floor = taken.filter(
      (other) =>
        other !== window &&
        overlapShare(window.top, window.bottom, other.top, other.bottom) >= tuning.lineOverlap,
    );
    for (const direction of [1, -1] as const) {
      // The gap runs from the window's side to the nearest cut of the floor beyond it; a cut
      // reaching past the window's side (a taller cut over it) starts it further on.
      let from = direction === 1 ? window.right : window.left;
      for (const other of floor) {
        if (other.left <= window.right && other.right >= window.left) {
          from = direction === 1 ? Math.max(from, other.right) : Math.min(from, other.left);
        }
      }
      const beyond = floor.filter((other) => (direction === 1 ? other.left > from : other.right < from));
      if (beyond.length === 0) continue;
      const next = beyond.reduce((best, other) =>
        direction === 1 ? (other.left < best.left ? other : best) : other.right > best.right ? other : best,
      );
      const gap = direction === 1 ? next.left - from - 1 : from - next.right - 1;
      // A gap narrower than the window holds none (a `gapLeast` under 1 would place it past the gap).
      if (gap < Math.max(1, least) * windowWidth || gap > gapMost * windowWidth) continue;
      const start = direction === 1 ? from + 1 : next.right + 1;
      const left = start + Math.round((gap - windowWidth) / 2);
      const place = { left, right: left + windowWidth - 1, top: window.top, bottom: window.bottom };
      if (!isSearched((place.left + place.right) / 2, (place.top + place.bottom) / 2)) continue;
      const area = rectangleArea(place);
      if (!taken.every((other) => overlapArea(place, other) <= tuning.overlap * area)) continue;
      // The cut across the gap is of the window's size, or holds one of its size (a taller cut
      // over its arch): the gap lies in a row of like windows.
      const alike = floor.filter(
        (other) =>
          other.left <= next.right && other.right >= next.left && isSameSize(other, window, tuning.sizeSlack),
      );
      if (alike.length === 0) continue;
      const models = [window, ...alike.slice(0, 1)];
      const placeKey = `gap ${keyOf(place)} ${models.map(keyOf).join(' ')} ${tuning.shift}`;
      let best = kept.places.get(placeKey);
      if (!best) {
        best = bestPlace(
          image,
          place,
          models.map((model) => keptPattern(image, kept, model)),
          tuning.shift,
        );
        kept.places.set(placeKey, best);
      }
      if (best.score < tuning.correlation) continue;
      if (outlineStrength(image, best.place) < tuning.outline) continue;
      const bestArea = rectangleArea(best.place);
      if (!taken.every((other) => overlapArea(best.place, other) <= tuning.overlap * bestArea)) continue;
      found.push(best.place);
      taken.push(best.place);
    }
  }
  return found;
}

/**
 * The shift of `place` (within `shift` of its size) that correlates best with any of
 * `patterns`: a coarse 3 × 3 search, then a finer one around its best.
 */
function bestPlace(
  image: FacadeImage,
  place: Rectangle,
  patterns: Pattern[],
  shift: number,
): { place: Rectangle; score: number } {
  const reachX = Math.round(shift * (place.right - place.left + 1));
  const reachY = Math.round(shift * (place.bottom - place.top + 1));
  const coarse = searchAround(
    image,
    place,
    patterns,
    reachX,
    reachY,
    Math.max(1, reachX),
    Math.max(1, reachY),
  );
  const halfX = Math.round(reachX / 2);
  const halfY = Math.round(reachY / 2);
  if (halfX < 1 && halfY < 1) return coarse;
  const fine = searchAround(
    image,
    coarse.place,
    patterns,
    halfX,
    halfY,
    Math.max(1, halfX),
    Math.max(1, halfY),
  );
  return fine.score > coarse.score ? fine : coarse;
}

function searchAround(
  image: FacadeImage,
  place: Rectangle,
  patterns: Pattern[],
  reachX: number,
  reachY: number,
  stepX: number,
  stepY: number,
): { place: Rectangle; score: number } {
  let chosen = place;
  let chosenScore = Number.NEGATIVE_INFINITY;
  for (let dy = -reachY; dy <= reachY; dy += stepY) {
    for (let dx = -reachX; dx <= reachX; dx += stepX) {
      const moved = {
        left: place.left + dx,
        right: place.right + dx,
        top: place.top + dy,
        bottom: place.bottom + dy,
      };
      if (moved.left < 0 || moved.top < 0 || moved.right >= image.width || moved.bottom >= image.height)
        continue;
      const pattern = sample(image, moved);
      for (const other of patterns) {
        const score = dot(pattern, other);
        if (score > chosenScore) {
          chosenScore = score;
          chosen = moved;
        }
      }
    }
  }
  return { place: chosen, score: chosenScore };
}

/**
 * The window's look on `samples` × `samples` points over it and its surround: lightness, and
 * the gradient across columns and across rows, each channel normalised to zero mean and unit
 * length and weighted a third, so the dot product of two patterns is the mean of the
 * channels' correlations.
 */
function sample(image: FacadeImage, r: Rectangle): Pattern {
  const { width, height, lab, verticalEdgeSums, horizontalEdgeSums } = image;
  const count = samples * samples;
  const pattern = new Float32Array(3 * count);
  const spanX = (r.right - r.left + 1) * (1 + 2 * surround);
  const spanY = (r.bottom - r.top + 1) * (1 + 2 * surround);
  const startX = r.left - surround * (r.right - r.left + 1);
  const startY = r.top - surround * (r.bottom - r.top + 1);
  for (let j = 0; j < samples; j++) {
    const y = Math.min(height - 1, Math.max(0, Math.round(startY + ((j + 0.5) * spanY) / samples)));
    for (let i = 0; i < samples; i++) {
      const x = Math.min(width - 1, Math.max(0, Math.round(startX + ((i + 0.5) * spanX) / samples)));
      const at = j * samples + i;
      pattern[at] = lab[(y * width + x) * 3] as number;
      pattern[count + at] =
        (verticalEdgeSums[(y + 1) * width + x] as number) - (verticalEdgeSums[y * width + x] as number);
      pattern[2 * count + at] =
        (horizontalEdgeSums[y * (width + 1) + x + 1] as number) -
        (horizontalEdgeSums[y * (width + 1) + x] as number);
    }
  }
  for (let channel = 0; channel < 3; channel++) {
    let mean = 0;
    for (let at = 0; at < count; at++) mean += pattern[channel * count + at] as number;
    mean /= count;
    let length = 0;
    for (let at = 0; at < count; at++) {
      const value = (pattern[channel * count + at] as number) - mean;
      pattern[channel * count + at] = value;
      length += value * value;
    }
    const scale = length > 0 ? 1 / Math.sqrt(3 * length) : 0;
    for (let at = 0; at < count; at++)
      pattern[channel * count + at] = (pattern[channel * count + at] as number) * scale;
  }
  return pattern;
}

function dot(a: Pattern, b: Pattern): number {
  let sum = 0;
  for (let at = 0; at < a.length; at++) sum += (a[at] as number) * (b[at] as number);
  return sum;
}

/** Overlap of two ranges over the shorter one. */
function overlapShare(fromA: number, toA: number, fromB: number, toB: number): number {
  const shared = Math.min(toA, toB) - Math.max(fromA, fromB) + 1;
  return shared <= 0 ? 0 : shared / Math.min(toA - fromA + 1, toB - fromB + 1);
}
