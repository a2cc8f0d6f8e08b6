import type { FastifyRequest } from 'fastify';

/**
 * The origins a state-changing request may come from (docs/decisions/022-origins.md): the public
 * URL's, and, unless PUBLIC_URL was set, the origin the browser used to reach us (the request's
 * own Host). Another site's page cannot send its Origin with our Host, and a host name that
 * merely resolves to us (DNS rebinding) never carries our cookies.
 */
export function allowedOriginsOf(
  request: FastifyRequest,
  options: { publicUrl: string; isPublicUrlStrict: boolean },
): string[] {
  const publicOrigin = new URL(options.publicUrl).origin;
  const host = request.headers.host;
  if (options.isPublicUrlStrict || !host) return [publicOrigin];
  return [publicOrigin, `${request.protocol}://${host}`];
}

/** The Origin (or, lacking it, the Referer's origin) of a request; null when neither is usable. */
export function requestOriginOf(request: FastifyRequest): string | null {
  for (const value of [request.headers.origin, request.headers.referer]) {
    if (!value) continue;
    try {
      return new URL(value).origin;
    } catch {
      // An unusable header counts as absent.
    }
  }
  return null;
}
