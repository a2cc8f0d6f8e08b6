import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@facelift/test-fakes/free-port';

export { findFreePort };

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  dataDirectory: string;
  /** Everything the process printed so far. */
  log(): string;
  stop(): Promise<void>;
  /** kill -9: the process dies at once, mid-work; its data directory stays for a restart. */
  kill(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // A built server boots in about a second; on a shared 2-core machine under load, 15 s was seen.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the real server on a random port with a temp data dir: from its TypeScript sources
 * (so a run never tests a stale build) or, with `entry: 'built'`, `npm run serve`'s built
 * JavaScript in apps/server/dist.
 */
export async function startServer(
  environment: Record<string, string> = {},
  port?: number,
  entry: 'source' | 'built' = 'source',
): Promise<RunningServer> {
  const chosenPort = port ?? (await findFreePort());
  // A restart passes the previous process's DATA_DIR.
  const dataDirectory = environment.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'facelift-e2e-')));
  const command =
    entry === 'built' ? ['apps/server/dist/server.js'] : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, command, {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(chosenPort),
      PUBLIC_URL: `http://127.0.0.1:${chosenPort}`,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Every browser suite signs users up from 127.0.0.1; the limits themselves are API-tested.
      AUTH_RATE_LIMIT_MAX: '1000',
      WRITE_RATE_LIMIT_MAX: '10000',
      ...environment,
      DATA_DIR: dataDirectory,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseUrl = `http://127.0.0.1:${chosenPort}`;
  await waitForHealth(baseUrl, child, () => log);
  return {
    baseUrl,
    dataDirectory,
    log: () => log,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}
