import { type HealthResponse, healthResponseSchema } from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseReachable } from '../../db/database-unavailable.ts';
import { appVersion } from '../../lib/version.ts';
import { DatabaseProbe } from './database-probe.ts';

const healthPingTimeoutMs = 2000;
/** How old a ping's result may be when it is answered again (database-probe.ts). */
const healthPingMaxAgeMs = 250;

/** Liveness and readiness in one: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // A database that does not answer counts as unreachable after healthPingTimeoutMs, so a
  // load balancer's check gets its answer while pool connections are still timing out.
  const probe = new DatabaseProbe(() => isDatabaseReachable(app.db, healthPingTimeoutMs), healthPingMaxAgeMs);
  const healthy: HealthResponse = {
    status: 'ok',
    version: appVersion,
    database: { dialect: app.dialect, reachable: true },
  };
  const degraded: HealthResponse = {
    status: 'degraded',
    version: appVersion,
    database: { dialect: app.dialect, reachable: false },
    reason: 'The database is not answering.',
  };
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Service health and version',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    // Not async: a recent result is answered without a promise (Fastify sends a returned value).
    (request, reply) => {
      const reachable = probe.reachable();
      const answer = (isReachable: boolean) => {
        if (isReachable) return healthy;
        reply.status(503);
        return degraded;
      };
      if (typeof reachable === 'boolean') return answer(reachable);
      return reachable.then((isReachable) => {
        if (!isReachable) request.log.error('database unreachable');
        return answer(isReachable);
      });
    },
  );
};
