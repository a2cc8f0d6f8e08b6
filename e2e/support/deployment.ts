import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/*
 * What the scale-out suites share: the backing services of the README's "Deploying" section
 * (one PostgreSQL database, one S3-compatible bucket, the provider) and the built worker
 * process. The web instances come from ./server-process.ts.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Backends {
  /** The fresh database every process of the deployment shares. */
  databaseUrl: string;
  bucket: string;
  s3Endpoint: string;
  fake: FakeOpenAiServer;
  /** The environment every web instance and worker gets (README, Deploying). */
  shared: Record<string, string>;
  /** Keys in the bucket under a prefix, sorted. */
  listBucket(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A fresh database next to `adminUrl`, an s3rver bucket and the fake OpenAI server. */
export async function startBackends(adminUrl: string, name: string): Promise<Backends> {
  const databaseName = `facelift_${name}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${databaseName}"`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;
  const bucket = `facelift-${name.replaceAll('_', '-')}`;
  const s3Directory = await mkdtemp(path.join(tmpdir(), `facelift-${name}-s3-`));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: bucket }],
  });
  const s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  const fake = await startFakeOpenAiServer();
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    databaseUrl: databaseUrl.toString(),
    bucket,
    s3Endpoint,
    fake,
    shared: {
      DATABASE_URL: databaseUrl.toString(),
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      AUTH_SECRET: randomBytes(24).toString('hex'),
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
    },
    async listBucket(prefix) {
      const client = new S3Client({
        endpoint: s3Endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials,
      });
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
        return (listed.Contents ?? []).map((object) => object.Key as string).sort();
      } finally {
        client.destroy();
      }
    },
    async close() {
      await s3.close();
      await fake.close();
      await rm(s3Directory, { recursive: true, force: true });
      await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  /** What the worker records on the jobs it claims (`host:pid`, docs/decisions/118-job-runner.md). */
  identity: string;
  log: () => string;
}

/** Starts the built worker (what `npm run worker` runs after building) and waits until it takes jobs. */
export async function startWorker(environment: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/worker.js'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'facelift-worker-')),
      ...environment,
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
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${log}`);
      return log.includes('worker started');
    },
    'the worker to start',
    60_000,
  );
  return { child, identity: `${hostname()}:${child.pid}`, log: () => log };
}

/** SIGTERM (SIGKILL after 10 s), or SIGKILL at once; resolves once the process has exited. */
export async function stopProcess(
  child: ChildProcess,
  signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM',
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface ProjectEvent {
  type: string;
  job?: { id: string; status: string };
  item?: { id: string };
}

/** A browser-like event-stream client: keeps every `data:` event it receives. */
export async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', cookie },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  const events: ProjectEvent[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let boundary = buffer.indexOf('\n\n'); boundary >= 0; boundary = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, boundary)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(boundary + 2);
          if (data) events.push(JSON.parse(data) as ProjectEvent);
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  const isDone = (jobId: string) =>
    events.some(
      (event) => event.type === 'job.updated' && event.job?.id === jobId && event.job.status === 'done',
    );
  return { events, isDone, close: () => controller.abort() };
}
