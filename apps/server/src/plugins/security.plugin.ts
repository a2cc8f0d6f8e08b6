import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
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
 * no inline scripts, no eval, no framing. Compiling WebAssembly is allowed
 * ('wasm-unsafe-eval', which permits nothing for JavaScript): the preview worker runs the
 * recolour's paint kernel, shipped inside our own script (docs/decisions/122-recolour-paint-kernel.md).
 * Inline style attributes are allowed because the accessible UI primitives position
 * popovers with them.
 */
export const securityPlugin = fp<{ popupPaths?: string[] }>(
  async (app, { popupPaths = [] }) => {
    const applySecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
    const documentHeaders = headersSetBy(applySecurityHeaders);
    // JSON (and file) answers of the API are never rendered as pages, so the page-only headers
    // (framing, opener, referrer, DNS prefetch, legacy IE and Flash switches) say nothing there.
    // They keep a policy that allows nothing at all to load or run, no framing, no sniffing and
    // same-origin reads only: a quarter of the header bytes (decision 120).
    const apiHeaders: [string, string][] = [
      ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
      ['X-Content-Type-Options', 'nosniff'],
      ['Cross-Origin-Resource-Policy', 'same-origin'],
      // API answers are private (a profile, a balance, projects): no browser or proxy keeps
      // them, unless a route sets its own caching (files are immutable and private).
      ['Cache-Control', 'no-store'],
    ];
    const setDocumentHeaders = (request: FastifyRequest, reply: FastifyReply) => {
      const response = reply.raw;
      // The page set replaces the API set, whose caching rule is for API answers only.
      if (!request.routeOptions.url?.startsWith('/api/')) response.removeHeader('cache-control');
      for (const [name, value] of documentHeaders) response.setHeader(name, value);
      // Pages shown inside a sign-in popup must not set a COOP of their own: navigating from
      // one to the identity provider would otherwise cut the popup off from its opener.
      if (popupPaths.length > 0) {
        const path = request.url.split('?')[0] ?? '';
        if (popupPaths.some((popupPath) => path === popupPath || path.startsWith(`${popupPath}/`))) {
          response.setHeader('cross-origin-opener-policy', 'unsafe-none');
        }
      }
    };
    // Set on the raw response before anything else runs, so refusals (CSRF, limits) and
    // hijacked answers (event streams) carry them too; a route's own header replaces one here.
    // Every matched route starts with the API set: nothing is decided per request on the path.
    app.addHook('onRequest', (request, reply, done) => {
      const response = reply.raw;
      response.setHeader('x-request-id', request.id);
      // Unmatched requests (404s) may be answered with the app's page (the SPA fallback).
      if (request.is404) setDocumentHeaders(request, reply);
      else for (const [name, value] of apiHeaders) response.setHeader(name, value);
      // request.protocol is https behind a TLS-terminating proxy too (with TRUST_PROXY).
      if (request.protocol === 'https') {
        response.setHeader('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
      done();
    });
    // Routes that answer pages switch to the page set, decided on the route as registered,
    // never on the raw URL (docs/decisions/020-route-guards.md): everything outside /api/ (the
    // web app's files), better-auth's own pages (its error page) and the API docs' UI. A
    // refusal before this hook runs is a JSON error and keeps the API set.
    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      const isApi = url.startsWith('/api/') && !url.startsWith('/api/auth/') && !url.startsWith('/api/docs');
      if (isApi) return;
      const pageHook: onRequestHookHandler = (request, reply, done) => {
        setDocumentHeaders(request, reply);
        done();
      };
      const existing = route.onRequest;
      route.onRequest = [pageHook, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])];
    });
  },
  { name: 'security' },
);
