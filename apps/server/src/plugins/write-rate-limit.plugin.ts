import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { isStateChanging, routeConfigOf } from '../lib/route-config.ts';

/**
 * A ceiling on state-changing requests per account (per address when signed out), so that no
 * client can flood uploads, jobs or payments. Sign-in has its own stricter limits
 * (auth.plugin.ts); signed webhooks are exempt. Both are read from the matched route's config,
 * never from the raw URL (docs/decisions/020-route-guards.md).
 */
export const writeRateLimitPlugin = fp<{ max: number; windowMs: number }>(
  async (app, { max, windowMs }) => {
    const isLimited = (request: FastifyRequest) => {
      const config = routeConfigOf(request);
      return isStateChanging(request) && !config.isSignedWebhook && !config.hasOwnRateLimit;
    };
    await app.register(rateLimit, {
      global: true,
      hook: 'onRequest',
      max,
      timeWindow: windowMs,
      // Reads and pages never touch the session here: only limited requests are keyed by account.
      keyGenerator: async (request) => {
        if (!isLimited(request)) return 'not-limited';
        const user = await request.getSessionUser();
        return user ? `user:${user.id}` : `ip:${request.ip}`;
      },
      allowList: (request) => !isLimited(request),
      errorResponseBuilder: () =>
        new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.'),
    });
  },
  { name: 'write-rate-limit', dependencies: ['auth'] },
);
