import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxEventStreamsPerAccount } from '../src/modules/projects/projects.routes.ts';
import { cookieHeaderFrom, sameOriginHeaders, signIn, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { multipartBody } from './support/multipart.ts';
import { createProject } from './support/project-helpers.ts';
import { openEventStream } from './support/sse-client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

describe('smaller hardening findings', () => {
  let testApp: TestApp;
  let cookie: string;
  let projectId: string;
  let baseUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { WRITE_RATE_LIMIT_MAX: '1000' });
    ({ cookie } = await signUp(testApp.app, { email: 'hardened@example.com', password: 'a long password' }));
    projectId = (await createProject(testApp.app, cookie, 'Hardened', await solidPng(48, 32))).id;
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const balance = async () =>
    (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().balance;

  it('answers a cut-off multipart upload with a clear 400', async () => {
    const body = multipartBody(
      { name: 'Cut off' },
      { filename: 'facade.png', contentType: 'image/png', content: await solidPng(48, 32) },
    );
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...sameOriginHeaders(testApp.app, cookie), ...body.headers },
      payload: body.payload.subarray(0, body.payload.length - 60),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The upload is not a valid form.',
    });
  });

  it('marks private API answers no-store and sends no HSTS over plain http', async () => {
    const me = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.headers['cache-control']).toBe('no-store');
    const projects = await testApp.app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
    expect(projects.headers['cache-control']).toBe('no-store');
    expect(me.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await createTestApp('sqlite', { TRUST_PROXY: 'true' });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a transformation from an unknown source before holding any credit', async () => {
    const before = await balance();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/transformations`,
      headers: sameOriginHeaders(testApp.app, cookie),
      payload: { directives, useElementRegions: false, sourceResultId: 'not-a-result' },
    });
    expect(response.statusCode).toBe(404);
    expect(await balance()).toBe(before);
  });

  it('refuses a transformation with an unreadable mask before holding any credit', async () => {
    const before = await balance();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/transformations`,
      headers: sameOriginHeaders(testApp.app, cookie),
      payload: {
        directives: { mode: 'inpainting', prompt: 'a green door' },
        mask: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`,
      },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await balance()).toBe(before);
  });

  it(`caps open event streams at ${maxEventStreamsPerAccount} per account`, async () => {
    const url = `${baseUrl}/api/projects/${projectId}/events`;
    const streams = [];
    for (let index = 0; index < maxEventStreamsPerAccount; index += 1) {
      streams.push(await openEventStream(url, cookie));
    }
    expect(streams.every((stream) => stream.status === 200)).toBe(true);
    const oneTooMany = await openEventStream(url, cookie);
    expect(oneTooMany.status).toBe(429);
    oneTooMany.close();
    // Closing one frees a place.
    streams.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await openEventStream(url, cookie);
    expect(again.status).toBe(200);
    again.close();
    for (const stream of streams) stream.close();
  });

  it('refuses a common password at sign-up and when changing it', async () => {
    const { response } = await signUp(testApp.app, { email: 'common@example.com', password: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'This password is too common. Choose another one.',
      details: { authCode: 'PASSWORD_TOO_COMMON' },
    });
    const changed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: sameOriginHeaders(testApp.app, cookie),
      payload: { currentPassword: 'a long password', newPassword: 'iloveyou' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.details.authCode).toBe('PASSWORD_TOO_COMMON');
  });

  it('ends every other session when the password changes', async () => {
    const { app } = testApp;
    await signUp(app, { email: 'two-devices@example.com', password: 'first long password' });
    const laptop = await signIn(app, { email: 'two-devices@example.com', password: 'first long password' });
    const phone = await signIn(app, { email: 'two-devices@example.com', password: 'first long password' });
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: sameOriginHeaders(app, laptop.cookie),
      payload: { currentPassword: 'first long password', newPassword: 'second long password' },
    });
    expect(changed.statusCode).toBe(200);
    const laptopCookie = cookieHeaderFrom(changed) || laptop.cookie;
    const onPhone = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: phone.cookie } });
    expect(onPhone.json()).toBeNull();
    const onLaptop = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: laptopCookie } });
    expect(onLaptop.json()?.email).toBe('two-devices@example.com');
  });
});
