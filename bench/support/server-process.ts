import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@facelift/test-fakes/free-port';

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchServer {
  baseUrl: string;
  pid: number;
  /** Milliseconds from spawn to the first healthy answer. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Builds the server into apps/server/dist (about a second) so benches run what `npm start` runs. */
export function buildServer(): void {
  execFileSync('npm', ['run', 'build', '--silent', '-w', '@facelift/server'], {
    cwd: repositoryRoot,
    stdio: 'ignore',
  });
}

/**
 * Starts a server process on a free port with a temporary data directory and SQLite:
 * `built` runs `npm run serve`'s entry with node, `source` the TypeScript through tsx,
 * `bare` a Fastify app with one route (the baseline of the request-path figures).
 */
export async function startBenchServer(
  kind: 'built' | 'source' | 'bare',
  environment: Record<string, string> = {},
  /** Extra arguments for node before the script (e.g. `--cpu-prof`). */
  nodeArguments: string[] = [],
): Promise<BenchServer> {
  const port = await findFreePort();
  const dataDirectory = await mkdtemp(path.join(tmpdir(), 'facelift-bench-'));
  const command = {
    built: ['apps/server/dist/server.js'],
    source: ['--import', 'tsx', 'apps/server/src/server.ts'],
    bare: ['--import', 'tsx', 'bench/support/bare-fastify.ts'],
  }[kind];
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArguments, ...command], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDirectory,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...environment,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => errors);
  const readyMs = performance.now() - startedAt;
  return {
    baseUrl,
    pid: child.pid as number,
    readyMs,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, errors: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${errors()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not become healthy: ${errors()}`);
}

/** Resident memory of a process, from /proc (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kilobytes) throw new Error('no VmRSS in /proc status');
  return Number(kilobytes) * 1024;
}

/** CPU milliseconds (user + system) a process has used so far, from /proc (Linux, 100 ticks/s). */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th overall.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
