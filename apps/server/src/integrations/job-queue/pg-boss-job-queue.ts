import PgBoss from 'pg-boss';
import { postgresConnectTimeoutMs } from '../../db/connection.ts';
import type { JobHandler, JobQueue } from './job-queue.ts';

const queueName = 'transformations';

/**
 * pg-boss on the application's PostgreSQL: jobs survive restarts and are shared by every
 * worker process (`npm run worker`) and web instance that starts workers.
 */
export class PgBossJobQueue implements JobQueue {
  readonly name = 'pg-boss';
  private readonly boss: PgBoss;
  private started: Promise<void> | null = null;

  constructor(connectionString: string) {
    // pg-boss hands its options to pg's Pool, whose connect timeout its typings do not list.
    const options: PgBoss.ConstructorOptions & { connectionTimeoutMillis: number } = {
      connectionString,
      schema: 'pgboss',
      max: 4,
      connectionTimeoutMillis: postgresConnectTimeoutMs,
    };
    this.boss = new PgBoss(options);
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
    // singletonKey: enqueuing the same attempt twice (e.g. after a restart) delivers it once; a
    // retry after a dead worker is a new attempt, so it is not held back by the dead delivery.
    await this.boss.send(queueName, { jobId }, { singletonKey: `${jobId}#${attempt}`, retryLimit: 0 });
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
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}
