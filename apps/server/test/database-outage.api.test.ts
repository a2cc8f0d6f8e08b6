import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresConnectTimeoutMs } from '../src/db/connection.ts';
import { listenerApplicationName } from '../src/integrations/project-events/postgres-project-event-bus.ts';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { openEventStream } from './support/sse-client.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPostgresTestDatabase, type TestDatabase, testDialects } from './support/test-databases.ts';

/*
 * The database unavailable for a while (issue 19, faults): the app reaches PostgreSQL through a
 * TCP proxy that the test cuts (open connections dropped, new ones unanswered) for
 * FAULT_DB_OUTAGE_MS (10 s by default) and then restores. Meanwhile health says so and requests
 * fail with the catalogue's message; afterwards everything works again without a restart: the
 * pool reconnects, pg-boss takes jobs again and LISTEN/NOTIFY carries events to open streams.
 */
const outageMs = Number(process.env.FAULT_DB_OUTAGE_MS ?? 10_000);
const postgres = testDialects.find((entry) => entry.dialect === 'postgres');
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };
const unavailable = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a moment.',
};

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!postgres?.isAvailable)(`the database unavailable for a while ${postgres?.title}`, () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let fake: FakeOpenAiServer;
  let testApp: TestApp;
  let baseUrl = '';

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    if (database.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    const direct = new URL(database.database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    fake = await startFakeOpenAiServer();
    testApp = await createTestApp('sqlite', {
      DATABASE_URL: proxied.toString(),
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      FREE_TIER_MAX_GENERATIONS: '10',
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    proxy?.restore();
    await testApp?.close();
    await proxy?.close();
    await fake?.close();
    await database?.dispose();
  }, 60_000);

  it(
    'says so on /api/health, refuses requests with a clear message, and recovers by itself',
    async () => {
      const { app } = testApp;
      const { cookie } = await signUp(app, { email: 'outage@example.com', password: 'a long password' });
      const project = await createProject(app, cookie, 'Outage', await solidPng(48, 32));
      const stream = await openEventStream(`${baseUrl}/api/projects/${project.id}/events`, cookie);
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
      const transform = () =>
        app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/transformations`,
          headers: sameOriginHeaders(app, cookie),
          payload: { directives, useElementRegions: false },
        });
      const isDone = (jobId: string) => (event: { type: string; job?: { id: string; status: string } }) =>
        event.type === 'job.updated' && event.job?.id === jobId && event.job.status === 'done';
      try {
        const before = await transform();
        expect(before.statusCode).toBe(202);
        await stream.next(isDone(before.json().job.id), 20_000);
        expect((await get('/api/me')).json().balance).toBe(4);
        // A job in flight: its provider answers 3 s into the cut, when its result cannot be recorded.
        fake.answerDelayMs = 3000;
        const inFlight = (await transform()).json().job.id as string;
        await waitFor(
          async () => (await get(`/api/jobs/${inFlight}`)).json().status === 'running',
          'a job running',
        );

        proxy.cut();
        const cutAt = Date.now();
        const healthTimes: number[] = [];
        const seen = new Map<string, number>();
        const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
        const requestTimes: number[] = [];
        while (Date.now() - cutAt < outageMs - 1000) {
          const timed = async <T>(work: () => Promise<T>, times: number[]) => {
            const started = Date.now();
            const result = await work();
            times.push(Date.now() - started);
            return result;
          };
          const [health, ...responses] = await Promise.all([
            timed(() => get('/api/health'), healthTimes),
            timed(() => get(`/api/projects/${project.id}`), requestTimes),
            timed(() => transform(), requestTimes),
            timed(
              () =>
                app.inject({
                  method: 'POST',
                  url: '/api/auth/sign-in/email',
                  headers: sameOriginHeaders(app),
                  payload: { email: 'outage@example.com', password: 'a long password' },
                }),
              requestTimes,
            ),
          ]);
          note(`health ${health.statusCode}`);
          if (health.statusCode !== 200) {
            expect(health.statusCode).toBe(503);
            expect(health.json()).toMatchObject({
              status: 'degraded',
              database: { dialect: 'postgres', reachable: false },
              reason: 'The database is not answering.',
            });
          }
          for (const [index, response] of responses.entries()) {
            note(`request ${response.statusCode}`);
            if (response.statusCode === 500) throw new Error(`request ${index}: 500 ${response.body}`);
            // Nothing leaks: during the outage a request either succeeds (a cached answer) or
            // gets the catalogue's message; never a 500, never a signed-out 401.
            if (response.statusCode >= 400) {
              expect(response.statusCode).toBe(503);
              expect(response.json().error).toMatchObject(unavailable);
            }
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(seen.get('health 503')).toBeGreaterThan(0);
        expect(seen.get('request 503')).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + outageMs - Date.now())));
        // The line comes back just after the event bus's LISTEN reconnect went into the black
        // hole: the worst case for live events, and the one a CI run under load met by chance
        // (docs/decisions/259-outage-test-waits-for-listen.md).
        let giveUp: NodeJS.Timeout | undefined;
        await Promise.race([
          proxy.nextHeld(listenerApplicationName),
          new Promise((_resolve, reject) => {
            giveUp = setTimeout(
              () => reject(new Error('no LISTEN reconnect attempt during the cut')),
              20_000,
            );
          }),
        ]).finally(() => clearTimeout(giveUp));
        fake.answerDelayMs = 0;
        const sinceRestore = stream.received();
        proxy.restore();
        const restoredAt = Date.now();
        // The stream opened before the outage is told to refetch once LISTEN is back, within the
        // bus's reconnect delay of the restore: its next attempt does not wait for the one lost
        // in the black hole (docs/decisions/260-listen-reconnect-overlaps.md).
        const listening = stream
          .next((event) => event.type === 'project.changed', 30_000, sinceRestore)
          .then(() => Date.now() - restoredAt);
        listening.catch(() => undefined);

        await waitFor(async () => (await get('/api/health')).statusCode === 200, 'health back');
        const healthyAfterMs = Date.now() - restoredAt;
        expect((await get(`/api/projects/${project.id}`)).statusCode).toBe(200);
        const after = await transform();
        expect(after.statusCode).toBe(202);
        // A job sent once the database is back does not hang: pg-boss takes it, whether or not
        // LISTEN is back yet (its events may then be lost; the refetch below covers them).
        await waitFor(
          async () => (await get(`/api/jobs/${after.json().job.id}`)).json().status === 'done',
          'the job sent after the restore done',
        );
        const recoveredAfterMs = Date.now() - restoredAt;
        const listeningAfterMs = await listening;
        expect(listeningAfterMs).toBeLessThan(postgresConnectTimeoutMs);
        // The stream carries events again.
        const renamed = await app.inject({
          method: 'PATCH',
          url: `/api/projects/${project.id}`,
          headers: sameOriginHeaders(app, cookie),
          payload: { name: 'Outage (after)' },
        });
        expect(renamed.statusCode).toBe(200);
        await stream.next((event) => event.type === 'project.renamed', 10_000, sinceRestore);
        // The job cut off mid-run is noticed by the sweep (its heartbeat stopped) and run again.
        await waitFor(
          async () => (await get(`/api/jobs/${inFlight}`)).json().status === 'done',
          'the job cut off by the outage settled',
          60_000,
        );
        const inFlightSettledMs = Date.now() - restoredAt;

        // Credits add up: three jobs done, each charged once, nothing held, nothing lost by the
        // refused requests.
        expect((await get('/api/me')).json().balance).toBe(2);
        const direct = new pg.Client({ connectionString: (database.database as { url: string }).url });
        await direct.connect();
        try {
          const jobs = await direct.query<{ id: string; status: string; attempts: number }>(
            'select id, status, attempts from job',
          );
          expect(jobs.rows.map((job) => job.status)).toEqual(['done', 'done', 'done']);
          expect(jobs.rows.find((job) => job.id === inFlight)?.attempts).toBe(2);
          const history = await direct.query('select id from project_history_item');
          expect(history.rows).toHaveLength(3);
          const held = await direct.query("select job_id from credit_reservation where status = 'reserved'");
          expect(held.rows).toEqual([]);
        } finally {
          await direct.end();
        }
        healthTimes.sort((a, b) => a - b);
        console.log(
          `[database outage] cut for ${restoredAt - cutAt} ms: ${[...seen].map(([what, count]) => `${what} ×${count}`).join(', ')}; ` +
            `health answered in ≤ ${healthTimes.at(-1)} ms, refused requests in ≤ ${Math.max(...requestTimes)} ms; healthy ${healthyAfterMs} ms after restore, ` +
            `a new job done ${recoveredAfterMs} ms after, the stream listening again ${listeningAfterMs} ms after, the job cut off mid-run done (2nd attempt) ${inFlightSettledMs} ms after`,
        );
      } finally {
        stream.close();
      }
    },
    outageMs + 120_000,
  );
});

describe('the SQLite file locked by another process', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { IMAGE_ENGINE: 'local', JOB_WORKERS_IN_PROCESS: 'false' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses writes with the catalogue message once the busy timeout passes, keeps reads, and recovers', async () => {
    const { app } = testApp;
    const { cookie } = await signUp(app, { email: 'locked@example.com', password: 'a long password' });
    const project = await createProject(app, cookie, 'Locked', await solidPng(48, 32));
    const transform = () =>
      app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/transformations`,
        headers: sameOriginHeaders(app, cookie),
        payload: { directives, useElementRegions: false },
      });
    // Another process (a backup tool, a stray sqlite3 shell) holds the write lock.
    const other = new Database(path.join(testApp.dataDirectory, 'app.db'));
    other.exec('begin exclusive');
    try {
      const refused = await transform();
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error).toMatchObject(unavailable);
      // WAL: reads go on while writes wait.
      expect(
        (await app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } }))
          .statusCode,
      ).toBe(200);
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await transform()).statusCode).toBe(202);
    // The refused request held nothing: one job, one credit held.
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().balance).toBe(4);
  }, 30_000);
});
