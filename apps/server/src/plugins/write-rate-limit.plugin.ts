import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { isStateChanging, routeConfigOf } from '../lib/route-config.ts';

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

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
    // Routes that only read (GET, HEAD) are never limited here: they get no limiter hook at
    // all, rather than one that runs for every read to decide "not limited" (decision 102).
    // Added before the limiter's own onRoute hook, which reads `config.rateLimit`.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.every((method) => readOnlyMethods.has(method)) && route.config?.rateLimit === undefined) {
        route.config = { ...route.config, rateLimit: false };
      }
    });
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
