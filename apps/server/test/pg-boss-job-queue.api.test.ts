import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresConnectTimeoutMs } from '../src/db/connection.ts';
import { PgBossJobQueue } from '../src/integrations/job-queue/pg-boss-job-queue.ts';
import { startTcpProxy } from './support/tcp-proxy.ts';
import { createPostgresTestDatabase, testDialects } from './support/test-databases.ts';

const postgres = testDialects.find((entry) => entry.dialect === 'postgres');

describe.runIf(postgres?.isAvailable)(`pg-boss job queue ${postgres?.title ?? ''}`, () => {
  it('lets processes that start together on a fresh database all create the queue and enqueue', async () => {
    const testDatabase = await createPostgresTestDatabase();
    const url = testDatabase.database.dialect === 'postgres' ? testDatabase.database.url : '';
    // Without the retry, PostgreSQL answered some of these with "deadlock detected" and the
    // worker process crashed at start (found by the scale-out test).
    const queues = Array.from({ length: 4 }, () => new PgBossJobQueue(url));
    try {
      const results = await Promise.allSettled(queues.map((queue, index) => queue.enqueue(`job-${index}`)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await testDatabase.dispose();
    }
  }, 60_000);

  it('keeps the process alive when a delivery cannot be settled because the database is away', async () => {
    const testDatabase = await createPostgresTestDatabase();
    const url = testDatabase.database.dialect === 'postgres' ? testDatabase.database.url : '';
    const direct = new URL(url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const queue = new PgBossJobQueue(proxied.toString());
    // pg-boss ends each delivery with a `complete` (or a `fail`) it does not await: a rejection
    // nobody handles ends a Node process (docs/decisions/262-pg-boss-settles-without-crashing.md).
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const started = new Set<string>();
      await queue.startWorkers(async (jobId) => {
        started.add(jobId);
        await released;
        if (jobId === 'fails') throw new Error('the job failed');
      }, 2);
      await queue.enqueue('succeeds');
      await queue.enqueue('fails');
      for (let waited = 0; started.size < 2 && waited < 100; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(started.size).toBe(2);
      // Both handlers end while the line is cut: pg-boss's settling statements wait out the
      // connect timeout and fail.
      proxy.cut();
      release();
      await new Promise((resolve) => setTimeout(resolve, postgresConnectTimeoutMs + 1500));
      expect(unhandled).toEqual([]);
      proxy.restore();
      // The deliveries were left active, as a dead worker leaves them; the jobs' own rows say
      // whether they ran (docs/decisions/021-ending-jobs.md).
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ state: string }>(
          "select state from pgboss.job where name = 'transformations' order by state",
        );
        expect(rows.map((row) => row.state)).toEqual(['active', 'active']);
      } finally {
        await client.end();
      }
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await queue.stop();
      await proxy.close();
      await testDatabase.dispose();
    }
  }, 60_000);
});
