import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
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
 * kill -9 of a job worker in the scale-out deployment (README, Deploying; issue 19, faults):
 * two web instances and two workers on one PostgreSQL database and an s3rver bucket. Worker A
 * takes two jobs whose provider calls never answer and is killed; worker B runs the other two,
 * and once A's heartbeats are 30 s old a sweep sends A's jobs again and B completes them
 * (docs/decisions/021-ending-jobs.md). Every job done once, credits charged once per job,
 * the bucket holding exactly the results the rows name.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const repositoryRoot = path.resolve(import.meta.dirname, '..');
const bucket = 'facelift-scale-out-kill';
const jobCount = 4;
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

/** The built worker (`npm run worker`), once it takes jobs. */
async function startWorker(environment: Record<string, string>): Promise<ChildProcess> {
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
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Keeps every `job.updated` event a browser's stream receives. */
async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', cookie },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
  const done = new Set<string>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += value;
        for (let boundary = buffer.indexOf('\n\n'); boundary >= 0; boundary = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, boundary)
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          buffer = buffer.slice(boundary + 2);
          if (!data) continue;
          const event = JSON.parse(data) as { type: string; job?: { id: string; status: string } };
          if (event.type === 'job.updated' && event.job?.status === 'done') done.add(event.job.id);
        }
      }
    } catch {
      // aborted at the end of the test
    }
  })();
  return { done, close: () => controller.abort() };
}

describe.skipIf(!adminUrl)(
  adminUrl
    ? 'scale-out: kill -9 of a worker during running jobs'
    : 'scale-out: kill -9 of a worker (SKIPPED: set TEST_DATABASE_URL to run)',
  () => {
    const databaseName = `${new URL(adminUrl ?? 'postgres://x/facelift').pathname.slice(1)}_kill_${randomBytes(5).toString('hex')}`;
    let s3Directory = '';
    let s3: { close(): Promise<void> } | undefined;
    let s3Endpoint = '';
    let fake: FakeOpenAiServer;
    let shared: Record<string, string> = {};
    const webs: RunningServer[] = [];
    const workers: ChildProcess[] = [];
    let database: pg.Client | undefined;

    beforeAll(async () => {
      await adminQuery(`create database "${databaseName}"`);
      const databaseUrl = new URL(adminUrl as string);
      databaseUrl.pathname = `/${databaseName}`;
      s3Directory = await mkdtemp(path.join(tmpdir(), 'facelift-kill-s3-'));
      const s3Server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: s3Directory,
        configureBuckets: [{ name: bucket }],
      });
      s3Endpoint = `http://127.0.0.1:${((await s3Server.run()) as AddressInfo).port}`;
      s3 = s3Server;
      fake = await startFakeOpenAiServer();
      shared = {
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
        JOB_CONCURRENCY: '2',
        FREE_TIER_MAX_GENERATIONS: String(jobCount + 1),
      };
      webs.push(await startServer({ ...shared, JOB_WORKERS_IN_PROCESS: 'false' }, undefined, 'built'));
      const [secondWeb, workerA] = await Promise.all([
        startServer({ ...shared, JOB_WORKERS_IN_PROCESS: 'false' }, undefined, 'built'),
        startWorker(shared),
      ]);
      webs.push(secondWeb);
      workers.push(workerA);
      database = new pg.Client({ connectionString: databaseUrl.toString() });
      await database.connect();
    }, 150_000);

    afterAll(async () => {
      await database?.end();
      await Promise.all([
        ...workers.map((worker) => kill(worker, 'SIGTERM')),
        ...webs.map((web) => web.stop()),
      ]);
      await s3?.close();
      await fake?.close();
      if (s3Directory) await rm(s3Directory, { recursive: true, force: true });
      await adminQuery(`drop database if exists "${databaseName}" with (force)`);
    }, 60_000);

    it('has the dead worker’s jobs completed by the other, each once, with credits and files adding up', async () => {
      const [first, second] = webs as [RunningServer, RunningServer];
      const db = database as pg.Client;
      const signUp = await fetch(`${first.baseUrl}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: first.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kill', email: 'kill-worker@example.com', password: 'a long password' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const me = async (web: RunningServer) =>
        (await (await fetch(`${web.baseUrl}/api/me`, { headers: { cookie } })).json()) as {
          id: string;
          balance: number;
        };
      const owner = await me(second);
      const startingBalance = owner.balance;
      const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8b49a' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('name', 'Kill');
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'facade.png');
      const project = (await (
        await fetch(`${second.baseUrl}/api/projects`, {
          method: 'POST',
          headers: { origin: second.baseUrl, cookie },
          body: form,
        })
      ).json()) as { id: string };
      const streams = await Promise.all(
        webs.map((web) => openEventStream(`${web.baseUrl}/api/projects/${project.id}/events`, cookie)),
      );
      try {
        // Worker A (concurrency 2) takes the first two; the provider never answers them.
        fake.failNext('hang', 2);
        const jobIds: string[] = [];
        for (let index = 0; index < jobCount; index += 1) {
          const web = webs[index % 2] as RunningServer;
          const accepted = await fetch(`${web.baseUrl}/api/projects/${project.id}/transformations`, {
            method: 'POST',
            headers: { origin: web.baseUrl, cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ directives }),
          });
          expect(accepted.status).toBe(202);
          jobIds.push(((await accepted.json()) as { job: { id: string } }).job.id);
        }
        const statuses = async () =>
          (
            await db.query<{ id: string; status: string; attempts: number }>(
              'select id, status, attempts from job where project_id = $1',
              [project.id],
            )
          ).rows;
        await waitFor(
          async () =>
            fake.requestLog.length === 2 &&
            (await statuses()).filter((job) => job.status === 'running').length === 2,
          'worker A running two jobs',
        );
        const heldByA = (await statuses()).filter((job) => job.status === 'running').map((job) => job.id);

        // Worker B joins and runs the two still queued; then A dies mid-job.
        workers.push(await startWorker(shared));
        await (workers[0] && kill(workers[0], 'SIGKILL'));
        const killedAt = Date.now();
        await waitFor(
          async () => (await statuses()).every((job) => job.status === 'done' || job.status === 'failed'),
          'every job settled',
          75_000,
        );
        const settledMs = Date.now() - killedAt;

        const jobs = await statuses();
        for (const job of jobs) {
          expect(job).toMatchObject({ status: 'done', attempts: heldByA.includes(job.id) ? 2 : 1 });
        }
        // Each stored once: one history item per job, its result and thumbnail in the bucket, nothing more.
        const history = await db.query<{ result_key: string; result_thumbnail_key: string }>(
          'select result_key, result_thumbnail_key from project_history_item where project_id = $1',
          [project.id],
        );
        expect(history.rows).toHaveLength(jobCount);
        const s3Client = new S3Client({
          endpoint: s3Endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const listed = await s3Client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `users/${owner.id}/projects/${project.id}/generated/`,
          }),
        );
        s3Client.destroy();
        expect((listed.Contents ?? []).map((object) => object.Key).sort()).toEqual(
          history.rows.flatMap((item) => [item.result_key, item.result_thumbnail_key]).sort(),
        );
        // Credits: one per job, charged once; nothing held.
        expect((await me(first)).balance).toBe(startingBalance - jobCount);
        const held = await db.query("select job_id from credit_reservation where status = 'reserved'");
        expect(held.rows).toEqual([]);
        // Both instances' clients heard every job finish.
        await waitFor(
          () => streams.every((stream) => jobIds.every((id) => stream.done.has(id))),
          'done events',
        );
        console.log(
          `[kill -9 worker, scale-out] ${jobCount} jobs, 2 running on the killed worker: all done once ` +
            `(the 2 cut off on their 2nd attempt, by the other worker), settled ${settledMs} ms after the kill; ` +
            `balance ${startingBalance} → ${startingBalance - jobCount}; ${history.rows.length * 2} result files in the bucket`,
        );
      } finally {
        for (const stream of streams) stream.close();
      }
    }, 150_000);
  },
);
