/**
 * The contract between `npm run bench` (bench/run.ts) and its modules: each module exports
 * `rows()`, measures its figures next to a baseline taken in the same run (the machine is
 * shared, so only same-run comparisons mean anything), and returns table rows. The runner
 * prints them as one table.
 */

export interface BenchRow {
  /** What is measured, as in the performance issue's table. */
  what: string;
  /** The figure now. */
  now: string;
  /** The baseline, measured in the same run ("—" when there is none). */
  baseline: string;
  /** The target, in words ("≤ 1.5× baseline"). */
  target: string;
  /** Whether the target is met; null when the row could not be measured. */
  met: boolean | null;
}

export interface BenchModule {
  rows(): Promise<BenchRow[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * CPU milliseconds (user + system, every thread of the process, so libvips's too) of one
 * run of `work`. Less disturbed than wall-clock time when other processes share the cores.
 */
export async function cpuMilliseconds(work: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** The median CPU time of `runs` runs after one warm-up. */
export async function medianCpu(work: () => unknown, runs = 5): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await cpuMilliseconds(work));
  return median(times);
}

export interface InTurns {
  /** Median CPU milliseconds of each piece of work. */
  medians: number[];
  /**
   * Each piece against the first, the ratio taken within each round (the two measured moments
   * apart, under the same load): the median and the quartiles over the rounds.
   */
  ratios: { median: number; low: number; high: number }[];
}

/**
 * CPU time of pieces of work run in turn, round after round, after `warmUps` rounds thrown
 * away (docs/decisions/261-recolour-row-in-rounds.md): the order rotates every round, so each
 * piece follows each other equally often and what one leaves behind (a garbage collection it
 * started, memory handed back) does not always land on the same other piece. `measure` is
 * the CPU time of one run (a stand-in in the tests).
 */
export async function cpuInTurns(
  works: (() => unknown)[],
  warmUps: number,
  rounds: number,
  measure: (work: () => unknown) => Promise<number> = cpuMilliseconds,
): Promise<InTurns> {
  for (let round = 0; round < warmUps; round++) for (const work of works) await work();
  const samples = works.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < works.length; step++) {
      const index = (round + step) % works.length;
      samples[index]?.push(await measure(works[index] as () => unknown));
    }
  }
  const quantile = (values: number[], at: number) =>
    [...values].sort((left, right) => left - right)[Math.round(at * (values.length - 1))] ?? Number.NaN;
  const first = samples[0] ?? [];
  return {
    medians: samples.map(median),
    ratios: samples.map((sample) => {
      const ratios = sample.map((value, round) => value / (first[round] ?? Number.NaN));
      return { median: median(ratios), low: quantile(ratios, 0.25), high: quantile(ratios, 0.75) };
    }),
  };
}

export function skippedRow(what: string, target: string, reason: string): BenchRow {
  return { what, now: `skipped: ${reason}`, baseline: '—', target, met: null };
}

/** The row of a module that could not produce its own (it threw, or its process died). */
export function failedRow(what: string, error: unknown): BenchRow {
  const reason = error instanceof Error ? error.message : String(error);
  return { what, now: `failed: ${reason}`, baseline: '—', target: '—', met: null };
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;
export const times = (value: number) => `${value.toFixed(2)}×`;
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Markdown, so the README can show the output as it is. */
export function formatTable(rows: BenchRow[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    '| What | Now | Baseline (same run) | Target | Met |',
    '|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${cell(row.what)} | ${cell(row.now)} | ${cell(row.baseline)} | ${cell(row.target)} | ${
          row.met === null ? '—' : row.met ? 'yes' : 'no'
        } |`,
    ),
  ];
  return lines.join('\n');
}
