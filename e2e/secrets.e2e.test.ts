import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server-process.ts';

/*
 * No configured secret reaches a browser (docs/decisions/110-security-matrix.md): not in the web
 * bundle built with every secret in its environment, and not in any answer of the API, crawled
 * from its own OpenAPI route list (every route, signed in and signed out, error answers too).
 */

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** Distinctive values: a hit anywhere is a leak, never a coincidence. */
const secrets = {
  OPENAI_API_KEY: 'sk-leakcheck-openai-7f3a9c1e5b2d8064',
  STRIPE_SECRET_KEY: 'sk_test_leakcheckStripe7f3a9c1e5b2d',
  STRIPE_WEBHOOK_SECRET: 'whsec_leakcheckWebhook7f3a9c1e5b2d',
  GOOGLE_CLIENT_SECRET: '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d',
  AUTH_SECRET: 'leakcheck-session-secret-7f3a9c1e5b2d8064aa55',
};

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

function leaksIn(text: string): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

describe('no secret in the built bundle or any answer', () => {
  let server: RunningServer;
  let bundleDirectory = '';

  beforeAll(async () => {
    // The web app built with every secret in its environment, as a careless CI would.
    bundleDirectory = await mkdtemp(path.join(tmpdir(), 'facelift-bundle-'));
    execFileSync(
      'npx',
      ['vite', 'build', '--outDir', bundleDirectory, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: path.join(repositoryRoot, 'apps/web'),
        env: { ...process.env, ...secrets },
        stdio: 'pipe',
      },
    );
    server = await startServer(
      {
        ...secrets,
        IMAGE_ENGINE: 'local',
        GOOGLE_CLIENT_ID: 'leakcheck-client-id.apps.example',
        // Nothing listens there: the sign-in and checkout calls fail, and their error answers are checked too.
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
        STRIPE_PRICE_STARTER: 'price_starter',
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_POWER: 'price_power',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
        SALES_OPEN: 'true',
      },
      undefined,
      'built',
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    if (bundleDirectory) await rm(bundleDirectory, { recursive: true, force: true });
  });

  it('ships none of the secrets, key shapes or secret variable names in the web bundle (source maps included)', async () => {
    const served = path.join(repositoryRoot, 'apps/web/dist');
    const files = [...(await filesUnder(bundleDirectory)), ...(await filesUnder(served))];
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(2);
    const shapes = [
      /(?<![\w-])sk-[A-Za-z0-9_-]{20,}/,
      /sk_(live|test)_[A-Za-z0-9]{8,}/,
      /whsec_[A-Za-z0-9]{8,}/,
      /GOCSPX-/,
      /OPENAI_API_KEY|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|AUTH_SECRET|GOOGLE_CLIENT_SECRET/,
    ];
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1');
      expect(leaksIn(text), file).toEqual([]);
      for (const shape of shapes) expect(shape.test(text), `${shape} in ${file}`).toBe(false);
    }
  });

  it('sends no secret in any answer of any route of the OpenAPI description, signed in or out', async () => {
    const origin = server.baseUrl;
    const answers: { what: string; text: string }[] = [];
    async function record(what: string, response: Response): Promise<Response> {
      const text = `${JSON.stringify([...response.headers])}\n${await response.clone().text()}`;
      answers.push({ what: `${what} → ${response.status}`, text });
      return response;
    }

    const signUp = await record(
      'sign-up',
      await fetch(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'leaks@example.com',
          password: 'a long enough password',
          name: 'Leaks',
        }),
      }),
    );
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const form = new FormData();
    form.append('name', 'Leak check');
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c8b49a' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'facade.png');
    const project = (await (
      await record(
        'create project',
        await fetch(`${origin}/api/projects`, { method: 'POST', headers: { origin, cookie }, body: form }),
      )
    ).json()) as { id: string; original: { url: string } };
    const job = await record(
      'transformation',
      await fetch(`${origin}/api/projects/${project.id}/transformations`, {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
        }),
      }),
    );
    const jobId = job.ok ? ((await job.json()) as { job: { id: string } }).job.id : 'no-job';

    const description = (await (await fetch(`${origin}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const values: Record<string, string> = {
      projectId: project.id,
      itemId: 'no-such-item',
      element: 'walls',
      sessionId: 'cs_no_such_session',
      jobId,
      messageId: 'no-such-message',
    };
    // Deletions last, so the project is there for every other route.
    const operations = Object.entries(description.paths)
      .flatMap(([route, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), route })),
      )
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, route } of operations) {
      // Deleting the account would end the crawl's session; its answers are the matrix's.
      if (route === '/api/account/delete') continue;
      const url =
        route === '/api/files/{*}'
          ? project.original.url
          : route.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'unknown');
      for (const signedIn of [true, false]) {
        const headers: Record<string, string> = { origin, ...(signedIn ? { cookie } : {}) };
        if (method !== 'GET' && method !== 'DELETE') headers['content-type'] = 'application/json';
        // Events stream forever: read the first chunk only.
        const controller = new AbortController();
        const response = await fetch(`${origin}${url}`, {
          method,
          headers,
          signal: controller.signal,
          ...(method !== 'GET' && method !== 'DELETE'
            ? { body: JSON.stringify(route.endsWith('/checkout') ? { planId: 'starter' } : {}) }
            : {}),
        });
        if (route.endsWith('/events') && response.ok && response.body) {
          const reader = response.body.getReader();
          const { value } = await reader.read();
          answers.push({
            what: `${method} ${route} (signed in: ${signedIn})`,
            text: JSON.stringify([...response.headers]) + new TextDecoder().decode(value),
          });
          controller.abort();
          continue;
        }
        await record(`${method} ${route} (signed in: ${signedIn})`, response);
      }
    }
    // Hidden routes: better-auth's session and Google sign-in (refused: no provider reachable), the
    // Stripe webhook with a bad signature, the API docs page, the web app and an unknown path.
    const extra: [string, RequestInit][] = [
      ['/api/auth/get-session', { headers: { cookie } }],
      [
        '/api/auth/sign-in/social',
        {
          method: 'POST',
          headers: { origin, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
        },
      ],
      [
        '/api/payments/stripe/webhook',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
          body: '{}',
        },
      ],
      ['/api/docs', {}],
      ['/', {}],
      ['/nowhere', {}],
      ['/api/nowhere', { headers: { cookie } }],
    ];
    for (const [url, init] of extra) await record(url, await fetch(`${origin}${url}`, init));

    // The crawl reached the handlers, not only the guards.
    expect(answers.filter(({ what }) => /signed in: true\) → 200$/.test(what)).length).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThan(2 * operations.length);
    const leaks = answers.flatMap(({ what, text }) => leaksIn(text).map((name) => `${name} in ${what}`));
    expect(leaks).toEqual([]);
  }, 120_000);
});
