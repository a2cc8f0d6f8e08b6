import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let addressCounter = 0;
/** A distinct client address per call, so per-IP limits only bite where a test means them to. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The browser's view: requests carry our Origin, as a same-origin fetch does. */
export function sameOriginHeaders(app: FastifyInstance, cookie?: string): Record<string, string> {
  return { origin: app.auth.options.baseURL as string, ...(cookie ? { cookie } : {}) };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeaderFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const cookies = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function signUp(
  app: FastifyInstance,
  body: { email: string; password: string; [field: string]: string },
  remoteAddress = nextClientAddress(),
): Promise<{ response: LightMyRequestResponse; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress,
    headers: sameOriginHeaders(app),
    payload: { name: body.email.split('@')[0], ...body },
  });
  return { response, cookie: cookieHeaderFrom(response) };
}

export async function signIn(
  app: FastifyInstance,
  body: { email: string; password: string },
  remoteAddress = nextClientAddress(),
): Promise<{ response: LightMyRequestResponse; cookie: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: sameOriginHeaders(app),
    payload: body,
  });
  return { response, cookie: cookieHeaderFrom(response) };
}
