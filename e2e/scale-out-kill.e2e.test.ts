import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Backends,
  openEventStream,
  startBackends,
  startWorker,
  stopProcess,
  type WorkerProcess,
  waitFor,
} from './support/deployment.ts';
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
const jobCount = 4;
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

describe.skipIf(!adminUrl)(
  adminUrl
    ? 'scale-out: kill -9 of a worker during running jobs'
    : 'scale-out: kill -9 of a worker (SKIPPED: set TEST_DATABASE_URL to run)',
  () => {
    let backends: Backends;
    let shared: Record<string, string> = {};
    const webs: RunningServer[] = [];
    const workers: WorkerProcess[] = [];
    let database: pg.Client | undefined;

    beforeAll(async () => {
      backends = await startBackends(adminUrl as string, 'kill');
      shared = {
        ...backends.shared,
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
      database = new pg.Client({ connectionString: backends.databaseUrl });
      await database.connect();
    }, 150_000);

    afterAll(async () => {
      await database?.end();
      await Promise.all([
        ...workers.map((worker) => stopProcess(worker.child)),
        ...webs.map((web) => web.stop()),
      ]);
      await backends?.close();
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
        backends.fake.failNext('hang', 2);
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
            backends.fake.requestLog.length === 2 &&
            (await statuses()).filter((job) => job.status === 'running').length === 2,
          'worker A running two jobs',
        );
        const heldByA = (await statuses()).filter((job) => job.status === 'running').map((job) => job.id);

        // Worker B joins and runs the two still queued; then A dies mid-job.
        workers.push(await startWorker(shared));
        await (workers[0] && stopProcess(workers[0].child, 'SIGKILL'));
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
        expect(await backends.listBucket(`users/${owner.id}/projects/${project.id}/generated/`)).toEqual(
          history.rows.flatMap((item) => [item.result_key, item.result_thumbnail_key]).sort(),
        );
        // Credits: one per job, charged once; nothing held.
        expect((await me(first)).balance).toBe(startingBalance - jobCount);
        const held = await db.query("select job_id from credit_reservation where status = 'reserved'");
        expect(held.rows).toEqual([]);
        // Both instances' clients heard every job finish.
        await waitFor(
          () => streams.every((stream) => jobIds.every((id) => stream.isDone(id))),
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
