import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

const { newSession } = useBrowser();

/** Values configured on the server that must never reach a browser. */
const secrets = {
  OPENAI_API_KEY: 'sk-canary-openai-0123456789abcdef',
  AUTH_SECRET: 'canary-auth-secret-0123456789abcdefghijkl',
  STRIPE_SECRET_KEY: 'sk_test_canary0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_canary0123456789abcdef',
};

const hostileName = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

// The built bundle and the built server, with every secret set: nothing of them reaches the
// browser, and a project name full of markup is shown as text (docs/decisions/110-security-matrix.md).
describe('production safety of the built app', () => {
  let server: RunningServer;
  const seen: { url: string; body: string }[] = [];

  beforeAll(async () => {
    server = await startServer(
      {
        ...secrets,
        IMAGE_ENGINE: 'local',
        STRIPE_PRICE_STARTER: 'price_starter',
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_POWER: 'price_power',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      },
      undefined,
      'built',
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('ships no secret, key shape or secret variable name in the web bundle', async () => {
    const files = await filesUnder(path.resolve(import.meta.dirname, '../apps/web/dist'));
    expect(files.length).toBeGreaterThan(3);
    const forbidden = [
      /(?<![\w-])sk-[A-Za-z0-9_-]{20,}/,
      /sk_(live|test)_[A-Za-z0-9]{8,}/,
      /whsec_[A-Za-z0-9]{8,}/,
      /OPENAI_API_KEY|STRIPE_SECRET_KEY|STRIPE_WEBHOOK_SECRET|AUTH_SECRET|GOOGLE_CLIENT_SECRET/,
    ];
    for (const file of files) {
      const text = (await readFile(file)).toString('latin1');
      for (const pattern of forbidden) expect(pattern.test(text), `${pattern} in ${file}`).toBe(false);
    }
  });

  it('shows a project named with markup as text, runs none of it, and sends no secret', async () => {
    const { page } = await newSession();
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!/json|text|javascript|html|css|event-stream/.test(type)) return;
      const body = await response.text().catch(() => '');
      seen.push({ url: response.url(), body: `${JSON.stringify(response.headers())}\n${body}` });
    });
    const baseUrl = server.baseUrl;
    const signUp = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
      headers: { origin: baseUrl },
      data: { email: uniqueEmail('safety'), password: 'a long enough password', name: hostileName },
    });
    expect(signUp.status()).toBe(200);
    const image = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 180, g: 140, b: 110 } },
    })
      .png()
      .toBuffer();
    const created = await page.request.post(`${baseUrl}/api/projects`, {
      headers: { origin: baseUrl },
      multipart: { name: hostileName, image: { name: 'facade.png', mimeType: 'image/png', buffer: image } },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();

    await page.goto(`${baseUrl}/projects/${id}`);
    await page.getByText(`Project: ${hostileName}`).waitFor();
    await page.getByRole('button', { name: 'Dashboard' }).click();
    await page.getByRole('dialog', { name: 'Dashboard' }).getByText(hostileName).first().waitFor();
    await expect.poll(() => page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect.poll(() => page.locator('img[src="x"]').count()).toBe(0);

    for (const url of [
      '/api/config',
      '/api/payments/plans',
      '/api/health',
      '/api/docs/json',
      '/api/me',
      '/nowhere',
    ]) {
      const response = await page.request.get(`${baseUrl}${url}`);
      seen.push({ url, body: `${JSON.stringify(response.headers())}\n${await response.text()}` });
    }
    expect(seen.length).toBeGreaterThan(8);
    for (const { url, body } of seen) {
      for (const [name, value] of Object.entries(secrets)) {
        expect(body.includes(value), `${name} in ${url}`).toBe(false);
      }
    }
  });
});
