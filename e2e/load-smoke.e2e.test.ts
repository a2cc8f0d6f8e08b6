import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

// The short form of `npm run load` (docs/decisions/112-load-run.md): mixed reads, uploads,
// renames and transformations with open event streams against the built server, no error.
describe('the load run, short', () => {
  it('answers every request and ends every job', { timeout: 120_000 }, async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'bench/load.ts', '--seconds', '5', '--rate', '50', '--streams', '10'],
      { cwd: path.resolve(import.meta.dirname, '..'), timeout: 110_000 },
    );
    expect(stdout).toMatch(/^errors: 0$/m);
    expect(stdout).toMatch(/^jobs not done: 0$/m);
    expect(stdout).toMatch(/^latency: p50 [\d.]+ ms, p99 [\d.]+ ms/m);
    expect(stdout).toMatch(/^event streams: 10 open, [1-9]\d* events received$/m);
  });
});
