import PgBoss from 'pg-boss';
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
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4 });
    this.boss.on('error', (error) => console.error('[pg-boss]', error));
  }

  private ensureStarted(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      await this.boss.createQueue(queueName);
    })();
    return this.started;
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
