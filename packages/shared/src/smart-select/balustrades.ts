/**
 * Stone and roof balustrades: a band of balusters at a regular pitch, light and dark in turn
 * along each row, the same columns light all the way down the band. The railing detector
 * (decision 052, `balcony-*.ts`) looks for thin dark bars and dense vertical edges over a
 * slab; carved or turned stone balusters on a parapet are wide, soft and light on a light
 * wall, and a wall click took them as wall (cmp_b0002's roof balustrade alone is 0.05 of its
 * wall's union). Found once per photo and cut from every wall click:
 * docs/decisions/360-balustrades-by-their-pitch.md; a balustrade's runs between its posts are
 * joined into one band down to its plinth: docs/decisions/402-balustrades-along-their-run.md.
 */
import type { FacadeImage, Rectangle } from './facade-select.ts';
import { rowLightness } from './row-measures.ts';

export interface BalustradeTuning {
  /** The shortest and longest pitch looked for, in pixels (0 longest: off). */
  shortestPitch: number;
  longestPitch: number;
  /** A window of a row is periodic when its autocorrelation at the pitch reaches this… */
  correlation: number;
  /** …after falling below this between (the light and dark in turn, not a slow shading)… */
  trough: number;
  /** …and its lightness spread (OKLab L × 100) is at least this (a plain wall's grain is not). */
  contrast: number;
  /** A band spans at least this many pitches along its rows… */
  periods: number;
  /**
   * …and at least this many rows, and this many pitches high: balusters stand about twice as
   * tall as their pitch, a cornice's dentils and an iron rail's scrolls do not.
   */
  minimumRows: number;
  minimumHeightPitches: number;
  /** …and at most this many (a stretch of shutters or a window's bars runs on down). */
  maximumHeightPitches: number;
  /** The periodic stretches fill at least this share of the band's rectangle. */
  fill: number;
  /** A band's mean chroma (OKLab × 100) is at most this. */
  chroma: number;
  /** A band's ends are trimmed where its profile swings less than this share of its mean. */
  ends: number;
  /** The band found grows up and down by this share of its height (the coping, the plinth). */
  grow: number;
  /**
   * Bands at most this many pitches apart, over at least `joinOverlap` of the lower one's rows,
   * at the same pitch (within a pixel), are one balustrade's runs between its posts (0: never
   * joined). A run whose column profile does not repeat joins too, but is no band on its own.
   */
  joinGap: number;
  joinOverlap: number;
  /** A band so joined reaches down to the strongest step within this share of its height below. */
  plinthReach: number;
  /**
   * …and on past each end by this many times the widest post it was joined across: the end
   * posts the balustrade stands between (0: never)
   * (docs/decisions/506-balustrade-end-posts.md).
   */
  endPost: number;
  /** Rows of a column of windows may miss this many times running. */
  gapRows: number;
  /** Rows averaged around each row before its pitch is read. */
  averagedRows: number;
  /** The windows along a row are this many longest pitches long. */
  windowPitches: number;
}

export const defaultBalustradeTuning: BalustradeTuning = {
  shortestPitch: 3,
  longestPitch: 12,
  correlation: 0.5,
  trough: 0,
  contrast: 1,
  periods: 6,
  minimumRows: 6,
  minimumHeightPitches: 1.9,
  maximumHeightPitches: 4.5,
  fill: 0.4,
  chroma: 4.5,
  ends: 0.4,
  grow: 0,
  joinGap: 4,
  joinOverlap: 0.5,
  plinthReach: 0.4,
  endPost: 1,
  gapRows: 3,
  averagedRows: 7,
  windowPitches: 3,
};

/**
 * The deviations from the mean `autocorrelation` reads, and the correlations it returns (read
 * before its next call): kept between its calls, grown as needed, not made for each of the
 * hundred thousand windows of a photo.
 */
let deviations = new Float64Array(64);
let correlations = new Float32Array(16);

/**
 * The normalised autocorrelation of `signal[from, from + length)` (whose mean is `mean`) at each
 * lag up to `longest` (exported for its test). The array returned is reused by the next call.
 * Each value's deviation from the mean is worked out once, not again for every lag, and four
 * lags' sums are added at once: each sum still adds the same products in the same order, so
 * every figure is the same number (docs/decisions/364-preparation-same-answers-sooner.md).
 */
export function autocorrelation(
  signal: Float32Array,
  from: number,
  length: number,
  longest: number,
  mean: number,
): Float32Array {
  if (deviations.length < length) deviations = new Float64Array(length);
  const centred = deviations;
  let variance = 0;
  for (let i = 0; i < length; i++) {
    const d = (signal[from + i] as number) - mean;
    centred[i] = d;
    variance += d * d;
  }
  if (correlations.length < longest + 1) correlations = new Float32Array(longest + 1);
  const result = correlations.fill(0);
  if (variance <= 0) return result;
  let lag = 1;
  for (; lag + 3 <= longest; lag += 4) {
    let sum0 = 0;
    let sum1 = 0;
    let sum2 = 0;
    let sum3 = 0;
    // Every lag's products while all four have both values, then the three shorter lags' last ones.
    let i = 0;
    for (; i + lag + 3 < length; i++) {
      const d = centred[i] as number;
      sum0 += d * (centred[i + lag] as number);
      sum1 += d * (centred[i + lag + 1] as number);
      sum2 += d * (centred[i + lag + 2] as number);
      sum3 += d * (centred[i + lag + 3] as number);
    }
    for (let j = i; j + lag + 2 < length; j++)
      sum2 += (centred[j] as number) * (centred[j + lag + 2] as number);
    for (let j = i; j + lag + 1 < length; j++)
      sum1 += (centred[j] as number) * (centred[j + lag + 1] as number);
    for (let j = i; j + lag < length; j++) sum0 += (centred[j] as number) * (centred[j + lag] as number);
    result[lag] = (sum0 / variance) * (length / (length - lag));
    result[lag + 1] = (sum1 / variance) * (length / (length - lag - 1));
    result[lag + 2] = (sum2 / variance) * (length / (length - lag - 2));
    result[lag + 3] = (sum3 / variance) * (length / (length - lag - 3));
  }
  for (; lag <= longest; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < length; i++) sum += (centred[i] as number) * (centred[i + lag] as number);
    result[lag] = (sum / variance) * (length / (length - lag));
  }
  return result;
}

/**
 * `signal` less its mean over `reach` pixels either side, in place (`scratch` as long): a
 * pier or a shadow across the band is a slow change, the balusters a fast one.
 */
function highPass(signal: Float32Array, scratch: Float32Array, reach: number): void {
  const length = signal.length;
  let sum = 0;
  let from = 0;
  let to = -1;
  for (let x = 0; x < length; x++) {
    while (to < Math.min(length - 1, x + reach)) sum += signal[++to] as number;
    while (from < x - reach) sum -= signal[from++] as number;
    scratch[x] = (signal[x] as number) - sum / (to - from + 1);
  }
  signal.set(scratch);
}

/**
 * The stretch of `profile[left..right]` (high-passed) that swings: its ends trimmed while the
 * mean square over `reach` either side stays under `share` of the whole stretch's.
 */
function swingingStretch(
  profile: Float32Array,
  left: number,
  right: number,
  reach: number,
  share: number,
): [number, number] {
  let total = 0;
  for (let x = left; x <= right; x++) total += (profile[x] as number) ** 2;
  const threshold = (share * total) / (right - left + 1);
  const swingAt = (x: number) => {
    let sum = 0;
    let count = 0;
    for (let i = Math.max(left, x - reach); i <= Math.min(right, x + reach); i++, count++)
      sum += (profile[i] as number) ** 2;
    return sum / count;
  };
  let from = left;
  while (from < right && swingAt(from) < threshold) from++;
  let to = right;
  while (to > from && swingAt(to) < threshold) to--;
  return [from, to];
}

/** The pitch at which `signal[from, from + length)` repeats (see the tuning), or 0. */
function pitchOf(signal: Float32Array, from: number, length: number, tuning: BalustradeTuning): number {
  let mean = 0;
  let squares = 0;
  for (let i = 0; i < length; i++) {
    const value = signal[from + i] as number;
    mean += value;
    squares += value * value;
  }
  mean /= length;
  const spread = Math.sqrt(Math.max(0, squares / length - mean * mean));
  if (spread < tuning.contrast) return 0;
  const r = autocorrelation(signal, from, length, tuning.longestPitch, mean);
  let lowest = 1;
  for (let lag = 1; lag <= tuning.longestPitch; lag++) {
    const value = r[lag] as number;
    if (lag >= tuning.shortestPitch && lowest <= tuning.trough && value >= tuning.correlation) {
      // The first peak after the trough: its local maximum.
      let best = lag;
      while (best + 1 <= tuning.longestPitch && (r[best + 1] as number) > (r[best] as number)) best++;
      return best;
    }
    lowest = Math.min(lowest, value);
  }
  return 0;
}

/** A band of balusters at its mean pitch; `strong` when it passed every test of its own. */
export interface BalusterRun extends Rectangle {
  pitch: number;
  strong: boolean;
}

/** The mean chroma (OKLab × 100) of `image` over rows `top..bottom`, columns `left..right`. */
function chromaOf(image: FacadeImage, top: number, bottom: number, left: number, right: number): number {
  const { width, lab } = image;
  let chroma = 0;
  for (let y = top; y <= bottom; y++) {
    for (let x = left; x <= right; x++) {
      const at = (y * width + x) * 3;
      chroma += Math.hypot(lab[at + 1] as number, lab[at + 2] as number);
    }
  }
  return chroma / ((bottom - top + 1) * (right - left + 1));
}

/**
 * The balustrades of `image` as rectangles: runs of rows periodic at one pitch over at least
 * `periods` pitches, stacked over at least `minimumRows` rows, whose column profile over the
 * whole band repeats at that pitch too (brick's head joints, staggered course by course, do not).
 */
export function findBalustrades(
  image: FacadeImage,
  tuning: BalustradeTuning = defaultBalustradeTuning,
): Rectangle[] {
  if (tuning.longestPitch <= 0) return [];
  const { width, height, lab } = image;
  const longest = tuning.longestPitch;
  const window = Math.max(Math.round(tuning.windowPitches * longest), 2);
  const step = Math.max(1, Math.round(window / 4));
  if (width < window) return [];
  const windows = Math.floor((width - window) / step) + 1;
  // pitch of each (row, window), 0 where none.
  const pitches = new Uint8Array(height * windows);
  const row = new Float32Array(width);
  const flat = new Float32Array(width);
  // Each row's lightness averaged over `rows` rows around it: the balusters stand in the same
  // columns all the way down, the grain and the carving's detail do not.
  const half = Math.max(0, Math.floor(tuning.averagedRows / 2));
  const columnSums = new Float32Array((height + 1) * width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      columnSums[(y + 1) * width + x] =
        (columnSums[y * width + x] as number) + (lab[(y * width + x) * 3] as number);
    }
  }
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - half);
    const bottom = Math.min(height - 1, y + half);
    for (let x = 0; x < width; x++) {
      row[x] =
        ((columnSums[(bottom + 1) * width + x] as number) - (columnSums[top * width + x] as number)) /
        (bottom - top + 1);
    }
    highPass(row, flat, Math.round(longest / 2));
    for (let w = 0; w < windows; w++) pitches[y * windows + w] = pitchOf(row, w * step, window, tuning);
  }
  // The periodic windows, their gaps of up to `gapRows` rows down a column closed (a
  // baluster's knob, the rail's moulding), as components of touching windows.
  const gap = tuning.gapRows;
  for (let w = 0; w < windows; w++) {
    let last = -1;
    for (let y = 0; y < height; y++) {
      if ((pitches[y * windows + w] as number) === 0) continue;
      if (last >= 0 && y - last > 1 && y - last <= gap + 1) {
        const pitch = pitches[last * windows + w] as number;
        for (let fill = last + 1; fill < y; fill++) pitches[fill * windows + w] = pitch;
      }
      last = y;
    }
  }
  const component = new Int32Array(height * windows).fill(-1);
  const runs: BalusterRun[] = [];
  const profile = new Float32Array(width);
  const scratch = new Float32Array(width);
  const stack: number[] = [];
  for (let start = 0; start < height * windows; start++) {
    if ((pitches[start] as number) === 0 || (component[start] as number) >= 0) continue;
    component[start] = start;
    stack.push(start);
    let top = height;
    let bottom = -1;
    let first = windows;
    let last = -1;
    let pitchSum = 0;
    let cells = 0;
    while (stack.length > 0) {
      const cell = stack.pop() as number;
      const y = Math.floor(cell / windows);
      const w = cell - y * windows;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      first = Math.min(first, w);
      last = Math.max(last, w);
      pitchSum += pitches[cell] as number;
      cells++;
      for (const [dy, dw] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const ny = y + dy;
        const nw = w + dw;
        if (ny < 0 || ny >= height || nw < 0 || nw >= windows) continue;
        const next = ny * windows + nw;
        if ((pitches[next] as number) === 0 || (component[next] as number) >= 0) continue;
        component[next] = start;
        stack.push(next);
      }
    }
    const pitch = pitchSum / cells;
    const rows = bottom - top + 1;
    const left = first * step;
    const right = Math.min(width - 1, last * step + window - 1);
    if (rows < tuning.minimumRows || rows < tuning.minimumHeightPitches * pitch) continue;
    if (right - left + 1 < tuning.periods * pitch) continue;
    if (rows > tuning.maximumHeightPitches * pitch || cells < tuning.fill * rows * (last - first + 1))
      continue;
    // The same columns light all the way down: the band's mean column profile repeats too.
    profile.fill(0);
    for (let y = top; y <= bottom; y++) {
      for (let x = 0; x < width; x++)
        profile[x] = (profile[x] as number) + (lab[(y * width + x) * 3] as number) / rows;
    }
    highPass(profile, scratch, Math.round(longest / 2));
    if (pitchOf(profile, left, right - left + 1, tuning) === 0) {
      // It may still be a run of a balustrade found beside it, between two posts: a baluster's
      // bulb and neck may stand light and dark the other way round, and its profile cancels
      // (docs/decisions/402-balustrades-along-their-run.md).
      if (tuning.joinGap > 0 && chromaOf(image, top, bottom, left, right) <= tuning.chroma)
        runs.push({ left, top, right, bottom, pitch, strong: false });
      continue;
    }
    // The windows reach up to their length past the last baluster, onto a pier: the band ends
    // where its profile stops swinging (a pitch's mean square below `ends` of the band's).
    const [from, to] = swingingStretch(profile, left, right, Math.max(1, Math.round(pitch / 2)), tuning.ends);
    if (to - from + 1 < tuning.periods * pitch) continue;
    // Stone, not leaves: a tree's crown before a facade swings light and dark as fast.
    if (chromaOf(image, top, bottom, from, to) > tuning.chroma) continue;
    const grown = Math.round(tuning.grow * rows);
    runs.push({
      left: from,
      top: Math.max(0, top - grown),
      right: to,
      bottom: Math.min(height - 1, bottom + grown),
      pitch,
      strong: true,
    });
  }
  return joinedRuns(runs, image.openings, tuning).map(({ joined, post, ...band }) => {
    if (!joined) return band;
    const plinth = downToPlinth(image, band, tuning.plinthReach);
    // The balustrade stands between end posts as wide as those between its runs.
    const end = Math.round(tuning.endPost * post);
    return {
      ...plinth,
      left: Math.max(0, plinth.left - end),
      right: Math.min(width - 1, plinth.right + end),
    };
  });
}

/**
 * Whether `band` stands right under a window of its own: a found opening over at least half its
 * length whose foot is within half the band's height above the band's top (or inside its upper
 * half).
 */
function isUnderAWindow(band: Rectangle, openings: readonly Rectangle[]): boolean {
  const rows = band.bottom - band.top + 1;
  return openings.some(
    (opening) =>
      opening.bottom < band.top + rows / 2 &&
      opening.bottom >= band.top - rows / 2 &&
      Math.min(opening.right, band.right) - Math.max(opening.left, band.left) + 1 >=
        (band.right - band.left + 1) / 2,
  );
}

/**
 * One balustrade's runs between its posts joined (docs/decisions/402-balustrades-along-their-run.md):
 * from the left, a run beside a band (at most `joinGap` pitches after its right end, over at
 * least `joinOverlap` of the lower one's rows, at its pitch within a pixel) joins it, the post
 * between too; a band keeps only when one of its runs was `strong`. Never two runs that each
 * stand right under a window of their own: a window's own balustrade ends at the pier beside
 * it, and the labels keep that pier wall. `joined`: made of more than one run; `post`: the
 * widest gap (post) between two of its runs.
 */
export function joinedRuns(
  runs: readonly BalusterRun[],
  openings: readonly Rectangle[],
  tuning: BalustradeTuning,
): (Rectangle & { joined: boolean; post: number })[] {
  const bands: (BalusterRun & { window: boolean; joined: boolean; post: number })[] = [];
  const ordered = runs
    .filter((run) => run.strong || tuning.joinGap > 0)
    .map((run) => ({ ...run, window: isUnderAWindow(run, openings), joined: false, post: 0 }))
    .sort((a, b) => a.left - b.left);
  for (const run of ordered) {
    const band =
      tuning.joinGap > 0
        ? bands.find((other) => {
            const overlap = Math.min(other.bottom, run.bottom) - Math.max(other.top, run.top) + 1;
            const lower = Math.min(other.bottom - other.top, run.bottom - run.top) + 1;
            return (
              overlap >= tuning.joinOverlap * lower &&
              Math.abs(other.pitch - run.pitch) <= 1 &&
              run.left - other.right - 1 <= tuning.joinGap * Math.max(other.pitch, run.pitch) &&
              !(other.window && run.window)
            );
          })
        : undefined;
    if (!band) {
      bands.push(run);
      continue;
    }
    band.post = Math.max(band.post, run.left - band.right - 1);
    band.left = Math.min(band.left, run.left);
    band.right = Math.max(band.right, run.right);
    band.top = Math.min(band.top, run.top);
    band.bottom = Math.max(band.bottom, run.bottom);
    band.window = band.window || run.window;
    band.strong = band.strong || run.strong;
    band.joined = true;
  }
  return bands
    .filter((band) => band.strong)
    .map(({ left, top, right, bottom, joined, post }) => ({ left, top, right, bottom, joined, post }));
}

/**
 * `band` reaching down to the strongest step in its rows' mean lightness within `reach` of its
 * height below it (a plinth's foot on the cornice or floor under it), or as it is where its own
 * foot is the strongest.
 */
function downToPlinth(image: FacadeImage, band: Rectangle, reach: number): Rectangle {
  const { height } = image;
  const { left, top, right } = band;
  const mean = (y: number) => rowLightness(image, y, left, right);
  let bottom = band.bottom;
  if (bottom >= height - 1) return { left, top, right, bottom };
  let strongest = Math.abs(mean(bottom + 1) - mean(bottom));
  const last = Math.min(height - 2, band.bottom + Math.round(reach * (band.bottom - top + 1)));
  for (let y = band.bottom + 1; y <= last; y++) {
    const step = Math.abs(mean(y + 1) - mean(y));
    if (step > strongest) {
      strongest = step;
      bottom = y;
    }
  }
  return { left, top, right, bottom };
}
