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
export const jobsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
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
      // With an in-process queue this process is the only worker: anything left running died with it.
      // With pg-boss other processes may be mid-job: only jobs running longer than a timeout are stale.
      staleRunningAfterMs: queue.name === 'memory' ? 0 : config.jobs.timeoutMs + 60_000,
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
      const recovered = await jobs.recoverInterruptedJobs();
      if (recovered.requeued + recovered.failed > 0) app.log.info(recovered, 'interrupted jobs recovered');
    });
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
  { name: 'jobs', dependencies: ['database', 'auth', 'projects'] },
);
