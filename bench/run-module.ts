/**
 * One module of `npm run bench`, run in a process of its own by bench/run.ts:
 * `node --import tsx bench/run-module.ts NAME [options]` with an IPC channel. The module's
 * rows go back to the runner as one IPC message; everything the module prints goes to stderr
 * (the runner points this process's stdout there too), so nothing it narrates can be mistaken
 * for rows. A module that throws still answers, with a "failed: …" row.
 */
import { type BenchRow, failedRow } from './bench-table.ts';
import { benchModules } from './modules.ts';

const name = process.argv[2] ?? '';
const send = process.send?.bind(process);
if (!send) {
  console.error('bench/run-module.ts is run by bench/run.ts (npm run bench), which reads its rows over IPC.');
  process.exit(2);
}

console.log = console.error;
let rows: BenchRow[];
try {
  const load = benchModules[name];
  if (!load) throw new Error(`unknown bench ${name}`);
  rows = await (await load()).rows();
} catch (error) {
  rows = [failedRow(name, error)];
}
// Exit once the rows are handed over: a module that leaves a handle open (a socket in
// keep-alive, a timer) must not keep the whole table waiting.
send({ rows }, () => process.exit(0));
