import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF protection by origin check: a state-changing API request must come from our own
 * origin (the public URL, or the host it was sent to). Session cookies are also SameSite=Lax;
 * this closes the gaps Lax leaves. Signed server-to-server callbacks (webhooks) are exempt.
 */
export const csrfPlugin = fp<{ publicUrl: string; exemptPaths: string[] }>(
  async (app, { publicUrl, exemptPaths }) => {
    const publicOrigin = new URL(publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (!stateChangingMethods.has(request.method)) return;
      const path = request.url.split('?')[0] ?? '';
      if (!path.startsWith('/api/') || exemptPaths.includes(path)) return;
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      const isSameHost = origin !== null && new URL(origin).host === request.headers.host;
      if (origin !== publicOrigin && !isSameHost) {
        throw new AppError('FORBIDDEN', 'Cross-site request refused');
      }
    });
  },
  { name: 'csrf' },
);
