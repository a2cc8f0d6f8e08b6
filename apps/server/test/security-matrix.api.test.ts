import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBoolean } from '../src/db/dialect.ts';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { rectangleMask } from './support/masks.ts';
import { multipartBody } from './support/multipart.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The security matrix (docs/decisions/110-security-matrix.md): every route of the OpenAPI
 * description is classified here, and each is tried signed out, as another user and as an
 * admin who does not own the data. A route added without a line in this table fails the first
 * test, so a new route cannot be forgotten.
 *
 * - public: anyone may call it.
 * - account: signed-in only; it acts on the caller's own account (nothing of another user's).
 * - owner: signed-in only, and the thing named in the path is its owner's alone: everyone
 *   else, admins included, gets 404 (admins act through `npm run admin`, never the API).
 */
type Access = 'public' | 'account' | 'owner';

const routeAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/me': 'public',
  'GET /api/config': 'public',
  'GET /api/payments/plans': 'public',
  'POST /api/payments/checkout': 'account',
  'POST /api/payments/fulfil': 'account',
  'GET /api/payments/test-checkout/{sessionId}': 'owner',
  'POST /api/payments/test-checkout/{sessionId}/pay': 'owner',
  'POST /api/payments/test-checkout/{sessionId}/cancel': 'owner',
  'GET /api/projects': 'account',
  'POST /api/projects': 'account',
  'GET /api/projects/{projectId}': 'owner',
  'PATCH /api/projects/{projectId}': 'owner',
  'DELETE /api/projects/{projectId}': 'owner',
  'POST /api/projects/{projectId}/history': 'owner',
  'POST /api/projects/{projectId}/history/{itemId}/save': 'owner',
  'GET /api/projects/{projectId}/regions': 'owner',
  'PUT /api/projects/{projectId}/regions/{element}': 'owner',
  'DELETE /api/projects/{projectId}/regions/{element}': 'owner',
  'GET /api/projects/{projectId}/events': 'owner',
  'GET /api/files/{*}': 'owner',
  'POST /api/projects/{projectId}/transformations': 'owner',
  'GET /api/jobs/{jobId}': 'owner',
  'GET /api/projects/{projectId}/jobs': 'owner',
  'POST /api/projects/{projectId}/chat': 'owner',
  'POST /api/projects/{projectId}/chat/{messageId}/save': 'owner',
  'GET /api/account/export': 'account',
  'POST /api/account/delete': 'account',
};

/**
 * Writes whose route sets a stricter limit of its own (`config.rateLimit`), which replaces the
 * general write limit: each has its own test.
 */
const ownRateLimit = new Set(['POST /api/payments/checkout', 'POST /api/account/delete']);

/** Routes hidden from the OpenAPI description, each with its own protection and its own tests. */
const hiddenStateChangingRoutes = [
  // better-auth: CSRF checked like every other write; its own per-address and per-account limits.
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
];

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const foreignOrigin = 'https://evil.example';

/** Values a route's answers must never carry (checked on every answer of this suite). */
const secrets = {
  AUTH_SECRET: 'matrix-auth-secret-0123456789abcdefghijklmnop',
  OPENAI_API_KEY: 'sk-matrix-openai-key-0123456789',
};

interface Fixtures {
  projectId: string;
  itemId: string;
  fileUrl: string;
  jobId: string;
  sessionId: string;
}

interface Account {
  id: string;
  cookie: string;
}

function operationsOf(app: FastifyInstance): string[] {
  const description = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(description.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function urlOf(path: string, fixtures: Fixtures): string {
  const values: Record<string, string> = {
    projectId: fixtures.projectId,
    itemId: fixtures.itemId,
    element: 'walls',
    sessionId: fixtures.sessionId,
    jobId: fixtures.jobId,
    // The project is checked first, so another user's 404 does not depend on the message.
    messageId: 'a-chat-message',
  };
  if (path === '/api/files/{*}') return fixtures.fileUrl;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`security matrix: add a value for the path parameter {${name}}`);
    return value;
  });
}

/** A valid body for each write, so the guards, not the validation, decide the answer. */
async function bodyOf(
  operation: string,
): Promise<{ payload?: Buffer | object; headers: Record<string, string> }> {
  const [method, path] = operation.split(' ') as [string, string];
  if (method === 'POST' && (path === '/api/projects' || path.endsWith('/history'))) {
    const body = multipartBody(
      { name: 'Matrix' },
      { filename: 'facade.png', contentType: 'image/png', content: await solidPng(16, 12) },
    );
    return body;
  }
  if (method === 'POST' && path.endsWith('/chat')) {
    return multipartBody({ text: 'Paint the walls sage' });
  }
  if (method === 'PUT' && path.includes('/regions/')) {
    return {
      payload: await rectangleMask(16, 12, { left: 0, top: 0, right: 8, bottom: 6 }),
      headers: { 'content-type': 'image/png' },
    };
  }
  if (path.endsWith('/transformations')) {
    return {
      payload: {
        directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
      },
      headers: {},
    };
  }
  if (path === '/api/payments/checkout') return { payload: { planId: 'starter' }, headers: {} };
  if (path === '/api/payments/fulfil') return { payload: { sessionId: 'test_cs_unknown' }, headers: {} };
  if (method === 'PATCH') return { payload: { name: 'Renamed by someone else' }, headers: {} };
  if (method === 'GET' || method === 'DELETE') return { headers: {} };
  return { payload: {}, headers: {} };
}

describe('the security matrix: every route × signed out, another user, an admin', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let owner: Account;
  let stranger: Account;
  let admin: Account;
  let fixtures: Fixtures;
  const answers: LightMyRequestResponse[] = [];

  async function call(operation: string, account: Account | null, origin?: string) {
    const [method, path] = operation.split(' ') as [string, string];
    const body = await bodyOf(operation);
    const response = await app.inject({
      method: method as 'GET',
      url: urlOf(path, fixtures),
      headers: {
        ...sameOriginHeaders(app, account?.cookie),
        ...(origin ? { origin } : {}),
        ...body.headers,
      },
      ...(body.payload ? { payload: body.payload } : {}),
    });
    answers.push(response);
    return response;
  }

  async function account(email: string): Promise<Account> {
    const { cookie } = await signUp(app, { email, password: 'a long password' });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    return { id: me.json().id, cookie };
  }

  /** The owner's things, read back as the owner: nothing anyone else did may change them. */
  async function ownerState() {
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    const project = await get(`/api/projects/${fixtures.projectId}`);
    const regions = await get(`/api/projects/${fixtures.projectId}/regions`);
    const checkout = await get(`/api/payments/test-checkout/${fixtures.sessionId}`);
    const job = await get(`/api/jobs/${fixtures.jobId}`);
    const me = await get('/api/me');
    return {
      project: project.statusCode === 200 ? project.json() : project.statusCode,
      regions: regions.json(),
      checkoutStatus: checkout.json().status,
      jobStatus: job.statusCode,
      balance: me.json().balance,
    };
  }

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      ...secrets,
      IMAGE_ENGINE: 'local',
      SALES_OPEN: 'true',
      WRITE_RATE_LIMIT_MAX: '1000',
    });
    app = testApp.app;
    owner = await account('owner@example.com');
    stranger = await account('stranger@example.com');
    admin = await account('admin@example.com');
    await app.db
      .updateTable('user')
      .set({ isAdmin: fromBoolean(app.dialect, true) })
      .where('id', '=', admin.id)
      .execute();

    const project = await createProject(app, owner.cookie, 'Private', await solidPng(16, 12));
    const upload = await bodyOf('POST /api/projects/{projectId}/history');
    const item = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/history`,
      headers: { ...sameOriginHeaders(app, owner.cookie), ...upload.headers },
      payload: upload.payload as Buffer,
    });
    expect(item.statusCode, item.body).toBeLessThan(300);
    const region = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/regions/walls`,
      headers: { ...sameOriginHeaders(app, owner.cookie), 'content-type': 'image/png' },
      payload: await rectangleMask(16, 12, { left: 0, top: 0, right: 8, bottom: 6 }),
    });
    expect(region.statusCode).toBe(200);
    const job = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/transformations`,
      headers: sameOriginHeaders(app, owner.cookie),
      payload: {
        directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
      },
    });
    expect(job.statusCode, job.body).toBeLessThan(300);
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payments/checkout',
      headers: sameOriginHeaders(app, owner.cookie),
      payload: { planId: 'starter' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    fixtures = {
      projectId: project.id,
      itemId: item.json().id ?? item.json().item?.id,
      fileUrl: project.original.url,
      jobId: job.json().job.id,
      sessionId: new URL(checkout.json().url).pathname.replace('/checkout/test/', ''),
    };
    expect(fixtures.jobId).toBeTruthy();
    // The job runs in the background; the matrix compares the owner's state before and after,
    // so it waits for the job to end first.
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const state = await app.inject({
        method: 'GET',
        url: `/api/jobs/${fixtures.jobId}`,
        headers: { cookie: owner.cookie },
      });
      if (!['queued', 'running', 'storing'].includes(state.json().status)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ended = await app.inject({
      method: 'GET',
      url: `/api/jobs/${fixtures.jobId}`,
      headers: { cookie: owner.cookie },
    });
    expect(ended.json().status).toBe('done');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('classifies every route of the OpenAPI description, and no route that is gone', () => {
    const operations = operationsOf(app);
    const unclassified = operations.filter((operation) => !(operation in routeAccess));
    expect(unclassified, 'classify these routes in security-matrix.api.test.ts').toEqual([]);
    const stale = Object.keys(routeAccess).filter((operation) => !operations.includes(operation));
    expect(stale, 'these routes no longer exist').toEqual([]);
  });

  it('answers 401 signed out on every route that is not public', async () => {
    for (const operation of operationsOf(app)) {
      const response = await call(operation, null);
      if (routeAccess[operation] === 'public') {
        expect(response.statusCode, operation).toBeLessThan(400);
      } else {
        expect(response.statusCode, operation).toBe(401);
      }
    }
  });

  it("answers 404 to another user and to an admin on every route naming the owner's things", async () => {
    const before = await ownerState();
    for (const who of [stranger, admin]) {
      for (const operation of operationsOf(app)) {
        if (routeAccess[operation] !== 'owner') continue;
        const response = await call(operation, who);
        expect(response.statusCode, `${operation} as ${who === admin ? 'admin' : 'another user'}`).toBe(404);
      }
      const list = await call('GET /api/projects', who);
      expect(list.body).not.toContain(fixtures.projectId);
    }
    expect(await ownerState()).toEqual(before);
  });

  it('refuses a foreign Origin on every state-changing route, even with a valid session', async () => {
    const before = await ownerState();
    const writes = [
      ...operationsOf(app).filter((operation) => stateChangingMethods.has(operation.split(' ')[0] as string)),
      ...hiddenStateChangingRoutes,
    ];
    expect(writes.length).toBeGreaterThan(10);
    for (const operation of writes) {
      const response = await call(operation, owner, foreignOrigin);
      expect(response.statusCode, operation).toBe(403);
      expect(response.json().error.message, operation).toBe('Cross-site request refused');
    }
    expect(await ownerState()).toEqual(before);
  });

  it('never sends a secret in any answer, headers included', () => {
    expect(answers.length).toBeGreaterThan(50);
    for (const response of answers) {
      const text = `${JSON.stringify(response.headers)}\n${response.body}`;
      for (const [name, value] of Object.entries(secrets)) {
        expect(text.includes(value), `${name} in an answer`).toBe(false);
      }
    }
  });
});

describe('every state-changing route counts against the write limit (uploads and jobs too)', () => {
  it('answers 429 on each write once the account used its writes', async () => {
    const testApp = await createTestApp('sqlite', { WRITE_RATE_LIMIT_MAX: '2', SALES_OPEN: 'true' });
    try {
      const { app } = testApp;
      const { cookie } = await signUp(app, { email: 'busy@example.com', password: 'a long password' });
      const project = await createProject(app, cookie, 'Busy', await solidPng(16, 12));
      // The sign-up has its own limit; the project creation used 1 of the 2 writes, this the other.
      await app.inject({
        method: 'PATCH',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, cookie),
        payload: { name: 'Busy 2' },
      });
      const writes = operationsOf(app).filter(
        (operation) =>
          stateChangingMethods.has(operation.split(' ')[0] as string) &&
          // Paying or cancelling a test checkout needs a session.
          !operation.includes('/test-checkout/') &&
          !ownRateLimit.has(operation),
      );
      const fixtures: Fixtures = {
        projectId: project.id,
        itemId: 'none',
        fileUrl: project.original.url,
        jobId: 'none',
        sessionId: 'none',
      };
      for (const operation of writes) {
        const [method, path] = operation.split(' ') as [string, string];
        const body = await bodyOf(operation);
        const response = await app.inject({
          method: method as 'POST',
          url: urlOf(path, fixtures),
          headers: { ...sameOriginHeaders(app, cookie), ...body.headers },
          ...(body.payload ? { payload: body.payload } : {}),
        });
        expect(response.statusCode, operation).toBe(429);
      }
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.json().balance).toBe(5);
    } finally {
      await testApp.close();
    }
  });
});
