import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/connection.ts';
import { requestLoggerFactory } from './lib/request-logger.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { transformationsRoutes } from './modules/transformations/transformations.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { apiDocsPlugin } from './plugins/api-docs.plugin.ts';
import { authPlugin } from './plugins/auth.plugin.ts';
import { csrfPlugin } from './plugins/csrf.plugin.ts';
import { databasePlugin } from './plugins/database.plugin.ts';
import { errorHandlerPlugin } from './plugins/error-handler.plugin.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { servicesPlugin } from './plugins/services.plugin.ts';
import { webAppPlugin } from './plugins/web-app.plugin.ts';
import { writeRateLimitPlugin } from './plugins/write-rate-limit.plugin.ts';
import { createServices } from './services.ts';

export interface BuildAppOptions {
  /** An already opened database, for tests that share one; by default the configured one is opened. */
  database?: DatabaseHandle;
  /** Log to stdout; tests turn it off. */
  logger?: boolean;
}

/**
 * Builds the whole Fastify app: the services (once, in createServices), plugins, then every
 * module's routes with the services they need. Does not listen.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { popupPaths: ['/auth/google'] });
  const database = options.database ?? createDatabase(config.database);
  await app.register(databasePlugin, { handle: database });
  const services = await createServices(config, database, { log: app.log });
  await app.register(servicesPlugin, { config, services });
  await app.register(apiDocsPlugin);
  await app.register(csrfPlugin, {
    publicUrl: config.publicUrl,
    isPublicUrlStrict: config.isPublicUrlStrict,
  });
  await app.register(authPlugin, {
    config,
    onUserCreated: (user) => services.users.onUserCreated(user.id),
    sessionNotices: services.projectEvents,
  });
  await app.register(writeRateLimitPlugin, {
    max: config.auth.writeRateLimitPerMinute,
    windowMs: 60_000,
  });

  await app.register(healthRoutes);
  await app.register(usersRoutes, { config, users: services.users });
  await app.register(paymentsRoutes, { config, payments: services.payments });
  await app.register(projectsRoutes, {
    config,
    projects: services.projects,
    history: services.history,
    regions: services.regions,
    projectEvents: services.projectEvents,
  });
  await app.register(filesRoutes, { projectFiles: services.projectFiles });
  await app.register(transformationsRoutes, { jobs: services.jobs });
  await app.register(accountRoutes, { account: services.account });
  await app.register(chatRoutes, {
    chat: services.chat,
    projects: services.projects,
    maxUploadBytes: config.uploads.maxBytes,
  });

  await app.register(webAppPlugin, { distDirectory: config.webDistDirectory });
  return app;
}
