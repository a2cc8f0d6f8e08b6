/**
 * `npm run bench`: every figure of the performance table, each beside its baseline measured
 * in the same run, printed as one Markdown table with the machine it ran on.
 *
 * `npm run bench -- recolour api` runs only the named modules; options after them go to the
 * modules (`npm run bench -- smart-select --fixtures DIR`). A module is a file
 * bench/NAME.bench.ts exporting `rows()` (bench/bench-table.ts); add one to `modules` below.
 */
import os from 'node:os';
import { type BenchModule, type BenchRow, formatTable } from './bench-table.ts';

const modules: Record<string, () => Promise<BenchModule>> = {
  api: () => import('./api.bench.ts'),
  transformations: () => import('./transformations.bench.ts'),
  recolour: () => import('./recolour.bench.ts'),
  preview: () => import('./preview.bench.ts'),
  'app-shell': () => import('./app-shell.bench.ts'),
  storage: () => import('./storage.bench.ts'),
  'server-start': () => import('./server-start.bench.ts'),
  'smart-select': () => import('./smart-select.bench.ts'),
  video: () => import('./video.bench.ts'),
};

// Names choose modules; `--option value` pairs are left to the modules (e.g. --fixtures DIR).
const argumentsGiven = process.argv.slice(2);
const wanted = argumentsGiven.filter(
  (argument, index) => !argument.startsWith('-') && !argumentsGiven[index - 1]?.startsWith('--'),
);
const unknown = wanted.filter((name) => !(name in modules));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; known: ${Object.keys(modules).join(', ')}`);
  process.exit(1);
}

// Modules may narrate on stdout; only the table goes there, everything else to stderr.
const print = console.log;
console.log = console.error;
const rows: BenchRow[] = [];
for (const [name, load] of Object.entries(modules)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.error(`[bench] ${name}…`);
  try {
    rows.push(...(await (await load()).rows()));
  } catch (error) {
    rows.push({
      what: name,
      now: `failed: ${error instanceof Error ? error.message : String(error)}`,
      baseline: '—',
      target: '—',
      met: null,
    });
  }
}

const cpu = os.cpus();
print(
  `Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
    `Node ${process.version}, ${os.platform()} ${os.release()}; load average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; ${new Date().toISOString().slice(0, 16)} UTC\n`,
);
print(formatTable(rows));
