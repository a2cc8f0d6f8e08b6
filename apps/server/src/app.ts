import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/connection.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsPlugin } from './modules/jobs/jobs.plugin.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { projectsPlugin } from './modules/projects/projects.plugin.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { apiDocsPlugin } from './plugins/api-docs.plugin.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { blobStorePlugin } from './plugins/blob-store.plugin.ts';
import { csrfPlugin } from './plugins/csrf.plugin.ts';
import { databasePlugin } from './plugins/database.plugin.ts';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.ts';
import { multipartPlugin } from './plugins/multipart.plugin.ts';
import { projectEventsPlugin } from './plugins/project-events.plugin.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { webAppPlugin } from './plugins/web-app.plugin.ts';
import { writeRateLimitPlugin } from './plugins/write-rate-limit.plugin.ts';

export interface BuildAppOptions {
  /** An already opened database, for tests that share one; by default the configured one is opened. */
  database?: DatabaseHandle;
  /** Log to stdout; tests turn it off. */
  logger?: boolean;
}

/** Builds the whole Fastify app: plugins first, then modules. Does not listen. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { popupPaths: ['/auth/google'] });
  await app.register(databasePlugin, { handle: options.database ?? createDatabase(config.database) });
  await app.register(apiDocsPlugin);
  await app.register(csrfPlugin, { publicUrl: config.publicUrl });
  await app.register(authPlugin, { config });
  await app.register(writeRateLimitPlugin, {
    max: config.auth.writeRateLimitPerMinute,
    windowMs: 60_000,
  });
  await app.register(multipartPlugin, { maxFileBytes: config.uploads.maxBytes });
  await app.register(blobStorePlugin, { config });
  await app.register(projectEventsPlugin, { config });
  await app.register(projectsPlugin, { config });
  await app.register(jobsPlugin, { config });

  await app.register(healthRoutes);
  await app.register(usersRoutes, { config });
  await app.register(paymentsRoutes, { config });
  await app.register(projectsRoutes, { config });
  await app.register(filesRoutes);

  await app.register(webAppPlugin, { distDirectory: config.webDistDirectory });
  return app;
}
