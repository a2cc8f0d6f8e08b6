import { describe, expect, it } from 'vitest';
import { PgBossJobQueue } from '../src/integrations/job-queue/pg-boss-job-queue.ts';
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
});
