import { randomUUID } from 'node:crypto';
import { maximumPasswordLength, minimumPasswordLength } from '@facelift/shared';
import rateLimit from '@fastify/rate-limit';
import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import {
  databaseUnavailableMessage,
  isDatabaseReachable,
  isDatabaseUnavailable,
} from '../db/database-unavailable.ts';
import type { ProjectEventBus } from '../integrations/project-events/project-event-bus.ts';
import { AppError } from '../lib/app-error.ts';
import { resolveAuthSecret } from '../lib/auth-secret.ts';
import { allowedOriginsOf } from '../lib/request-origin.ts';
import { authErrorToAppError } from './auth-errors.ts';
import { isCommonPassword, newPasswordFields } from './common-passwords.ts';
import { readCookie, SessionCache } from './session-cache.ts';
import { SignInThrottle } from './sign-in-throttle.ts';

/** Header carrying the client IP to better-auth; set by us from Fastify's view, never from the client. */
const clientIpHeader = 'x-facelift-client-ip';
/** Header carrying the origins this request may come from (request-origin.ts); set by us only. */
const allowedOriginsHeader = 'x-facelift-allowed-origins';
const rateLimitedMessage = 'Too many attempts. Please wait a minute and try again.';
const credentialPaths = ['/sign-in/email', '/sign-up/email'];
/** Auth paths that only create sessions (e-mail, social, OAuth sign-in; sign-up). */
const sessionCreatingPath = /^\/sign-(in|up)\//;
/** How long a confirmed session is trusted without asking better-auth again (session-cache.ts). */
const sessionCacheTtlMs = 10_000;

export interface SessionUser {
  id: string;
  email: string;
}

export interface AuthOptions {
  config: Config;
  /**
   * Called once for each new account, right after its row is written (the composition root
   * grants the starting credits there). Auth itself knows no other module.
   */
  onUserCreated: (user: SessionUser) => Promise<void>;
  /**
   * Where sessions-changed notices travel between instances: the project event bus, over
   * PostgreSQL LISTEN/NOTIFY when there are several (docs/decisions/105-sessions-end-everywhere.md).
   */
  sessionNotices: Pick<ProjectEventBus, 'publishSessionsChanged' | 'onSessionsChanged'>;
}

function createAuth(app: FastifyInstance, { config, onUserCreated }: AuthOptions) {
  const { google, rateLimit: limits } = config.auth;
  return betterAuth({
    appName: 'Facelift',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config.auth.secret, config.dataDirectory),
    database: { db: app.db, type: app.dialect },
    // Our CSRF check (csrf.plugin.ts) has already accepted the request's Origin; better-auth
    // checks it again against the same list, which the bridge passes along in a header.
    trustedOrigins: (request) => [
      config.publicUrl,
      ...(request?.headers.get(allowedOriginsHeader)?.split(' ') ?? []),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: minimumPasswordLength,
      maxPasswordLength: maximumPasswordLength,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        companyName: { type: 'string', required: false, input: true },
        fname: { type: 'string', required: false, input: true },
        lname: { type: 'string', required: false, input: true },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        packageTier: { type: 'string', required: false, defaultValue: 'free', input: false },
        lastPurchaseAt: { type: 'date', required: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      // better-auth only limits in production by default; we want it everywhere, tests included.
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: limits.windowSeconds, max: limits.max },
        '/sign-up/email': { window: limits.windowSeconds, max: limits.max },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // better-auth skips its origin checks when NODE_ENV=test; tests must see production's.
      disableOriginCheck: false,
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          // The profile is the user row; what a new account starts with is decided by the hook.
          after: async (user) => {
            await onUserCreated({ id: user.id, email: user.email });
          },
        },
      },
    },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                mapProfileToUser: (profile) => ({
                  fname: typeof profile.given_name === 'string' ? profile.given_name : undefined,
                  lname: typeof profile.family_name === 'string' ? profile.family_name : undefined,
                }),
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /**
     * Drops every remembered session, on every instance (an account was deleted outside
     * better-auth's routes). Never throws: a lost notice is logged.
     */
    forgetSessions(): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in user, or null; reads the session once per request. */
    getSessionUser(): Promise<SessionUser | null>;
    /** The signed-in user; throws NOT_AUTHENTICATED otherwise. */
    requireUser(): Promise<SessionUser>;
  }
}

function toFetchHeaders(request: FastifyRequest, config: Config): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === clientIpHeader || name === allowedOriginsHeader) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(clientIpHeader, request.ip);
  headers.set(allowedOriginsHeader, allowedOriginsOf(request, config).join(' '));
  return headers;
}

function withRevokeOtherSessions(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') return JSON.stringify({ ...parsed, revokeOtherSessions: true });
  } catch {
    // Not JSON: better-auth refuses it.
  }
  return body;
}

function stringFieldOf(body: unknown, field: string): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const value = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[field] : null;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function emailFromBody(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'email' in parsed && typeof parsed.email === 'string') {
      return parsed.email.trim().toLowerCase();
    }
  } catch {
    // Not JSON: better-auth answers it.
  }
  return null;
}

/**
 * The better-auth path the router matched, decoded (`/api/auth/sign-in/%65mail` is
 * `/sign-in/email`): limits and better-auth see the same path (docs/decisions/020-route-guards.md).
 */
function authPathOf(request: FastifyRequest): string {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  return `/${rest}`;
}

/**
 * Forwards /api/auth/* to better-auth; its errors are answered in our error shape.
 * `afterHandled` runs once better-auth is done, before any answer goes out.
 */
async function forwardToAuth(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  afterHandled: () => Promise<void>,
) {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const url = new URL(`/api/auth${authPathOf(request)}${query}`, config.publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string';
  const headers = toFetchHeaders(request, config);
  let body = hasBody ? (request.body as string) : undefined;
  if (body && authPathOf(request) === '/change-password') {
    // A new password ends every other session, whatever the client asked: whoever knew the
    // old one is signed out everywhere (docs/decisions/025-account-hygiene.md).
    body = withRevokeOtherSessions(body);
    headers.delete('content-length');
  }
  let response: Response;
  let text: string;
  try {
    response = await auth.handler(new Request(url, { method: request.method, headers, body }));
    text = await response.text();
  } finally {
    await afterHandled();
  }
  if (!response.ok && response.status !== 302 && response.status < 500) {
    throw authErrorToAppError(response.status, text, rateLimitedMessage);
  }
  if (response.status >= 500) {
    request.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth provider error');
    // better-auth hides the cause behind a bare 500: a database that is away is told as such
    // (docs/decisions/113-faults.md).
    if (!(await isDatabaseReachable(request.server.db, 2000))) {
      throw new AppError('SERVICE_UNAVAILABLE', databaseUnavailableMessage);
    }
    throw new AppError('INTERNAL_ERROR', 'Sign-in failed');
  }
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return reply.send(text.length > 0 ? text : null);
}

export const authPlugin = fp<AuthOptions>(
  async (app, options) => {
    const { config } = options;
    const auth = createAuth(app, options);
    app.decorate('auth', auth);

    const { authCookies } = await auth.$context;
    const recentSessions = new SessionCache<SessionUser>(sessionCacheTtlMs);
    // Every instance forgets its sessions when any instance reports a change, so a signed-out
    // cookie stops working everywhere, not only where it was signed out (decision 105).
    const stopListening = options.sessionNotices.onSessionsChanged(() => recentSessions.clear());
    app.addHook('onClose', async () => stopListening());
    const forgetSessions = async () => {
      recentSessions.clear();
      try {
        await options.sessionNotices.publishSessionsChanged();
      } catch (error) {
        // The change itself is stored; other instances catch up within the cache's lifetime.
        app.log.error({ err: error }, 'sessions-changed notice not sent');
      }
    };
    app.decorate('forgetSessions', forgetSessions);
    const lookUpSession = async (request: FastifyRequest): Promise<SessionUser | null> => {
      // No session cookie, no session: better-auth is not asked (nor the database).
      const cookie = readCookie(request.headers.cookie, authCookies.sessionToken.name);
      if (!cookie) return null;
      const cached = recentSessions.get(cookie);
      if (cached) return cached;
      const session = await auth.api
        .getSession({ headers: toFetchHeaders(request, config) })
        .catch(async (error: unknown) => {
          // better-auth turns a lost database into its own 500: tell the outage as such.
          if (isDatabaseUnavailable(error) || !(await isDatabaseReachable(app.db, 2000))) {
            throw new AppError('SERVICE_UNAVAILABLE', databaseUnavailableMessage);
          }
          throw error;
        });
      if (!session) return null;
      const user = { id: session.user.id, email: session.user.email };
      recentSessions.set(cookie, user, new Date(session.session.expiresAt).getTime());
      return user;
    };
    const sessionOfRequest = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
    app.decorateRequest('getSessionUser', function (this: FastifyRequest) {
      let pending = sessionOfRequest.get(this);
      if (!pending) {
        pending = lookUpSession(this);
        sessionOfRequest.set(this, pending);
      }
      return pending;
    });
    app.decorateRequest('requireUser', async function (this: FastifyRequest) {
      const user = await this.getSessionUser();
      if (!user) throw new AppError('NOT_AUTHENTICATED', 'You need to be logged in');
      return user;
    });

    // Credential attempts (docs/decisions/023-sign-in-limits.md): better-auth limits each
    // address; here each address + account pair is limited too, and an account attacked from
    // many addresses is slowed down, never locked, so strangers cannot lock its owner out.
    const isCredentialAttempt = (request: FastifyRequest) =>
      request.method === 'POST' && credentialPaths.includes(authPathOf(request));
    const throttle = new SignInThrottle({
      freeFailures: config.auth.rateLimit.max,
      windowMs: config.auth.rateLimit.windowSeconds * 1000,
      stepMs: 1000,
      maxDelayMs: 10_000,
    });
    await app.register(async (scope) => {
      await scope.register(rateLimit, {
        global: false,
        hook: 'preHandler',
        max: config.auth.rateLimit.max,
        timeWindow: config.auth.rateLimit.windowSeconds * 1000,
        keyGenerator: (request) => `address+account:${request.ip}|${emailFromBody(request.body) ?? ''}`,
        allowList: (request) => !isCredentialAttempt(request),
        errorResponseBuilder: () => new AppError('RATE_LIMITED', rateLimitedMessage),
      });
      scope.addHook('preHandler', async (request) => {
        const passwordField = request.method === 'POST' ? newPasswordFields[authPathOf(request)] : undefined;
        const newPassword = passwordField ? stringFieldOf(request.body, passwordField) : null;
        // Too short is better-auth's to say; a common password of an acceptable length is ours.
        if (newPassword && newPassword.length >= minimumPasswordLength && isCommonPassword(newPassword)) {
          throw new AppError('VALIDATION_FAILED', 'This password is too common. Choose another one.', {
            authCode: 'PASSWORD_TOO_COMMON',
          });
        }
        const account = isCredentialAttempt(request) ? emailFromBody(request.body) : null;
        const delay = account ? throttle.delayFor(account) : 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      });
      scope.addHook('onResponse', async (request, reply) => {
        const account = authPathOf(request) === '/sign-in/email' ? emailFromBody(request.body) : null;
        if (!account || request.method !== 'POST') return;
        if (reply.statusCode === 200) throttle.recordSuccess(account);
        else if (reply.statusCode === 401) throttle.recordFailure(account);
      });
      // better-auth reads the raw body itself.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
        done(null, body),
      );
      scope.route({
        method: ['GET', 'POST'],
        url: '/api/auth/*',
        schema: { hide: true },
        // Credential attempts are limited above, per account and per address.
        config: { rateLimit: {}, hasOwnRateLimit: true },
        handler: (request, reply) =>
          forwardToAuth(auth, request, reply, config, async () => {
            // Any auth request that changes state may end or alter a session (sign-out, revoke,
            // password, e-mail, deletion): sessions are looked up afresh once it is done, here
            // and, before the client hears back, on every other instance (decision 105).
            // Signing in or up only adds a session: no notice.
            if (request.method === 'GET') return;
            if (sessionCreatingPath.test(authPathOf(request))) recentSessions.clear();
            else await forgetSessions();
          }),
      });
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
