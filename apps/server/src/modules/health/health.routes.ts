import { healthResponseSchema } from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from '../../db/dialect.ts';
import { appVersion } from '../../lib/version.ts';

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
      const reachable = await ping(app.db).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'database unreachable');
          return false;
        },
      );
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        version: appVersion,
        database: { dialect: app.dialect, reachable },
      });
    },
  );
};
