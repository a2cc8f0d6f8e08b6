import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/lib/app-error.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const indexHtml = '<!doctype html><html><body><div id="root"></div>facelift-test-shell</body></html>';

async function createWebDist(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'facelift-dist-'));
  await mkdir(path.join(directory, 'assets'));
  await writeFile(path.join(directory, 'index.html'), indexHtml);
  await writeFile(path.join(directory, 'assets', 'main-abc123.js'), 'console.log(1);');
  await writeFile(path.join(directory, 'assets', 'main-abc123.js.map'), '{"version":3}');
  return directory;
}

function addTestRoutes(app: FastifyInstance) {
  app.get('/api/test/crash', async () => {
    throw new Error('secret database password in a stack');
  });
  app.get('/api/test/app-error', async () => {
    throw new AppError('NO_CREDITS', 'No credits available');
  });
  app.post('/api/test/validated', { schema: { body: z.object({ name: z.string().min(1) }) } }, async () => ({
    ok: true,
  }));
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`foundation API ${title}`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, { WEB_DIST_DIR: await createWebDist() }, addTestRoutes);
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('reports health with the version and a reachable database', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'ok',
        version: '0.1.0',
        database: { dialect, reachable: true },
      });
    });

    it('answers 503 when the database is gone', async () => {
      const broken = await createTestApp(dialect);
      await broken.app.db.destroy();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json().database.reachable).toBe(false);
      await broken.close().catch(() => undefined);
    });

    it('echoes a request id and lets nothing load, run or frame an API answer', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
      // A refusal made before the route runs carries the same set.
      const refused = await testApp.app.inject({
        method: 'POST',
        url: '/api/test/validated',
        headers: { origin: 'https://evil.example' },
        payload: { name: 'x' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends the full page policy with the web app, its files and unmatched paths', async () => {
      for (const url of ['/', '/projects/123', '/assets/main-abc123.js', '/api/does-not-exist']) {
        const response = await testApp.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        // JavaScript eval stays refused; only WebAssembly may be compiled (the recolour's kernel).
        expect(csp, url).not.toMatch(/(?<!wasm-)unsafe-eval/);
        expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['referrer-policy'], url).toBe('no-referrer');
        expect(response.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it('never leaks the message of an unexpected error', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({
        code: 'INTERNAL_ERROR',
        message: 'Internal server error',
      });
      expect(response.body).not.toContain('secret');
    });

    it('maps an AppError code to its status and keeps its message', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/test/app-error' });
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({ code: 'NO_CREDITS', message: 'No credits available' });
    });

    it('refuses a body that fails its zod schema with VALIDATION_FAILED', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/test/validated',
        headers: { origin: testApp.config.publicUrl },
        payload: { name: '' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    });

    it('serves the web app for any other path (SPA fallback) without caching index.html', async () => {
      for (const url of ['/', '/projects/123', '/some/deep/link?x=1']) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('facelift-test-shell');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('caches hashed assets for a year', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('never serves source maps, and answers a missing asset with 404 rather than the app', async () => {
      for (const url of ['/assets/main-abc123.js.map', '/assets/gone-123.js']) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('"version":3');
      }
    });

    it('describes the API in OpenAPI at /api/docs/json and serves the docs UI', async () => {
      const json = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(json.json().paths['/api/health']).toBeDefined();
      const ui = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(ui.statusCode);
    });

    it('runs migrations idempotently: a second app on the same database starts cleanly', async () => {
      if (dialect !== 'sqlite') return;
      const second = await createTestApp('sqlite', { DATA_DIR: testApp.dataDirectory });
      const response = await second.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      await second.app.close();
    });
  });
}

describe('write rate limit', () => {
  it('refuses state changes beyond the limit per account, and leaves reads alone', async () => {
    const { signUp } = await import('./support/auth-helpers.ts');
    const testApp = await createTestApp('sqlite', { WRITE_RATE_LIMIT_MAX: '3' });
    try {
      const { cookie } = await signUp(testApp.app, { email: 'busy@example.com', password: 'password-123' });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/payments/fulfil',
          headers: { origin: testApp.config.publicUrl, cookie },
          payload: { sessionId: 'test_cs_unknown' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error).toMatchObject({
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait a minute and try again.',
          });
        }
      }
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(statuses.slice(0, 3)).not.toContain(429);
      const read = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(read.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
