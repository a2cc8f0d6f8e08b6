/**
 * `npm run bench`: how fast and how accurate one-click smart select is.
 *
 * Speed: milliseconds per click on a 1.5 MP photo (target ≤ 100 ms), and the one-off
 * preparation per image. The facade select's are made as the editor makes them: its session in
 * a fresh worker thread (bench/smart-select-clicks.worker.ts), timed as the CPU of that thread
 * and of the whole process (docs/decisions/166-smart-select-bench-in-a-worker.md). Accuracy: IoU against the hand-made labels of the CMP facade photos
 * in ../shared/fixtures/facades (never copied into this repository: they are not ours to
 * redistribute), with at most 3 clicks chosen the way a user would (bench/click-protocol.ts):
 * - walls: the whole wall class of the image;
 * - windows: each window on its own (there are dozens per facade, and a click selects the
 *   connected area under it, so each window is its own 3-click task).
 *
 * Tolerances are the editor's starting values: `largeSurface` for walls, `smallPart` for
 * windows (the editor starts each layer with the value its kind of surface needs).
 *
 * Options: --wallTolerance N and --windowTolerance N, --tolerances A,B,… (each for both
 * classes), --sweep (30,50,70,90),
 * --fixtures DIR, and --<tuning key> N to try a tuning (e.g. --edgeSmoothingRadius 2).
 * While iterating on walls: --only walls (the facade select's wall clicks and the opening
 * detector, no speed section, no flood fill, windows or doors) and --photos b0004,b0012 (a
 * subset of the fixtures). While iterating on "select all similar": --only allSimilar (its
 * time at 1.5 MP, then per photo the example the full run makes, its repeats and what limits
 * them: found / false, size fit, ceilings; about a minute).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  type Bitmask,
  boundingBox,
  createBitmask,
  defaultFacadeTuning,
  defaultSmartSelectTuning,
  type FacadeImage,
  type FacadeTuning,
  findSimilar,
  frameOfOpening,
  paintRectangle,
  prepareFacadeImage,
  prepareSmartSelectImage,
  type Rectangle,
  type RgbaPixels,
  refineOpening,
  type SmartSelectTuning,
  selectSimilarArea,
  smartSelectTolerance,
  subtractFromSurface,
  surfaceClick,
} from '@facelift/shared';
import sharp from 'sharp';
import { MaskLayers } from '../apps/web/src/features/mask-editor/mask-layers.ts';
import { type AllSimilarFigures, allSimilarFigures } from './all-similar-figures.ts';
import { type BenchRow, skippedRow } from './bench-table.ts';
import { type ClickResult, intersectionOverUnion, simulateClicks } from './click-protocol.ts';
import type { ClickTiming, WorkerClickInput, WorkerClickTimes } from './smart-select-clicks.worker.ts';
import { type WallCeilings, wallCeilings } from './wall-ceilings.ts';

const labelIds = { door: 1, window: 4, wall: 5 } as const;
const maximumClicks = 3;
/** Windows smaller than this (in pixels) are slivers cut by the image edge or a balcony. */
const minimumWindowArea = 150;

interface ToleranceSetting {
  wall: number;
  window: number;
}

interface Options {
  fixtures: string;
  settings: ToleranceSetting[];
  tuning: Partial<SmartSelectTuning>;
  facadeTuning: Partial<FacadeTuning>;
  /**
   * `walls`: only the facade select's wall clicks and the opening detector; `allSimilar`:
   * only "select all similar".
   */
  only?: 'walls' | 'allSimilar';
  /** Only these fixtures (names or their `b00NN` part). */
  photos?: string[];
}

function parseOptions(argv: string[]): Options {
  const optionValue = (name: string) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const tuning: Record<string, number | boolean> = {};
  for (const [key, standard] of Object.entries(defaultSmartSelectTuning)) {
    const value = optionValue(`--${key}`);
    if (value !== undefined) tuning[key] = typeof standard === 'boolean' ? value === 'true' : Number(value);
  }
  const facadeTuning: Record<string, number | boolean> = {};
  for (const [key, standard] of Object.entries(defaultFacadeTuning)) {
    const value = optionValue(`--${key}`);
    if (value === undefined || Array.isArray(standard)) continue;
    facadeTuning[key] = typeof standard === 'boolean' ? value === 'true' : Number(value);
  }
  const only = optionValue('--only');
  if (only !== undefined && only !== 'walls' && only !== 'allSimilar') {
    throw new Error(`--only takes "walls" or "allSimilar", not "${only}"`);
  }
  return {
    facadeTuning,
    only,
    photos: optionValue('--photos')?.split(','),
    fixtures: optionValue('--fixtures') ?? path.resolve(import.meta.dirname, '../../shared/fixtures/facades'),
    settings: (argv.includes('--sweep')
      ? [30, 50, 70, 90]
      : optionValue('--tolerances')?.split(',').map(Number)
    )?.map((tolerance) => ({ wall: tolerance, window: tolerance })) ?? [
      {
        wall: Number(optionValue('--wallTolerance') ?? smartSelectTolerance.largeSurface),
        window: Number(optionValue('--windowTolerance') ?? smartSelectTolerance.smallPart),
      },
    ],
    tuning,
  };
}

async function readPhoto(file: string, resize?: { width: number; height: number }): Promise<RgbaPixels> {
  let pipeline = sharp(file).rotate();
  if (resize) pipeline = pipeline.resize(resize.width, resize.height);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

async function readLabels(file: string): Promise<{ width: number; height: number; ids: Uint8Array }> {
  const { data, info } = await sharp(file).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, ids: new Uint8Array(data) };
}

function classMask(labels: { width: number; height: number; ids: Uint8Array }, id: number): Bitmask {
  const data = new Uint8Array(labels.ids.length);
  for (let index = 0; index < data.length; index++) data[index] = labels.ids[index] === id ? 1 : 0;
  return { width: labels.width, height: labels.height, data };
}

/** Connected components (4-neighbours) of a class: one per window. */
function splitInstances(mask: Bitmask, minimumArea: number): Bitmask[] {
  const { width, height } = mask;
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  const instances: Bitmask[] = [];
  for (let start = 0; start < mask.data.length; start++) {
    if (mask.data[start] !== 1 || seen[start] === 1) continue;
    seen[start] = 1;
    queue[0] = start;
    let head = 0;
    let tail = 1;
    while (head < tail) {
      const index = queue[head++] as number;
      const x = index % width;
      const neighbours = [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        index - width,
        index + width,
      ];
      for (const next of neighbours) {
        if (next < 0 || next >= mask.data.length || seen[next] === 1 || mask.data[next] !== 1) continue;
        seen[next] = 1;
        queue[tail++] = next;
      }
    }
    if (tail < minimumArea) continue;
    const data = new Uint8Array(width * height);
    for (let position = 0; position < tail; position++) data[queue[position] as number] = 1;
    instances.push({ width, height, data });
  }
  return instances;
}

function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

const format = (value: number) => value.toFixed(3);

/** Mean over the photos that have the figure (doors are not on every photo). */
function meanOf(values: number[]): number {
  return mean(values.filter((value) => !Number.isNaN(value)));
}

function windowsTaken(selection: Bitmask, windowTruth: Bitmask): number {
  let windowPixels = 0;
  let taken = 0;
  for (let index = 0; index < windowTruth.data.length; index++) {
    if (windowTruth.data[index] !== 1) continue;
    windowPixels++;
    if (selection.data[index] === 1) taken++;
  }
  return windowPixels === 0 ? 0 : taken / windowPixels;
}

/**
 * Clicks on an opening the way the editor treats them: the first selects the opening's
 * rectangle, further ones refine it (grow to take what an add-click finds, move a side past
 * what a subtract-click finds).
 */
function openingClicks(facade: FacadeImage) {
  return (point: { x: number; y: number }, mode: 'add' | 'subtract', current: Bitmask): Bitmask => {
    const before = boundingBox(current);
    const after = refineOpening(facade, before, point, mode);
    const change = createBitmask(current.width, current.height);
    if (mode === 'add') {
      if (after) paintRectangle(change, after);
    } else {
      if (before) paintRectangle(change, before);
      if (after) paintRectangle(change, after, 0);
    }
    return change;
  };
}

/** The middle half (each way) of a window: mostly glass. */
function middleOf(box: Rectangle): Rectangle {
  const insetX = Math.floor((box.right - box.left + 1) / 4);
  const insetY = Math.floor((box.bottom - box.top + 1) / 4);
  return {
    left: box.left + insetX,
    top: box.top + insetY,
    right: box.right - insetX,
    bottom: box.bottom - insetY,
  };
}

/** The outer rim of a window, 5 % of its shorter side wide (at least a pixel): its frame. */
function rimOf(box: Rectangle): Rectangle {
  const rim = Math.max(1, Math.round(0.05 * Math.min(box.right - box.left + 1, box.bottom - box.top + 1)));
  return { left: box.left + rim, top: box.top + rim, right: box.right - rim, bottom: box.bottom - rim };
}

/**
 * Share of the pixels of `area` (or, with `outer`, of `outer` minus `area`: a ring) that
 * `mask` takes.
 */
function shareTaken(mask: Bitmask, area: Rectangle, outer?: Rectangle): number {
  const region = outer ?? area;
  let total = 0;
  let taken = 0;
  for (let y = region.top; y <= region.bottom; y++) {
    for (let x = region.left; x <= region.right; x++) {
      const isInArea = x >= area.left && x <= area.right && y >= area.top && y <= area.bottom;
      if (outer ? isInArea : !isInArea) continue;
      total++;
      if (mask.data[y * mask.width + x] === 1) taken++;
    }
  }
  return total === 0 ? Number.NaN : taken / total;
}

/** CPU milliseconds per click of one kind. */
interface ClickTimes {
  median: number;
  p90: number;
  max: number;
}

/** One kind of click's times: CPU of the worker's thread (null where unknown) and of the process. */
interface KindTimes {
  thread: ClickTimes | null;
  process: ClickTimes;
}

interface SpeedFigures {
  prepareMs: number;
  /**
   * The facade select in a fresh worker (bench/smart-select-clicks.worker.ts): preparation and
   * clicks by kind, CPU ms.
   */
  facade: {
    prepare: ClickTiming;
    walls: KindTimes;
    frames: KindTimes;
    allSimilar: KindTimes;
  };
  /** Median CPU milliseconds per click, by starting tolerance. */
  medianCpuMs: { largeSurface: number; smallPart: number };
}

function clickTimes(values: number[]): ClickTimes {
  return { median: percentile(values, 0.5), p90: percentile(values, 0.9), max: Math.max(...values) };
}

function kindTimes(timings: ClickTiming[]): KindTimes {
  const thread = timings.map((timing) => timing.thread);
  return {
    thread: thread.every((value) => value !== null) ? clickTimes(thread as number[]) : null,
    process: clickTimes(timings.map((timing) => timing.process)),
  };
}

const describeTimes = (times: ClickTimes) =>
  `${times.median.toFixed(1)} / ${times.p90.toFixed(1)} / ${times.max.toFixed(1)}`;

/**
 * The facade select's preparation and clicks as the editor's worker makes them: a fresh
 * thread, the editor's session (docs/decisions/166-smart-select-bench-in-a-worker.md).
 */
function clicksInWorker(pixels: RgbaPixels, facadeTuning: Partial<FacadeTuning>): Promise<WorkerClickTimes> {
  const input: WorkerClickInput = { pixels, facadeTuning, clicks: 20 };
  return new Promise((resolve, reject) => {
    // A worker thread does not inherit tsx's loader: it registers it, then loads the clicks.
    const clicksFile = new URL('./smart-select-clicks.worker.ts', import.meta.url).href;
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(clicksFile)}); });`,
      { eval: true, workerData: input },
    );
    worker.once('message', (times: WorkerClickTimes) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the smart-select worker ended (exit code ${code}) without times`)),
    );
  });
}

async function measureSpeed(
  photo: string,
  tuning: Partial<SmartSelectTuning>,
  facadeTuning: Partial<FacadeTuning> = {},
): Promise<SpeedFigures> {
  // 1500 × 1000 = 1.5 MP, the size the editor analyses at.
  const pixels = await readPhoto(photo, { width: 1500, height: 1000 });
  // The worker first, as the editor's is: it shares nothing with this thread but the process.
  const inWorker = await clicksInWorker(pixels, facadeTuning);
  const preparedAt = performance.now();
  const image = prepareSmartSelectImage(pixels, tuning);
  const prepareMs = performance.now() - preparedAt;
  console.log(`Speed on a 1.5 MP photo (${path.basename(photo)} resized to 1500x1000):`);
  console.log(`  prepare once per image: ${prepareMs.toFixed(1)} ms`);
  // Wall-clock time suffers when other work shares the CPU; process CPU time much less.
  const medianCpuMs = { largeSurface: 0, smallPart: 0 };
  for (const [label, kind] of [
    ['walls and roof', 'largeSurface'],
    ['frames', 'smallPart'],
  ] as const) {
    const tolerance = smartSelectTolerance[kind];
    const wallClock: number[] = [];
    const cpu: number[] = [];
    const sizes: number[] = [];
    for (let click = 0; click < 40; click++) {
      // A fixed, spread-out set of points: deterministic, and both big and small areas.
      const point = { x: ((click * 7919) % 1453) + 20, y: ((click * 104729) % 953) + 20 };
      const startedAt = performance.now();
      const cpuBefore = process.cpuUsage();
      const selection = selectSimilarArea(image, point, { tolerance, tuning });
      const cpuUsed = process.cpuUsage(cpuBefore);
      wallClock.push(performance.now() - startedAt);
      cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      sizes.push(selection.data.reduce((sum, value) => sum + value, 0) / selection.data.length);
    }
    const summary = (values: number[]) =>
      `median ${percentile(values, 0.5).toFixed(1)}, p90 ${percentile(values, 0.9).toFixed(1)}, max ${Math.max(...values).toFixed(1)} ms`;
    console.log(
      `  per click, tolerance ${tolerance} (${label}): ${summary(wallClock)} wall clock; ${summary(cpu)} CPU ` +
        `(selections cover ${(100 * Math.min(...sizes)).toFixed(2)}–${(100 * Math.max(...sizes)).toFixed(1)}% of the image)`,
    );
    medianCpuMs[kind] = percentile(cpu, 0.5);
  }
  const facade = {
    prepare: inWorker.prepare,
    walls: kindTimes(inWorker.walls),
    frames: kindTimes(inWorker.frames),
    allSimilar: kindTimes(inWorker.allSimilar),
  };
  const thread = inWorker.prepare.thread;
  console.log(
    `  facade select in a fresh worker, prepare once per image: ${thread === null ? '?' : thread.toFixed(0)} ms ` +
      `CPU of the worker's thread, ${inWorker.prepare.process.toFixed(0)} ms of the process`,
  );
  for (const kind of ['walls', 'frames', 'allSimilar'] as const) {
    const times = facade[kind];
    console.log(
      `  facade select, ${kind}, median / p90 / max ms CPU: ${times.thread ? describeTimes(times.thread) : '?'} ` +
        `the worker's thread, ${describeTimes(times.process)} the process; each click, thread/process: ` +
        inWorker[kind]
          .map(
            (timing) =>
              `${timing.thread === null ? '?' : timing.thread.toFixed(0)}/${timing.process.toFixed(0)}`,
          )
          .join(' '),
    );
  }
  return { prepareMs, medianCpuMs, facade };
}

interface ImageScore {
  name: string;
  /** IoU of selecting the whole photo: what a selection that floods everything scores. */
  wallShare: number;
  wallOneClick: number;
  wall: number;
  /** Share of the window pixels the final wall selection wrongly took. */
  windowsTakenByWall: number;
  windowOneClick: number;
  window: number;
  windowCount: number;
  /** The facade select (docs/decisions/050-facade-smart-select.md), same protocol. */
  facade: {
    wallOneClick: number;
    wall: number;
    windowsTakenByWall: number;
    windowOneClick: number;
    window: number;
  };
  /** Doors, one by one; NaN where the photo has none. */
  doorBaseline: number;
  door: number;
  /** All windows at once: one window selected, then "select all similar"; the flood's one click. */
  allWindowsBaseline: number;
  allWindows: number;
  /** What limits "select all similar" (bench/all-similar-figures.ts); null without windows. */
  allSimilar: AllSimilarFigures | null;
  /** Share of the windows' middles (mostly glass) a "window frames" selection takes. */
  glassTakenBaseline: number;
  glassTaken: number;
  /** Share of the windows' rims (their frames) the frame selection takes. */
  frameCovered: number;
  /**
   * The opening detector on its own (docs/decisions/051): share of the labelled openings
   * (windows, doors, balconies, shops) inside its rectangles, and share of its rectangles'
   * pixels that are openings.
   */
  openingRecall: number;
  openingPrecision: number;
  /**
   * Pixel counts by label id (1 door, 2 shop, 3 balcony, 4 window, 5 wall): labelled, inside
   * the detector's openings, inside the ground-floor openings (docs/decisions/140).
   */
  classPixels: number[];
  classDetected: number[];
  classGround: number[];
  /** Labelled pixels by class inside the balconies found per photo (docs/decisions/155). */
  classBalcony: number[];
  /** Where the facade select's final wall selection goes wrong. */
  wallErrors: WallErrors;
  /** What limits it (bench/wall-ceilings.ts). */
  wallCeilings: WallCeilings;
}

/**
 * Where a wall selection goes wrong. `outside`: the share of the selection outside the
 * labelled facade (background: sky, street, roofs, neighbours), which the CMP labels barely
 * punish (a selection that spills over the whole photo scores its wall share), so a spilling
 * selection shows here. The rest are shares of the selection's union with the labelled wall:
 * openings taken by class, and wall missed.
 */
interface WallErrors {
  outside: number;
  windows: number;
  balconies: number;
  doorsAndShops: number;
  missed: number;
  /** Of `missed`: inside a rectangle a click cut out of the surface it reached. */
  missedInCuts: number;
}

function wallErrors(selection: Bitmask, ids: Uint8Array, cutOut: Bitmask): WallErrors {
  let selected = 0;
  let union = 0;
  const counts = { outside: 0, windows: 0, balconies: 0, doorsAndShops: 0, missed: 0, missedInCuts: 0 };
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index] as number;
    const isSelected = selection.data[index] === 1;
    if (isSelected) selected++;
    if (isSelected || id === labelIds.wall) union++;
    if (!isSelected) {
      if (id === labelIds.wall) counts.missed++;
      if (id === labelIds.wall && cutOut.data[index] === 1) counts.missedInCuts++;
      continue;
    }
    if (id === 0) counts.outside++;
    else if (id === labelIds.window) counts.windows++;
    else if (id === 3) counts.balconies++;
    else if (id === labelIds.door || id === 2) counts.doorsAndShops++;
  }
  const over = (count: number, total: number) => (total === 0 ? 0 : count / total);
  return {
    outside: over(counts.outside, selected),
    windows: over(counts.windows, union),
    balconies: over(counts.balconies, union),
    doorsAndShops: over(counts.doorsAndShops, union),
    missed: over(counts.missed, union),
    missedInCuts: over(counts.missedInCuts, union),
  };
}

function formatWallErrors(errors: WallErrors): string {
  return (
    `selection outside the labelled facade ${format(errors.outside)}; of the union taken: windows ` +
    `${format(errors.windows)}, balconies ${format(errors.balconies)}, doors and shops ` +
    `${format(errors.doorsAndShops)}, wall missed ${format(errors.missed)} ` +
    `(in cuts ${format(errors.missedInCuts)}, not reached ${format(errors.missed - errors.missedInCuts)})`
  );
}

async function measureAccuracy(
  options: Options,
  setting: ToleranceSetting,
  names: string[],
): Promise<ImageScore[]> {
  const scores: ImageScore[] = [];
  for (const name of names) {
    const pixels = await readPhoto(path.join(options.fixtures, `${name}.jpg`));
    const labels = await readLabels(path.join(options.fixtures, 'labels', `${name}_ids5.png`));
    if (labels.width !== pixels.width || labels.height !== pixels.height) {
      throw new Error(
        `${name}: the labels are ${labels.width}x${labels.height}, the photo is ${pixels.width}x${pixels.height}`,
      );
    }
    const full = options.only !== 'walls';
    const image = full ? prepareSmartSelectImage(pixels, options.tuning) : null;
    const selectAt = (tolerance: number) => (point: { x: number; y: number }) =>
      selectSimilarArea(image as NonNullable<typeof image>, point, { tolerance, tuning: options.tuning });
    const skipped = { iouAfterClick: [Number.NaN], clicks: [], prediction: createBitmask(1, 1) };

    const wall = full
      ? simulateClicks(classMask(labels, labelIds.wall), selectAt(setting.wall), maximumClicks)
      : skipped;
    const windows = full
      ? splitInstances(classMask(labels, labelIds.window), minimumWindowArea).map((instance) =>
          simulateClicks(instance, selectAt(setting.window), maximumClicks),
        )
      : [];
    const wallTruth = classMask(labels, labelIds.wall);
    const windowTruth = classMask(labels, labelIds.window);
    const facade = prepareFacadeImage(pixels, { tuning: options.facadeTuning });
    // What the wall clicks reached and then cut out: the wall they miss lies inside a cut or
    // was not reached at all.
    const cutOut = createBitmask(labels.width, labels.height);
    // The wall clicks go through the editor's own layers (MaskLayers), so what a shift-click
    // removed stays out of later clicks as in the editor (docs/decisions/331-shift-click-removals-stay-out.md).
    const editorLayers = new MaskLayers(labels.width, labels.height);
    const facadeWall = simulateClicks(
      wallTruth,
      (point, mode, current) => {
        // The simulated user undid the last click (the selection is not what it made): so does the editor.
        const layer = editorLayers.layer('walls');
        if (!layer.data.every((value, index) => value === current.data[index])) editorLayers.undo();
        if (mode === 'subtract') {
          const removed = subtractFromSurface(facade, point);
          editorLayers.replaceSelection('walls', removed, null, point);
          return removed;
        }
        // The cuts of the layer's earlier clicks go with the click, as in the editor
        // (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
        const { surface, cuts, remembered } = surfaceClick(
          facade,
          point,
          true,
          editorLayers.surfaceCuts('walls'),
        );
        const reached = surface.data.slice();
        for (const cut of cuts) paintRectangle(surface, cut, 0);
        for (let index = 0; index < reached.length; index++) {
          if (reached[index] === 1 && surface.data[index] === 0) cutOut.data[index] = 1;
        }
        editorLayers.replaceSelection('walls', null, surface, point, remembered);
        return { ...layer, data: layer.data.slice() };
      },
      maximumClicks,
    );
    const windowInstances = full ? splitInstances(windowTruth, minimumWindowArea) : [];
    const facadeWindows = windowInstances.map((instance) =>
      simulateClicks(instance, openingClicks(facade), maximumClicks),
    );
    const doorInstances = full ? splitInstances(classMask(labels, labelIds.door), minimumWindowArea) : [];
    const doorsBaseline = doorInstances.map((instance) =>
      simulateClicks(instance, selectAt(setting.window), maximumClicks),
    );
    const doors = doorInstances.map((instance) =>
      simulateClicks(instance, openingClicks(facade), maximumClicks),
    );
    // "Select all similar" from a typical window: the one of median size, selected as above.
    const bySize = windowInstances
      .map((instance, at) => ({ at, area: instance.data.reduce((sum, value) => sum + value, 0) }))
      .sort((a, b) => a.area - b.area);
    const typical = bySize[Math.floor(bySize.length / 2)];
    let allWindows = Number.NaN;
    let allWindowsBaseline = Number.NaN;
    let allSimilar: AllSimilarFigures | null = null;
    if (typical) {
      const example = boundingBox((facadeWindows[typical.at] as ClickResult).prediction);
      const all = createBitmask(labels.width, labels.height);
      if (example) {
        const repeats = findSimilar(facade, example);
        for (const match of repeats) paintRectangle(all, match);
        allSimilar = allSimilarFigures(repeats, example, windowInstances, windowTruth);
      }
      allWindows = intersectionOverUnion(all.data, windowTruth.data);
      const floodClick = (windows[typical.at] as ClickResult).clicks[0];
      allWindowsBaseline = floodClick
        ? intersectionOverUnion(selectAt(setting.window)(floodClick).data, windowTruth.data)
        : 0;
    }
    // Frames: from each window as the user selected it; the flood baseline marks the window.
    const glassTaken: number[] = [];
    const glassTakenBaseline: number[] = [];
    const frameCovered: number[] = [];
    windowInstances.forEach((instance, at) => {
      const truthBox = boundingBox(instance);
      const chosen = boundingBox((facadeWindows[at] as ClickResult).prediction);
      if (!truthBox || !chosen) return;
      const frame = frameOfOpening(facade, chosen);
      glassTaken.push(shareTaken(frame, middleOf(truthBox)));
      glassTakenBaseline.push(shareTaken((windows[at] as ClickResult).prediction, middleOf(truthBox)));
      frameCovered.push(shareTaken(frame, rimOf(truthBox), truthBox));
    });
    const detected = createBitmask(labels.width, labels.height);
    for (const opening of facade.openings) paintRectangle(detected, opening);
    const ground = createBitmask(labels.width, labels.height);
    for (const opening of facade.groundOpenings) paintRectangle(ground, opening);
    const balcony = createBitmask(labels.width, labels.height);
    for (const opening of facade.balconyOpenings) paintRectangle(balcony, opening);
    const classBalcony = [0, 0, 0, 0, 0, 0];
    const classPixels = [0, 0, 0, 0, 0, 0];
    const classDetected = [0, 0, 0, 0, 0, 0];
    const classGround = [0, 0, 0, 0, 0, 0];
    for (let index = 0; index < labels.ids.length; index++) {
      const id = labels.ids[index] as number;
      if (id > 5) continue;
      classPixels[id] = (classPixels[id] as number) + 1;
      if (detected.data[index] === 1) classDetected[id] = (classDetected[id] as number) + 1;
      if (ground.data[index] === 1) classGround[id] = (classGround[id] as number) + 1;
      if (balcony.data[index] === 1) classBalcony[id] = (classBalcony[id] as number) + 1;
    }
    let openingPixels = 0;
    let detectedPixels = 0;
    let detectedOpenings = 0;
    for (let index = 0; index < labels.ids.length; index++) {
      const id = labels.ids[index] as number;
      const isOpening = id >= 1 && id <= 4;
      if (isOpening) openingPixels++;
      if (detected.data[index] === 1) {
        detectedPixels++;
        if (isOpening) detectedOpenings++;
      }
    }
    const spill = wallErrors(facadeWall.prediction, labels.ids, cutOut);
    const ceilings = wallCeilings(facade, facadeWall, labels.ids, wallTruth);
    const score: ImageScore = {
      name,
      wallErrors: spill,
      wallCeilings: ceilings,
      openingRecall: openingPixels === 0 ? Number.NaN : detectedOpenings / openingPixels,
      openingPrecision: detectedPixels === 0 ? 0 : detectedOpenings / detectedPixels,
      classPixels,
      classDetected,
      classGround,
      classBalcony,
      wallShare: wallTruth.data.reduce((sum, value) => sum + value, 0) / wallTruth.data.length,
      windowsTakenByWall: full ? windowsTaken(wall.prediction, windowTruth) : Number.NaN,
      wallOneClick: wall.iouAfterClick[0] ?? 0,
      wall: wall.iouAfterClick.at(-1) ?? 0,
      windowOneClick: mean(windows.map((result) => result.iouAfterClick[0] ?? 0)),
      window: mean(windows.map((result) => result.iouAfterClick.at(-1) ?? 0)),
      windowCount: windows.length,
      facade: {
        wallOneClick: facadeWall.iouAfterClick[0] ?? 0,
        wall: facadeWall.iouAfterClick.at(-1) ?? 0,
        windowsTakenByWall: windowsTaken(facadeWall.prediction, windowTruth),
        windowOneClick: mean(facadeWindows.map((result) => result.iouAfterClick[0] ?? 0)),
        window: mean(facadeWindows.map((result) => result.iouAfterClick.at(-1) ?? 0)),
      },
      doorBaseline: mean(doorsBaseline.map((result) => result.iouAfterClick.at(-1) ?? 0)),
      door: mean(doors.map((result) => result.iouAfterClick.at(-1) ?? 0)),
      allWindowsBaseline,
      allWindows,
      allSimilar,
      glassTakenBaseline: mean(glassTakenBaseline),
      glassTaken: mean(glassTaken),
      frameCovered: mean(frameCovered),
    };
    scores.push(score);
    if (!full) {
      console.log(
        `  ${name}: facade: wall ${format(score.facade.wallOneClick)} → ${format(score.facade.wall)} ` +
          `(whole photo ${format(score.wallShare)}; ${formatWallErrors(spill)}), detected openings: recall ` +
          `${format(score.openingRecall)} precision ${format(score.openingPrecision)} (${facade.openings.length})`,
      );
      console.log(`    ${describeWallCeilings(ceilings)}`);
      continue;
    }
    console.log(
      `  ${name}: wall ${format(score.wallOneClick)} → ${format(score.wall)} ` +
        `(whole photo ${format(score.wallShare)}; windows taken ${format(score.windowsTakenByWall)}), ` +
        `windows (${score.windowCount}) ${format(score.windowOneClick)} → ${format(score.window)} | ` +
        `facade: wall ${format(score.facade.wallOneClick)} → ${format(score.facade.wall)} ` +
        `(windows taken ${format(score.facade.windowsTakenByWall)}), windows ${format(score.facade.windowOneClick)} → ` +
        `${format(score.facade.window)}, doors ${format(score.door)} (flood ${format(score.doorBaseline)}), ` +
        `all windows ${format(score.allWindows)} (flood ${format(score.allWindowsBaseline)}), ` +
        `glass taken by frames ${format(score.glassTaken)} (flood ${format(score.glassTakenBaseline)}), ` +
        `frame rim covered ${format(score.frameCovered)}, detected openings: recall ${format(score.openingRecall)} ` +
        `precision ${format(score.openingPrecision)} (${facade.openings.length}); walls: ${formatWallErrors(spill)}`,
    );
    if (allSimilar) console.log(`    select all similar: ${describeAllSimilar(allSimilar)}`);
    console.log(`    ${describeWallCeilings(ceilings)}`);
  }
  return scores;
}

function describeWallCeilings(ceilings: WallCeilings): string {
  return (
    `wall ceilings: superpixels (each taken when mostly wall) ${format(ceilings.superpixels)}, ` +
    `these clicks with perfect cuts ${format(ceilings.perfectCuts)}, with no cuts ${format(ceilings.noCuts)}`
  );
}

function describeAllSimilar(figures: AllSimilarFigures): string {
  return (
    `IoU ${format(figures.iou)}, found ${figures.found} of ${figures.windows} windows, ${figures.falseFinds} false, ` +
    `size fit ${format(figures.sizeFit)}; ceilings: perfect sizes ${format(figures.perfectSizes)}, ` +
    `every window at the example's size ${format(figures.perfectRecallExampleSize)}, ` +
    `labelled rectangles ${format(figures.rectangles)}`
  );
}

/** The "select all similar" figures over the photos that have windows. */
function summariseAllSimilar(all: AllSimilarFigures[]): string {
  const sum = (pick: (figures: AllSimilarFigures) => number) => all.reduce((total, f) => total + pick(f), 0);
  const average = (pick: (figures: AllSimilarFigures) => number) => format(meanOf(all.map(pick)));
  return (
    `IoU ${average((f) => f.iou)}, found ${sum((f) => f.found)} of ${sum((f) => f.windows)} windows ` +
    `(recall ${format(sum((f) => f.found) / sum((f) => f.windows))}), ${sum((f) => f.falseFinds)} false finds, ` +
    `size fit of the found ${average((f) => f.sizeFit)}; ceilings: the same repeats at perfect sizes ` +
    `${average((f) => f.perfectSizes)}, every window at the example's size ${average((f) => f.perfectRecallExampleSize)}, ` +
    `every labelled rectangle ${average((f) => f.rectangles)}`
  );
}

/**
 * Only "select all similar" (`--only allSimilar`): per photo the example as the full run makes
 * it (the median-size window after the simulated user's clicks), its repeats and what limits
 * them. The same figures as the full run, in a fraction of its time.
 */
async function measureAllSimilar(options: Options, names: string[]): Promise<void> {
  const figures: AllSimilarFigures[] = [];
  for (const name of names) {
    const pixels = await readPhoto(path.join(options.fixtures, `${name}.jpg`));
    const labels = await readLabels(path.join(options.fixtures, 'labels', `${name}_ids5.png`));
    const windowTruth = classMask(labels, labelIds.window);
    const facade = prepareFacadeImage(pixels, { tuning: options.facadeTuning });
    const windowInstances = splitInstances(windowTruth, minimumWindowArea);
    const bySize = windowInstances
      .map((instance, at) => ({ at, area: instance.data.reduce((sum, value) => sum + value, 0) }))
      .sort((a, b) => a.area - b.area);
    const typical = bySize[Math.floor(bySize.length / 2)];
    if (!typical) continue;
    const clicked = simulateClicks(
      windowInstances[typical.at] as Bitmask,
      openingClicks(facade),
      maximumClicks,
    );
    const example = boundingBox(clicked.prediction);
    if (!example) continue;
    const result = allSimilarFigures(findSimilar(facade, example), example, windowInstances, windowTruth);
    figures.push(result);
    console.log(`  ${name}: ${describeAllSimilar(result)}`);
  }
  console.log(`  select all similar over ${figures.length} photos: ${summariseAllSimilar(figures)}`);
}

function fixtureNames(fixtures: string, only?: string[]): string[] {
  return readdirSync(fixtures)
    .filter((file) => /^cmp_b\d+\.jpg$/.test(file))
    .map((file) => file.replace(/\.jpg$/, ''))
    .filter((name) => existsSync(path.join(fixtures, 'labels', `${name}_ids5.png`)))
    .filter((name) => !only || only.some((wanted) => name === wanted || name.endsWith(`_${wanted}`)))
    .sort();
}

/** The speed row of `npm run bench` (bench/run.ts); accuracy stays this script's own report. */
export async function rows(): Promise<BenchRow[]> {
  const what = 'Smart select, 1.5 MP, per click (CPU)';
  const target = '≤ 100 ms';
  // The runner's own options (`npm run bench -- --fixtures DIR`) reach this module.
  const { fixtures } = parseOptions(process.argv.slice(2));
  const names = existsSync(fixtures) ? fixtureNames(fixtures) : [];
  if (names.length === 0) return [skippedRow(what, target, `no facade photos at ${fixtures}`)];
  const speed = await measureSpeed(path.join(fixtures, `${names[3] ?? names[0]}.jpg`), {});
  const { facade } = speed;
  // The target is every click (issue 13), in the worker: the row shows median / p90 / max of
  // the worker thread's CPU and is met only when no click of any kind took longer; the
  // process's CPU beside it adds V8's compiler threads, busy on the first clicks
  // (docs/decisions/166-smart-select-bench-in-a-worker.md).
  const kinds = [
    ['walls', facade.walls],
    ['window frames', facade.frames],
    ['select all similar', facade.allSimilar],
  ] as const;
  const judged = (times: KindTimes) => times.thread ?? times.process;
  const slowest = Math.max(...kinds.map(([, times]) => judged(times).max));
  const prepareJudged = facade.prepare.thread ?? facade.prepare.process;
  const hasThread = kinds.every(([, times]) => times.thread !== null) && facade.prepare.thread !== null;
  const measure = hasThread ? "CPU of the worker's thread" : 'CPU of the process';
  return [
    {
      what,
      now:
        `facade select in a fresh worker, ${measure}, median / p90 / max: ` +
        kinds.map(([label, times]) => `${describeTimes(judged(times))} ms (${label})`).join(', ') +
        (hasThread
          ? `; the whole process (with V8's compiler threads): ${kinds
              .map(([label, times]) => `${describeTimes(times.process)} (${label})`)
              .join(', ')}`
          : ''),
      baseline: `flood fill: median ${speed.medianCpuMs.largeSurface.toFixed(1)} ms (walls), ${speed.medianCpuMs.smallPart.toFixed(1)} ms (frames)`,
      target,
      met: slowest <= 100,
    },
    {
      what: 'Smart select, 1.5 MP, preparing the image once (CPU)',
      now:
        `facade select (superpixels) in a fresh worker: ${prepareJudged.toFixed(0)} ms ${measure}` +
        (hasThread ? ` (${facade.prepare.process.toFixed(0)} ms the whole process)` : ''),
      baseline: `flood fill: ${speed.prepareMs.toFixed(0)} ms`,
      target: '≤ 1500 ms',
      met: prepareJudged <= 1500,
    },
  ];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(options.fixtures)) {
    console.log(
      `SKIPPED: no facade fixtures at ${options.fixtures}. The photos are not part of the repository; ` +
        'put the shared fixtures there (or pass --fixtures DIR) to run the smart-select bench.',
    );
    return;
  }
  const names = fixtureNames(options.fixtures, options.photos);
  if (names.length === 0) {
    console.log(`SKIPPED: ${options.fixtures} holds no labelled cmp_b*.jpg photos.`);
    return;
  }

  if (options.only === 'allSimilar') {
    // The same speed photo whichever photos are scored.
    const speedPhoto = fixtureNames(options.fixtures)[3] ?? (names[0] as string);
    await measureSpeed(
      path.join(options.fixtures, `${speedPhoto}.jpg`),
      options.tuning,
      options.facadeTuning,
    );
    console.log('\nSelect all similar, from the median-size window after the simulated clicks:');
    await measureAllSimilar(options, names);
    return;
  }
  if (!options.only) {
    await measureSpeed(
      path.join(options.fixtures, `${names[3] ?? names[0]}.jpg`),
      options.tuning,
      options.facadeTuning,
    );
  }

  for (const setting of options.settings) {
    console.log(
      `\nAccuracy, tolerance ${setting.wall} for walls and ${setting.window} for windows, ≤ ${maximumClicks} clicks ` +
        `(IoU after 1 click → after up to ${maximumClicks}):`,
    );
    const scores = await measureAccuracy(options, setting, names);
    const average = (pick: (score: ImageScore) => number) => format(meanOf(scores.map(pick)));
    if (!options.only) {
      console.log(
        `  flood fill (the baseline) over ${scores.length} photos: wall ${average((score) => score.wallOneClick)} → ` +
          `${average((score) => score.wall)}, windows ${average((score) => score.windowOneClick)} → ` +
          `${average((score) => score.window)}, doors ${average((score) => score.doorBaseline)}, all windows in one click ` +
          `${average((score) => score.allWindowsBaseline)}, glass taken when marking window frames ` +
          `${average((score) => score.glassTakenBaseline)}, window pixels taken by the wall ` +
          `${average((score) => score.windowsTakenByWall)}`,
      );
      console.log(
        `  facade select: doors ${average((score) => score.door)}, all windows via "select all similar" ` +
          `${average((score) => score.allWindows)}, glass taken by window frames ${average((score) => score.glassTaken)} ` +
          `(frame rim covered ${average((score) => score.frameCovered)}), window pixels taken by the wall ` +
          `${average((score) => score.facade.windowsTakenByWall)}`,
      );
      console.log(
        `  select all similar: ${summariseAllSimilar(scores.flatMap((score) => (score.allSimilar ? [score.allSimilar] : [])))}`,
      );
    }
    console.log(
      `  opening detector (decision 051): recall ${average((score) => score.openingRecall)}, ` +
        `precision ${average((score) => score.openingPrecision)} of the labelled openings' pixels`,
    );
    // Pooled over the photos, as decision 126 reported them.
    const pooled = (pick: (score: ImageScore) => number[], id: number) =>
      scores.reduce((sum, score) => sum + (pick(score)[id] as number), 0);
    const classRecall = (pick: (score: ImageScore) => number[]) =>
      ['doors', 'shops', 'balconies', 'windows']
        .map(
          (name, at) =>
            `${name} ${format(pooled(pick, at + 1) / pooled((score) => score.classPixels, at + 1))}`,
        )
        .join(', ');
    const pixelsIn = (pick: (score: ImageScore) => number[], ids: number[]) =>
      ids.reduce((sum, id) => sum + pooled(pick, id), 0);
    const groundPixels = pixelsIn((score) => score.classGround, [0, 1, 2, 3, 4, 5]);
    const groundOpenings = pixelsIn((score) => score.classGround, [1, 2, 3, 4]);
    const balconyPixels = pixelsIn((score) => score.classBalcony, [0, 1, 2, 3, 4, 5]);
    const balconyOpenings = pixelsIn((score) => score.classBalcony, [1, 2, 3, 4]);
    console.log(
      `  detector recall by class (pooled pixels): ${classRecall((score) => score.classDetected)}; ` +
        `ground-floor openings (decision 140): ${classRecall((score) => score.classGround)}, precision ` +
        `${format(groundPixels === 0 ? 0 : groundOpenings / groundPixels)}, labelled wall inside ` +
        `${format(groundPixels === 0 ? 0 : pooled((score) => score.classGround, 5) / groundPixels)}; ` +
        `balconies (decision 155): ${classRecall((score) => score.classBalcony)}, precision ` +
        `${format(balconyPixels === 0 ? 0 : balconyOpenings / balconyPixels)}, labelled wall inside ` +
        `${format(balconyPixels === 0 ? 0 : pooled((score) => score.classBalcony, 5) / balconyPixels)}`,
    );
    console.log(
      `  walls for comparison: selecting the whole photo scores ${average((score) => score.wallShare)}`,
    );
    const errorMean = (pick: (errors: WallErrors) => number) =>
      meanOf(scores.map((score) => pick(score.wallErrors)));
    console.log(
      `  facade select, final wall selections: ${formatWallErrors({
        outside: errorMean((errors) => errors.outside),
        windows: errorMean((errors) => errors.windows),
        balconies: errorMean((errors) => errors.balconies),
        doorsAndShops: errorMean((errors) => errors.doorsAndShops),
        missed: errorMean((errors) => errors.missed),
        missedInCuts: errorMean((errors) => errors.missedInCuts),
      })}`,
    );
    console.log(
      `  facade select, ${describeWallCeilings({
        superpixels: meanOf(scores.map((score) => score.wallCeilings.superpixels)),
        perfectCuts: meanOf(scores.map((score) => score.wallCeilings.perfectCuts)),
        noCuts: meanOf(scores.map((score) => score.wallCeilings.noCuts)),
      })}`,
    );
    const wallMean = mean(scores.map((score) => score.facade.wall));
    const windowMean = mean(scores.map((score) => score.facade.window));
    console.log(
      `  MEAN over ${scores.length} photos: wall ${average((score) => score.facade.wallOneClick)} → ${format(wallMean)}, ` +
        `windows ${average((score) => score.facade.windowOneClick)} → ${format(windowMean)}, ` +
        `both ${format((wallMean + windowMean) / 2)}`,
    );
  }
}

// Run on its own (`npx tsx bench/smart-select.bench.ts [options]`) it prints the full report.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
