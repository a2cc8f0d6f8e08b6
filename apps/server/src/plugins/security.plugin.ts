import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

type Middleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The headers a middleware sets, captured by running it once against a stand-in response. */
function headersSetBy(middleware: Middleware): [string, string | string[]][] {
  // Keyed case-insensitively, as a response's headers are; sent with helmet's own spelling.
  const headers = new Map<string, [string, string | string[]]>();
  const response = {
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), [name, value]);
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers.values()];
}

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
    // The headers do not depend on the request: helmet is run once here and its headers are
    // replayed on every response. Building helmet per request (as @fastify/helmet did) was a
    // tenth of a signed-in read's CPU, and running its middleware chain still cost a few
    // microseconds per request (docs/decisions/102-request-path.md).
    const securityHeaders = headersSetBy(applySecurityHeaders);
    app.addHook('onRequest', (_request, reply, done) => {
      const response = reply.raw;
      for (const [name, value] of securityHeaders) response.setHeader(name, value);
      done();
    });
    // Pages shown inside a sign-in popup must not set a COOP of their own: navigating from one
    // to the identity provider would otherwise cut the popup off from the window that opened it.
    app.addHook('onSend', (request, reply, payload, done) => {
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
      if (popupPaths.length > 0) {
        const path = request.url.split('?')[0] ?? '';
        if (popupPaths.some((popupPath) => path === popupPath || path.startsWith(`${popupPath}/`))) {
          reply.header('cross-origin-opener-policy', 'unsafe-none');
        }
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);
