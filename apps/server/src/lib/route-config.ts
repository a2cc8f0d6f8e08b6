import type { FastifyContextConfig, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed server-to-server callback (Stripe's webhook): no browser origin to check and no
     * per-account write limit. Its signature is its protection.
     */
    isSignedWebhook?: boolean;
    /** The route applies a stricter limit of its own (sign-in), so the general write limit skips it. */
    hasOwnRateLimit?: boolean;
  }
}

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Guards decide on the method and on the route Fastify matched (its config), never on the raw
 * URL: the router decodes `/%61pi/` into `/api/`, so a test of the raw URL can be walked
 * around (docs/decisions/020-route-guards.md).
 */
export function isStateChanging(request: FastifyRequest): boolean {
  return stateChangingMethods.has(request.method);
}

/** The matched route's config; unmatched requests (404s) have none, so every guard applies. */
export function routeConfigOf(request: FastifyRequest): FastifyContextConfig {
  return request.routeOptions.config ?? {};
}
