import { createRequire } from 'node:module';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { postgresConnectTimeoutMs } from '../../db/connection.ts';
import type { JobHandler, JobQueue } from './job-queue.ts';

/**
 * pg-boss's SQL texts (its src/plans.js, CommonJS and untyped): the two that end a delivery.
 * An internal file: apps/server/package.json pins pg-boss to the exact version this was read
 * against (docs/decisions/262-pg-boss-settles-without-crashing.md).
 */
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

const queueName = 'transformations';
const schema = 'pgboss';

/**
 * pg-boss's connection, given to it rather than made by it. pg-boss ends each delivery it
 * handed a worker with a `complete` or `fail` that it does not await: when the database is
 * away at that moment (an outage longer than the job's own retries), the rejection reached
 * nobody and Node ended the process (docs/decisions/262-pg-boss-settles-without-crashing.md).
 * Those two statements' failures are logged here instead. The delivery stays active, as a
 * dead worker leaves it (pg-boss expires it later): the job's own row, not the delivery, says
 * whether the job ran, and the sweep sends again a job whose worker stopped
 * (docs/decisions/021-ending-jobs.md).
 */
class BossDatabase implements PgBoss.Db {
  readonly pool: pg.Pool;
  private readonly settlingStatements = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);

  constructor(connectionString: string) {
    this.pool = new pg.Pool({
      connectionString,
      max: 4,
      application_name: 'pgboss',
      connectionTimeoutMillis: postgresConnectTimeoutMs,
    });
    // Connection errors while the database is away; pg-boss keeps polling and resumes.
    this.pool.on('error', (error) => console.error('[pg-boss]', error.message));
  }

  async executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    try {
      return await this.pool.query(text, values);
    } catch (error) {
      if (!this.settlingStatements.has(text)) throw error;
      console.error('[pg-boss] a delivery was left unsettled:', (error as Error).message);
      // What pg-boss reads from the answer: no delivery settled.
      return { rows: [{ count: '0' }] };
    }
  }
}

/**
 * pg-boss on the application's PostgreSQL: jobs survive restarts and are shared by every
 * worker process (`npm run worker`) and web instance that starts workers.
 */
export class PgBossJobQueue implements JobQueue {
  readonly name = 'pg-boss';
  private readonly boss: PgBoss;
  private readonly db: BossDatabase;
  private started: Promise<void> | null = null;

  constructor(connectionString: string) {
    this.db = new BossDatabase(connectionString);
    this.boss = new PgBoss({ db: this.db, schema });
    // Connection errors while the database is away; pg-boss keeps polling and resumes.
    this.boss.on('error', (error) => console.error('[pg-boss]', error.message));
  }

  private ensureStarted(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      await this.createQueueOnce();
    })();
    return this.started;
  }

  /**
   * Processes that start together (two `npm run worker`, or web instances) race to create the
   * queue, and PostgreSQL may answer one of them with a deadlock or a duplicate key; the queue
   * then exists or is about to, so look again instead of crashing the process.
   */
  private async createQueueOnce(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(queueName);
        return;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const isRace = code === '40P01' || code === '23505';
        if (!isRace || attempt >= 5) throw error;
        if (await this.boss.getQueue(queueName)) return;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  async enqueue(jobId: string, attempt = 0): Promise<void> {
    await this.ensureStarted();
    // The key names the attempt, for reading the queue. It does not deduplicate: on a queue of
    // the default (standard) policy pg-boss keeps every send, so a job sent twice (start-up
    // sends queued jobs again) gets a spare delivery, which finds the job claimed and does
    // nothing (claimJob is a conditional update).
    await this.boss.send(queueName, { jobId }, { singletonKey: `${jobId}#${attempt}`, retryLimit: 0 });
  }

  async takeOrphans(jobIds: string[], staleBefore: Date): Promise<string[]> {
    if (jobIds.length === 0) return [];
    await this.ensureStarted();
    const { db } = this;
    // The deliveries that may still run each job: waiting, or taken recently by a live worker.
    const { rows } = await db.executeSql(
      `select id, data->>'jobId' as "jobId", (state = 'active' and started_on < $3) as "isStalled"
         from ${schema}.job
        where name = $1 and data->>'jobId' = any($2::text[]) and state in ('created', 'retry', 'active')`,
      [queueName, jobIds, staleBefore],
    );
    const live = new Set<string>();
    const stalled: { id: string; jobId: string }[] = [];
    for (const row of rows as { id: string; jobId: string; isStalled: boolean }[]) {
      if (row.isStalled) stalled.push(row);
      else live.add(row.jobId);
    }
    const orphans = new Set(
      jobIds.filter((jobId) => !live.has(jobId) && !stalled.some((row) => row.jobId === jobId)),
    );
    const toEnd = stalled.filter((row) => !live.has(row.jobId));
    if (toEnd.length > 0) {
      // The dead worker's delivery is ended by one conditional update: the instance whose update
      // ended it sends the job again, so two sweeps at once do not both send it.
      const ended = await db.executeSql(
        `update ${schema}.job set state = 'failed', completed_on = now(),
                output = jsonb_build_object('message', 'the worker stopped before starting the job')
          where name = $1 and id = any($2::uuid[]) and state = 'active'
          returning data->>'jobId' as "jobId"`,
        [queueName, toEnd.map((row) => row.id)],
      );
      for (const row of ended.rows as { jobId: string }[]) orphans.add(row.jobId);
    }
    return [...orphans];
  }

  async startWorkers(handler: JobHandler, concurrency: number): Promise<void> {
    await this.ensureStarted();
    await this.boss.work<{ jobId: string }>(
      queueName,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await handler(job.data.jobId);
      },
    );
    for (let extra = 1; extra < concurrency; extra += 1) {
      await this.boss.work<{ jobId: string }>(
        queueName,
        { batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (job) await handler(job.data.jobId);
        },
      );
    }
  }

  async stop(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    // pg-boss ends only a pool it made itself.
    if (!this.db.pool.ending) await this.db.pool.end();
  }
}
