import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { allowedOriginsOf, requestOriginOf } from '../lib/request-origin.ts';
import { isStateChanging, routeConfigOf } from '../lib/route-config.ts';

/**
 * CSRF protection by origin check: every state-changing request must come from our own origin
 * (docs/decisions/022-origins.md). Session cookies are also SameSite=Lax; this closes the gaps
 * Lax leaves. Only routes marked as signed webhooks are exempt, decided on the matched route
 * (docs/decisions/020-route-guards.md).
 */
export const csrfPlugin = fp<{ publicUrl: string; isPublicUrlStrict: boolean }>(
  async (app, options) => {
    // A callback hook, not an async one: reads pass through without a promise per request.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isStateChanging(request) || routeConfigOf(request).isSignedWebhook) return done();
      const origin = requestOriginOf(request);
      if (origin === null || !allowedOriginsOf(request, options).includes(origin)) {
        return done(new AppError('FORBIDDEN', 'Cross-site request refused'));
      }
      done();
    });
  },
  { name: 'csrf' },
);
