import { healthResponseSchema } from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseReachable } from '../../db/database-unavailable.ts';
import { appVersion } from '../../lib/version.ts';

const healthPingTimeoutMs = 2000;

/** Liveness and readiness in one: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Service health and version',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      // A database that does not answer counts as unreachable after healthPingTimeoutMs, so a
      // load balancer's check gets its answer while pool connections are still timing out.
      const reachable = await isDatabaseReachable(app.db, healthPingTimeoutMs);
      if (!reachable) request.log.error('database unreachable');
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        version: appVersion,
        database: { dialect: app.dialect, reachable },
        ...(reachable ? {} : { reason: 'The database is not answering.' }),
      });
    },
  );
};
