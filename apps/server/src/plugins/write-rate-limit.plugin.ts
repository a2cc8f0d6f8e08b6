import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A ceiling on state-changing API requests per account (per address when signed out), so
 * that no client can flood uploads, jobs or payments. Sign-in has its own stricter limits
 * (auth.plugin.ts); signed webhooks are exempt.
 */
export const writeRateLimitPlugin = fp<{ max: number; windowMs: number; exemptPaths: string[] }>(
  async (app, { max, windowMs, exemptPaths }) => {
    const isLimited = (request: FastifyRequest) => {
      const path = request.url.split('?')[0] ?? '';
      return (
        stateChangingMethods.has(request.method) &&
        path.startsWith('/api/') &&
        !path.startsWith('/api/auth/') &&
        !exemptPaths.includes(path)
      );
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
