/**
 * The facade select's clicks of `npm run bench -- smart-select`, made the way the editor makes
 * them (docs/decisions/166-smart-select-bench-in-a-worker.md): in a thread of their own that
 * has run nothing before (the editor's Web Worker), through the editor's own session
 * (apps/web's smart-select-session.ts): the photo prepared, then 20 wall clicks, then 20
 * clicks on a window each followed by "Select all similar". Run by smart-select.bench.ts as a
 * `worker_threads` Worker; the photo comes in `workerData`, the times go back as one message.
 *
 * Each click is timed twice: the CPU time of this thread (what the click keeps the worker
 * busy for; Linux's per-thread scheduler statistics) and the CPU time of the whole process,
 * which adds the work V8 does on its own threads meanwhile, mostly compiling the code the
 * first clicks run (decision 138).
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { FacadeTuning, RgbaPixels } from '@facelift/shared';
import { defaultFrameWidth } from '@facelift/shared';
import {
  createSmartSelectSession,
  type SmartSelectQuery,
} from '../apps/web/src/features/mask-editor/smart-select-session.ts';

export interface ClickTiming {
  /** CPU ms of the worker's own thread, or null where the system does not tell it. */
  thread: number | null;
  /** CPU ms of the whole process (all threads) over the same time. */
  process: number;
}

export interface WorkerClickTimes {
  prepare: ClickTiming;
  walls: ClickTiming[];
  frames: ClickTiming[];
  allSimilar: ClickTiming[];
}

export interface WorkerClickInput {
  pixels: RgbaPixels;
  facadeTuning: Partial<FacadeTuning>;
  clicks: number;
}

/** This thread's CPU time in ms (Linux: /proc/thread-self/schedstat, nanoseconds on a CPU). */
function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

function timed(work: () => unknown): ClickTiming {
  const threadBefore = threadCpuMs();
  const processBefore = process.cpuUsage();
  work();
  const processUsed = process.cpuUsage(processBefore);
  const threadAfter = threadCpuMs();
  return {
    thread: threadBefore === null || threadAfter === null ? null : threadAfter - threadBefore,
    process: (processUsed.user + processUsed.system) / 1000,
  };
}

const { pixels, facadeTuning, clicks } = workerData as WorkerClickInput;
/** A fixed, spread-out set of points: deterministic, both big and small areas. */
const pointOf = (click: number) => ({ x: ((click * 7919) % 1453) + 20, y: ((click * 104729) % 953) + 20 });
const query = (kind: SmartSelectQuery['kind']): SmartSelectQuery => ({
  kind,
  mode: 'add',
  tolerance: 50,
  frameWidth: defaultFrameWidth,
});

const session = createSmartSelectSession({ facadeTuning });
const times: WorkerClickTimes = {
  prepare: timed(() => session.prepare(pixels, () => {})),
  walls: [],
  frames: [],
  allSimilar: [],
};
for (let click = 0; click < clicks; click++) {
  times.walls.push(timed(() => session.select(pointOf(click), query('surface'))));
}
for (let click = 0; click < clicks; click++) {
  // A click on a window of the "Window frames" layer (its rectangle, then its frame), then
  // "Select all similar" on it: two actions, each a click of its own for the target.
  times.frames.push(timed(() => session.select(pointOf(click), query('frame'))));
  times.allSimilar.push(timed(() => session.selectAllSimilar(query('frame'))));
}
parentPort?.postMessage(times);
