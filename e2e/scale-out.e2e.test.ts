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
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server-process.ts';

/*
 * The scale-out deployment of the README's "Deploying" section, run for real: two stateless web
 * instances (JOB_WORKERS_IN_PROCESS=false, the built server) and two job workers (the built
 * worker `npm run worker` runs) on one PostgreSQL database and one S3-compatible bucket (s3rver).
 * The provider is the fake OpenAI server answering after 1.5 s, and each worker runs one job at a
 * time: of four jobs sent at once, each worker must take some, and every job records which
 * process ran it (`job.run_by`, docs/decisions/118-job-runner.md).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const bucket = 'facelift-scale-out';
const transformationCount = 4;
const startingBalance = 5;
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface WorkerProcess {
  child: ChildProcess;
  /** What the worker records on the jobs it claims (`host:pid`). */
  identity: string;
  log: () => string;
}

/** Starts the built worker (what `npm run worker` runs after building) and waits until it takes jobs. */
async function startWorker(environment: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/worker.js'], {
    cwd: repositoryRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const deadline = Date.now() + 30_000;
  while (!log.includes('worker started')) {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, identity: `${hostname()}:${child.pid}`, log: () => log };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

interface ProjectEvent {
  type: string;
  job?: { id: string; status: string };
  item?: { id: string };
}

/** A browser-like event-stream client: keeps every `data:` event it receives. */
async function openEventStream(url: string, cookie: string) {
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
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const data = buffer
            .slice(0, boundary)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as ProjectEvent);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  return { events, close: () => controller.abort() };
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

describe.skipIf(!adminUrl)(
  adminUrl
    ? 'scale-out: two web instances and two workers on PostgreSQL and S3'
    : 'scale-out: two web instances and two workers (SKIPPED: set TEST_DATABASE_URL to run)',
  () => {
    const databaseName = `facelift_scaleout_${randomBytes(6).toString('hex')}`;
    let s3Directory = '';
    let s3: { close(): Promise<void> } | undefined;
    let s3Endpoint = '';
    const webs: RunningServer[] = [];
    const workers: WorkerProcess[] = [];
    let database: pg.Client | undefined;
    let fake: FakeOpenAiServer | undefined;

    beforeAll(async () => {
      await adminQuery(`create database ${databaseName}`);
      const databaseUrl = new URL(adminUrl as string);
      databaseUrl.pathname = `/${databaseName}`;
      s3Directory = await mkdtemp(path.join(tmpdir(), 'facelift-scale-out-s3-'));
      const s3Server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: s3Directory,
        configureBuckets: [{ name: bucket }],
      });
      const address = (await s3Server.run()) as AddressInfo;
      s3 = s3Server;
      s3Endpoint = `http://127.0.0.1:${address.port}`;
      fake = await startFakeOpenAiServer();
      fake.answerDelayMs = 1500;
      // What every process of the deployment shares (README, Deploying).
      const shared = {
        DATABASE_URL: databaseUrl.toString(),
        S3_BUCKET: bucket,
        S3_ENDPOINT: s3Endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        AUTH_SECRET: randomBytes(24).toString('hex'),
        IMAGE_ENGINE: 'openai',
        OPENAI_API_KEY: fake.apiKey,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MAX_RETRIES: '0',
        FREE_TIER_MAX_GENERATIONS: String(transformationCount + 1),
      };
      // The first instance applies the migrations; the others then start on a migrated database.
      webs.push(await startServer({ ...shared, JOB_WORKERS_IN_PROCESS: 'false' }, undefined, 'built'));
      const [secondWeb, ...startedWorkers] = await Promise.all([
        startServer({ ...shared, JOB_WORKERS_IN_PROCESS: 'false' }, undefined, 'built'),
        startWorker({
          ...shared,
          JOB_CONCURRENCY: '1',
          DATA_DIR: await mkdtemp(path.join(tmpdir(), 'facelift-worker-')),
        }),
        startWorker({
          ...shared,
          JOB_CONCURRENCY: '1',
          DATA_DIR: await mkdtemp(path.join(tmpdir(), 'facelift-worker-')),
        }),
      ]);
      webs.push(secondWeb as RunningServer);
      workers.push(...(startedWorkers as WorkerProcess[]));
      database = new pg.Client({ connectionString: databaseUrl.toString() });
      await database.connect();
    }, 90_000);

    afterAll(async () => {
      await database?.end();
      await Promise.all([
        ...workers.map((worker) => stopProcess(worker.child)),
        ...webs.map((web) => web.stop()),
      ]);
      await s3?.close();
      await fake?.close();
      if (s3Directory) await rm(s3Directory, { recursive: true, force: true });
      await adminQuery(`drop database if exists ${databaseName} with (force)`);
    }, 60_000);

    it('runs every job once, on both workers, streams events on both instances, stores files in the bucket and charges exactly', async () => {
      const [first, second] = webs as [RunningServer, RunningServer];
      const origin = (web: RunningServer) => ({ origin: web.baseUrl });

      const signUp = await expectOk(
        await fetch(`${first.baseUrl}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { ...origin(first), 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Scale',
            email: 'scale-out@example.com',
            password: 'a long password',
          }),
        }),
        'sign-up',
      );
      const cookie = signUp.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const me = async (web: RunningServer) =>
        (await (
          await expectOk(await fetch(`${web.baseUrl}/api/me`, { headers: { cookie } }), 'me')
        ).json()) as {
          id: string;
          balance: number;
        };
      // The session made on one instance is valid on the other (sessions live in the database).
      const owner = await me(second);
      expect(owner.balance).toBe(startingBalance);

      const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8b49a' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('name', 'Scale-out');
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'facade.png');
      const project = (await (
        await expectOk(
          await fetch(`${second.baseUrl}/api/projects`, {
            method: 'POST',
            headers: { ...origin(second), cookie },
            body: form,
          }),
          'upload',
        )
      ).json()) as { id: string };

      // The walls: the left half of the photo (transparent = inside, docs/product.md, Marking and selection).
      const maskPixels = Buffer.alloc(96 * 64 * 4);
      for (let pixel = 0; pixel < 96 * 64; pixel += 1) maskPixels[pixel * 4 + 3] = pixel % 96 < 48 ? 0 : 255;
      const mask = await sharp(maskPixels, { raw: { width: 96, height: 64, channels: 4 } })
        .png()
        .toBuffer();
      await expectOk(
        await fetch(`${first.baseUrl}/api/projects/${project.id}/regions/walls`, {
          method: 'PUT',
          headers: { ...origin(first), cookie, 'content-type': 'image/png' },
          body: new Uint8Array(mask),
        }),
        'save region',
      );

      const streams = await Promise.all(
        webs.map((web) => openEventStream(`${web.baseUrl}/api/projects/${project.id}/events`, cookie)),
      );
      const isDone = (events: ProjectEvent[], jobId: string) =>
        events.some(
          (event) => event.type === 'job.updated' && event.job?.id === jobId && event.job.status === 'done',
        );
      try {
        // All four at once, alternating instances: while one worker waits on the provider,
        // the other must take the next job.
        const jobIds = await Promise.all(
          Array.from({ length: transformationCount }, async (_, index) => {
            const web = webs[index % 2] as RunningServer;
            const accepted = await fetch(`${web.baseUrl}/api/projects/${project.id}/transformations`, {
              method: 'POST',
              headers: { ...origin(web), cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ directives }),
            });
            expect(accepted.status).toBe(202);
            return ((await accepted.json()) as { job: { id: string } }).job.id;
          }),
        );
        // Both instances' clients hear every job finish, whichever instance took it and whichever worker ran it.
        await waitFor(
          () => streams.every((stream) => jobIds.every((jobId) => isDone(stream.events, jobId))),
          'every job done on both streams',
          40_000,
        );

        const jobs = await (database as pg.Client).query<{
          id: string;
          status: string;
          attempts: number;
          result_id: string | null;
          run_by: string | null;
        }>(
          'select id, status, attempts, result_id, run_by from job where project_id = $1 order by created_at',
          [project.id],
        );
        expect(jobs.rows.map((job) => job.id).sort()).toEqual([...jobIds].sort());
        for (const job of jobs.rows) {
          expect(job).toMatchObject({ status: 'done', attempts: 1 });
          expect(job.result_id).not.toBeNull();
        }
        // Each job ran on a worker (never on a web instance), and each worker ran some.
        const identities = workers.map((worker) => worker.identity);
        for (const job of jobs.rows) expect(identities).toContain(job.run_by);
        for (const identity of identities) {
          expect(
            jobs.rows.filter((job) => job.run_by === identity).length,
            `jobs run by ${identity}`,
          ).toBeGreaterThanOrEqual(1);
        }
        expect(fake?.imageEdits).toHaveLength(transformationCount);
        // On the queue too: one pg-boss job per transformation, completed without a retry.
        const queued = await (database as pg.Client).query<{
          job_id: string;
          state: string;
          retry_count: number;
        }>(
          "select data->>'jobId' as job_id, state, retry_count from pgboss.job where data->>'jobId' = any($1)",
          [jobIds],
        );
        expect(queued.rows.map((row) => row.job_id).sort()).toEqual([...jobIds].sort());
        for (const row of queued.rows) expect(row).toMatchObject({ state: 'completed', retry_count: 0 });
        const history = await (database as pg.Client).query<{ id: string; result_key: string }>(
          'select id, result_key from project_history_item where project_id = $1',
          [project.id],
        );
        // Each job's result stored exactly once: one history item per job, none extra.
        expect(history.rows).toHaveLength(transformationCount);
        expect(history.rows.map((item) => item.id).sort()).toEqual(
          jobs.rows.map((job) => job.result_id).sort(),
        );
        for (const stream of streams) {
          const added = stream.events
            .filter((event) => event.type === 'history.added')
            .map((event) => event.item?.id);
          expect(added.sort()).toEqual(history.rows.map((item) => item.id).sort());
        }

        // The files are in the bucket, not on any instance's disk.
        const s3Client = new S3Client({
          endpoint: s3Endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const listed = await s3Client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: `users/${owner.id}/projects/${project.id}/` }),
        );
        s3Client.destroy();
        const keys = (listed.Contents ?? []).map((object) => object.Key);
        for (const item of history.rows) expect(keys).toContain(item.result_key);
        expect(keys.length).toBeGreaterThanOrEqual(2 + 2 * transformationCount);

        // Credits add up on either instance: one standard credit per successful job.
        const succeeded = jobs.rows.filter((job) => job.status === 'done').length;
        expect((await me(first)).balance).toBe(startingBalance - succeeded);
        expect((await me(second)).balance).toBe(startingBalance - succeeded);
      } finally {
        for (const stream of streams) stream.close();
      }
    }, 60_000);
  },
);
