/**
 * `npm run bench`: every figure of the performance table, each beside its baseline measured
 * in the same run, printed as one Markdown table with the machine it ran on.
 *
 * `npm run bench -- recolour api` runs only the named modules; options after them go to the
 * modules (`npm run bench -- smart-select --fixtures DIR`). The modules are listed in
 * bench/modules.ts.
 *
 * Each module runs in a fresh process of its own (bench/run-module.ts), one after the other,
 * so a figure and its baseline are measured together without the heap, libvips's caches and
 * threads or open servers an earlier module left behind (the recolour row measured 1.81× of
 * `tint` after the job bench in one process and 1.36–1.45× alone: docs/decisions/123-bench-process-per-module.md).
 * Rows come back over an IPC channel; the modules' narration goes to stderr.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { type BenchRow, failedRow, formatTable } from './bench-table.ts';
import { benchModules } from './modules.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const moduleRunner = fileURLToPath(new URL('./run-module.ts', import.meta.url));

// Names choose modules; `--option value` pairs are left to the modules (e.g. --fixtures DIR).
const argumentsGiven = process.argv.slice(2);
const wanted = argumentsGiven.filter(
  (argument, index) => !argument.startsWith('-') && !argumentsGiven[index - 1]?.startsWith('--'),
);
const unknown = wanted.filter((name) => !(name in benchModules));
if (unknown.length > 0) {
  console.error(`Unknown bench ${unknown.join(', ')}; known: ${Object.keys(benchModules).join(', ')}`);
  process.exit(1);
}

/** Runs one module in a child process and returns its rows (a "failed: …" row if it died). */
function runModule(name: string): Promise<BenchRow[]> {
  return new Promise((resolve) => {
    // The module sees the runner's own arguments after its name, as it did in one process.
    const child = spawn(process.execPath, ['--import', 'tsx', moduleRunner, name, ...argumentsGiven], {
      cwd: repositoryRoot,
      // The child's stdout goes to our stderr: only the table is printed on stdout.
      stdio: ['ignore', 2, 2, 'ipc'],
    });
    let rows: BenchRow[] | undefined;
    child.on('message', (message) => {
      rows = (message as { rows: BenchRow[] }).rows;
    });
    child.on('error', (error) => resolve([failedRow(name, error)]));
    child.on('exit', (code, signal) => {
      resolve(rows ?? [failedRow(name, `its process ended (${signal ?? `exit code ${code}`}) without rows`)]);
    });
  });
}

const rows: BenchRow[] = [];
for (const name of Object.keys(benchModules)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.error(`[bench] ${name}…`);
  rows.push(...(await runModule(name)));
}

const cpu = os.cpus();
console.log(
  `Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
    `Node ${process.version}, ${os.platform()} ${os.release()}; load average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; ${new Date().toISOString().slice(0, 16)} UTC\n`,
);
console.log(formatTable(rows));
