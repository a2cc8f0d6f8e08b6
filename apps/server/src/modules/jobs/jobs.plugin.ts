import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createImageEngine } from '../../engines/image-engine.factory.ts';
import { createJobQueue } from '../../integrations/job-queue/job-queue.factory.ts';
import { CreditsService } from '../credits/credits.service.ts';
import { transformationsRoutes } from '../transformations/transformations.routes.ts';
import { JobsService } from './jobs.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobsService;
  }
}

/**
 * The job pipeline: the configured image engine, the queue (in-process on SQLite, pg-boss on
 * PostgreSQL), the workers of this process, restart recovery, and the transformation routes.
 */
/**
 * A job is judged interrupted after 3 missed heartbeats and every instance looks every 15 s,
 * so a dead worker's job is settled within 45 s (docs/decisions/021-ending-jobs.md).
 */
const recoveryTiming = { heartbeatMs: 10_000, staleAfterMs: 30_000, sweepEveryMs: 15_000 };

export const jobsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    let sweep: NodeJS.Timeout | undefined;
    const queue = createJobQueue(config.database);
    const jobs = new JobsService({
      db: app.db,
      dialect: app.dialect,
      engine: createImageEngine(config.imageEngine),
      queue,
      credits: new CreditsService(app.db, app.dialect),
      projects: app.projects,
      log: app.log,
      settings: {
        costs: { options: config.credits.costs.standard, inpainting: config.credits.costs.inpainting },
        timeoutMs: config.jobs.timeoutMs,
        maxAttempts: config.jobs.maxAttempts,
        freeTierGenerationLimit: config.credits.freeTier.maxGenerations,
      },
      recovery: { ...recoveryTiming, isSoleWorker: queue.name === 'memory' },
    });
    app.decorate('jobs', jobs);
    app.projects.onProjectDeleting(async (_userId, projectId) => {
      await jobs.endProjectJobs(projectId);
    });
    await app.register(transformationsRoutes, { jobs });

    app.addHook('onReady', async () => {
      if (config.jobs.runWorkersInProcess) {
        await queue.startWorkers((jobId) => jobs.runJob(jobId), config.jobs.concurrency);
      }
      const recover = async (isStartup: boolean) => {
        const recovered = await jobs.recoverInterruptedJobs({ isStartup });
        if (recovered.requeued + recovered.failed + recovered.stored > 0) {
          app.log.info(recovered, 'interrupted jobs recovered');
        }
      };
      await recover(true);
      // Every instance sweeps, web-only ones included: a worker that died is noticed without a restart.
      sweep = setInterval(() => {
        recover(false).catch((error: unknown) => app.log.error({ err: error }, 'job recovery sweep failed'));
      }, recoveryTiming.sweepEveryMs);
      sweep.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['database', 'auth', 'projects'] },
);
