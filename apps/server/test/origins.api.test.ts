import { describe, expect, it } from 'vitest';
import { cookieHeaderFrom, nextClientAddress } from './support/auth-helpers.ts';
import { createTestApp } from './support/test-app.ts';

function signUpAt(
  app: Awaited<ReturnType<typeof createTestApp>>['app'],
  email: string,
  headers: { origin: string; host: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: nextClientAddress(),
    headers,
    payload: { email, password: 'a long password', name: 'Origin' },
  });
}

describe('the origin check without PUBLIC_URL (docs/decisions/022-origins.md)', () => {
  it('accepts the address the browser used: 127.0.0.1 and a name on the local network', async () => {
    const testApp = await createTestApp('sqlite');
    try {
      const { app } = testApp;
      const viaIp = await signUpAt(app, 'ip@example.com', {
        origin: 'http://127.0.0.1:3000',
        host: '127.0.0.1:3000',
      });
      expect(viaIp.statusCode).toBe(200);
      const cookie = cookieHeaderFrom(viaIp);
      const rename = await app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000', cookie },
        payload: { fname: 'Ada' },
      });
      expect(rename.statusCode).toBe(200);
      const viaName = await signUpAt(app, 'lan@example.com', {
        origin: 'http://facelift.lan:3000',
        host: 'facelift.lan:3000',
      });
      expect(viaName.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('still refuses an Origin that is not the Host the request was sent to', async () => {
    const testApp = await createTestApp('sqlite');
    try {
      const response = await signUpAt(testApp.app, 'cross@example.com', {
        origin: 'http://localhost:4000',
        host: '127.0.0.1:3000',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Cross-site request refused');
    } finally {
      await testApp.close();
    }
  });
});

describe('the origin check with PUBLIC_URL', () => {
  it('accepts only the public URL, even from the Host the request was sent to', async () => {
    const testApp = await createTestApp('sqlite', { PUBLIC_URL: 'https://facelift.example' });
    try {
      const { app } = testApp;
      const sameHost = await signUpAt(app, 'strict@example.com', {
        origin: 'http://127.0.0.1:3000',
        host: '127.0.0.1:3000',
      });
      expect(sameHost.statusCode).toBe(403);
      const publicOrigin = await signUpAt(app, 'public@example.com', {
        origin: 'https://facelift.example',
        host: 'facelift.example',
      });
      expect(publicOrigin.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
