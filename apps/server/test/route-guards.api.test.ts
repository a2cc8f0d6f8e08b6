import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The router decodes and normalises paths, so guards that read the raw URL can be walked
 * around (docs/decisions/020-route-guards.md). These spell one route several ways.
 */
const spellings = (path: string) => [
  path.replace('/api/', '/%61pi/'),
  path.replace('/api/', '/%61%70%69/'),
  path.replace('/projects', '/%70rojects'),
  `/${path}`,
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/Api/'),
  `${path}/`,
];

describe('guards decide on the matched route, however the path is spelled', () => {
  let testApp: TestApp;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { WRITE_RATE_LIMIT_MAX: '5' });
    ({ cookie } = await signUp(testApp.app, { email: 'guarded@example.com', password: 'a long password' }));
    projectId = (await createProject(testApp.app, cookie, 'Guarded', await solidPng(32, 24))).id;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses a cross-site rename on every spelling and leaves the name alone', async () => {
    const { app } = testApp;
    for (const url of spellings(`/api/projects/${projectId}`)) {
      const response = await app.inject({
        method: 'PATCH',
        url,
        headers: { origin: 'http://localhost:4000', cookie },
        payload: { name: 'Renamed by a stranger' },
      });
      expect([403, 404], url).toContain(response.statusCode);
      if (response.statusCode === 403)
        expect(response.json().error.message).toBe('Cross-site request refused');
    }
    const project = await app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}`,
      headers: { cookie },
    });
    expect(project.json().name).toBe('Guarded');
  });

  it('refuses a cross-site transformation on the encoded path and reserves nothing', async () => {
    const { app } = testApp;
    const response = await app.inject({
      method: 'POST',
      url: `/%61pi/projects/${projectId}/transformations`,
      headers: { origin: 'http://evil.example', cookie },
      payload: {
        directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
      },
    });
    expect(response.statusCode).toBe(403);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().balance).toBe(5);
  });

  it('counts every spelling against one write limit', async () => {
    const { app } = testApp;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/%61pi/projects/${projectId}`,
        headers: sameOriginHeaders(app, cookie),
        payload: { name: `Name ${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    // The sign-up and the project creation used 1 of the 5 (sign-up has its own limit).
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
  });
});

describe('the per-account sign-in limit, however the path is spelled', () => {
  it('counts encoded spellings of the sign-in path against the address + account limit', async () => {
    const testApp = await createTestApp('sqlite', { AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const { app } = testApp;
      await signUp(app, { email: 'spelled@example.com', password: 'a long password' });
      const statuses: number[] = [];
      for (const url of [
        '/api/auth/sign-in/%65mail',
        '/%61pi/auth/sign-in/email',
        '/api/auth/sign-in/email',
        '/api/auth/%73ign-in/email',
      ]) {
        const response = await app.inject({
          method: 'POST',
          url,
          remoteAddress: '203.0.113.5',
          headers: sameOriginHeaders(app),
          payload: { email: 'spelled@example.com', password: 'a wrong guess' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await testApp.close();
    }
  });
});
