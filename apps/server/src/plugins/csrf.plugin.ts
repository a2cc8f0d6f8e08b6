import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { isStateChanging, routeConfigOf } from '../lib/route-config.ts';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF protection by origin check: every state-changing request must come from our own
 * origin (the public URL, or the host it was sent to). Session cookies are also SameSite=Lax;
 * this closes the gaps Lax leaves. Only routes marked as signed webhooks are exempt, decided
 * on the matched route (docs/decisions/020-route-guards.md).
 */
export const csrfPlugin = fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const publicOrigin = new URL(publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (!isStateChanging(request) || routeConfigOf(request).isSignedWebhook) return;
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      const isSameHost = origin !== null && new URL(origin).host === request.headers.host;
      if (origin !== publicOrigin && !isSameHost) {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
    });
  },
  { name: 'csrf' },
);
