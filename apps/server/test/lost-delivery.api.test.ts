import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

/*
 * A queued job whose delivery is lost (docs/decisions/021-ending-jobs.md): a worker took it
 * from pg-boss and died before starting it, or the process that wrote the row died before
 * sending it. The row stays `queued`, no heartbeat to go stale; the sweep must send it again.
 */
const postgres = testDialects.find((entry) => entry.dialect === 'postgres');
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

describe.skipIf(!postgres?.isAvailable)(`a queued job whose delivery was lost ${postgres?.title}`, () => {
  let fake: FakeOpenAiServer;
  let web: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    web = await createTestApp('postgres', {
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      JOB_WORKERS_IN_PROCESS: 'false',
      FREE_TIER_MAX_GENERATIONS: '10',
    });
  });
  afterAll(async () => {
    await web?.close();
    await fake?.close();
  });

  it('is sent again by the sweep, once, and runs to the end', async () => {
    const { app } = web;
    if (web.config.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    const { cookie } = await signUp(app, { email: 'lost@example.com', password: 'a long password' });
    const project = await createProject(app, cookie, 'Lost', await solidPng(48, 32));
    const transform = async () =>
      (
        await app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/transformations`,
          headers: sameOriginHeaders(app, cookie),
          payload: { directives, useElementRegions: false },
        })
      ).json().job.id as string;
    const taken = await transform();
    const neverSent = await transform();

    // A real pg-boss consumer takes the first delivery and stops without running it: a worker
    // that died between pick-up and start.
    const deadWorker = new PgBoss({ connectionString: web.config.database.url, schema: 'pgboss' });
    deadWorker.on('error', () => undefined);
    await deadWorker.start();
    const fetched = await deadWorker.fetch<{ jobId: string }>('transformations', { batchSize: 1 });
    await deadWorker.stop({ graceful: false, wait: true });
    expect(fetched.map((delivery) => delivery.data.jobId)).toEqual([taken]);
    // The second was written but never sent (its process died in between).
    await sql`delete from pgboss.job where data->>'jobId' = ${neverSent}`.execute(app.db);
    // Both happened over a minute ago: past the 30 s after which a worker counts as dead.
    const minuteAgo = new Date(Date.now() - 60_000);
    await sql`update pgboss.job set started_on = ${minuteAgo} where data->>'jobId' = ${taken}`.execute(
      app.db,
    );
    await app.db
      .updateTable('job')
      .set({ created_at: minuteAgo })
      .where('id', 'in', [taken, neverSent])
      .execute();
    const statusOf = async (jobId: string) =>
      (await app.db.selectFrom('job').select('status').where('id', '=', jobId).executeTakeFirstOrThrow())
        .status;
    expect([await statusOf(taken), await statusOf(neverSent)]).toEqual(['queued', 'queued']);

    expect(await app.services.jobs.recoverInterruptedJobs({ isStartup: false })).toMatchObject({
      requeued: 2,
    });
    // A second sweep (another instance, a moment later) finds nothing left to send.
    expect(await app.services.jobs.recoverInterruptedJobs({ isStartup: false })).toMatchObject({
      requeued: 0,
    });

    await app.services.jobs.start({ runWorkers: true, concurrency: 1, sweepEveryMs: 60_000 });
    for (const jobId of [taken, neverSent]) {
      for (let waited = 0; (await statusOf(jobId)) !== 'done'; waited += 100) {
        if (waited > 20_000) throw new Error(`job ${jobId} is ${await statusOf(jobId)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().balance).toBe(3);
    // The dead worker's delivery was ended; each job ran once, on its first attempt (start-up
    // also sends queued jobs again: such spare deliveries find the job taken and do nothing).
    const deliveries = await sql<{ state: string }>`
      select state from pgboss.job where data->>'jobId' = ${taken} and state = 'failed'`.execute(app.db);
    expect(deliveries.rows).toHaveLength(1);
    const attempts = await app.db
      .selectFrom('job')
      .select('attempts')
      .where('id', 'in', [taken, neverSent])
      .execute();
    expect(attempts).toEqual([{ attempts: 1 }, { attempts: 1 }]);
    expect(fake.imageEdits).toHaveLength(2);
  }, 60_000);
});
