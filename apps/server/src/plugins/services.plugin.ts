import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { jobRecoveryTiming, type Services } from '../services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services of the composition root (services.ts), for health checks and tests. */
    services: Services;
  }
}

/**
 * Hands the composition root's services to the app and ties their life to it: job workers
 * start when the app is ready (this process's share of the queue, and recovery after a
 * restart) and stop, with the event bus, when it closes.
 */
export const servicesPlugin = fp<{ config: Config; services: Services }>(
  async (app, { config, services }) => {
    app.decorate('services', services);
    app.log.info({ store: services.blobStore.name }, 'file store ready');
    app.addHook('onReady', async () => {
      await services.jobs.start({
        runWorkers: config.jobs.runWorkersInProcess,
        concurrency: config.jobs.concurrency,
        sweepEveryMs: jobRecoveryTiming.sweepEveryMs,
      });
    });
    app.addHook('onClose', async () => {
      await services.close();
    });
  },
  { name: 'services', dependencies: ['database'] },
);
