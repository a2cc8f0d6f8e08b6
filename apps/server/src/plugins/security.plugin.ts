import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers with a strict Content-Security-Policy: scripts only from our origin,
 * no inline scripts, no framing. Inline style attributes are allowed because the
 * accessible UI primitives position popovers with them.
 */
export const securityPlugin = fp<{ popupPaths?: string[] }>(
  async (app, { popupPaths = [] }) => {
    const applySecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Google sign-in runs in a popup that must be able to message its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Sent below, over HTTPS only: over plain http it means nothing and misleads.
      strictTransportSecurity: false,
    });
    // helmet's middleware is built once here; @fastify/helmet built it anew for every request,
    // a tenth of a signed-in read's CPU (docs/decisions/102-request-path.md).
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    // Pages shown inside a sign-in popup must not set a COOP of their own: navigating from one
    // to the identity provider would otherwise cut the popup off from the window that opened it.
    app.addHook('onSend', async (request, reply) => {
      // request.protocol is https behind a TLS-terminating proxy too (with TRUST_PROXY).
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      // API answers are private (a profile, a balance, projects): no browser or proxy keeps
      // them, unless a route chose its own caching (files are immutable and private).
      const route = request.routeOptions.url;
      if (route?.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      const path = request.url.split('?')[0] ?? '';
      if (popupPaths.some((popupPath) => path === popupPath || path.startsWith(`${popupPath}/`))) {
        reply.header('cross-origin-opener-policy', 'unsafe-none');
      }
    });
  },
  { name: 'security' },
);
