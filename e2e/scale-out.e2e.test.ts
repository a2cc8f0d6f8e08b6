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
 * The scale-out deployment of the README's "Deploying" section, run for real: two stateless web
 * instances (JOB_WORKERS_IN_PROCESS=false, the built server) and two job workers (the built
 * worker `npm run worker` runs) on one PostgreSQL database and one S3-compatible bucket (s3rver).
 * The provider is the fake OpenAI server answering after 1.5 s, and each worker runs one job at a
 * time: of four jobs sent at once, each worker must take some, and every job records which
 * process ran it (`job.run_by`, docs/decisions/118-job-runner.md).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const transformationCount = 4;
const startingBalance = 5;
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

describe.skipIf(!adminUrl)(
  adminUrl
    ? 'scale-out: two web instances and two workers on PostgreSQL and S3'
    : 'scale-out: two web instances and two workers (SKIPPED: set TEST_DATABASE_URL to run)',
  () => {
    let backends: Backends;
    const webs: RunningServer[] = [];
    const workers: WorkerProcess[] = [];
    let database: pg.Client | undefined;

    beforeAll(async () => {
      backends = await startBackends(adminUrl as string, 'scale_out');
      backends.fake.answerDelayMs = 1500;
      // What every process of the deployment shares (README, Deploying).
      const shared = { ...backends.shared, FREE_TIER_MAX_GENERATIONS: String(transformationCount + 1) };
      // The first instance applies the migrations; the others then start on a migrated database.
      webs.push(await startServer({ ...shared, JOB_WORKERS_IN_PROCESS: 'false' }, undefined, 'built'));
      const [secondWeb, ...startedWorkers] = await Promise.all([
        startServer({ ...shared, JOB_WORKERS_IN_PROCESS: 'false' }, undefined, 'built'),
        startWorker({ ...shared, JOB_CONCURRENCY: '1' }),
        startWorker({ ...shared, JOB_CONCURRENCY: '1' }),
      ]);
      webs.push(secondWeb as RunningServer);
      workers.push(...(startedWorkers as WorkerProcess[]));
      database = new pg.Client({ connectionString: backends.databaseUrl });
      await database.connect();
    }, 90_000);

    afterAll(async () => {
      await database?.end();
      await Promise.all([
        ...workers.map((worker) => stopProcess(worker.child)),
        ...webs.map((web) => web.stop()),
      ]);
      await backends?.close();
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
          () => streams.every((stream) => jobIds.every((jobId) => stream.isDone(jobId))),
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
        expect(backends.fake.imageEdits).toHaveLength(transformationCount);
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
        const keys = await backends.listBucket(`users/${owner.id}/projects/${project.id}/`);
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
