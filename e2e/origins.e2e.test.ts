import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, uniqueEmail } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

/**
 * Without PUBLIC_URL, the app works from whatever address the browser used
 * (docs/decisions/022-origins.md): 127.0.0.1, or a name on the local network as a phone would
 * use. The server runs in production mode, where better-auth checks origins too.
 */
const lanName = 'facelift-box.lan';

describe('signing up from any address when PUBLIC_URL is unset', () => {
  let server: RunningServer;
  let browser: Browser;
  let port: string;

  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: '', NODE_ENV: 'production', HOST: '0.0.0.0' });
    port = new URL(server.baseUrl).port;
    browser = await launchBrowser([`--host-resolver-rules=MAP ${lanName} 127.0.0.1`]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const host of ['127.0.0.1', lanName]) {
    it(`signs up and signs out at http://${host}`, async () => {
      const { page, context, problems } = await openPage(browser);
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const baseUrl = `http://${host}:${port}`;
      await page.goto(baseUrl);
      await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'No account yet? Sign up' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.getByLabel('E-mail').fill(uniqueEmail('origin'));
      await dialog.getByLabel('Password').fill('a long enough password');
      await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByText('5 credits', { exact: true }).waitFor();

      // A state change with the session cookie: the origin check applies in full.
      const signOut = await page.evaluate(async () => {
        const response = await fetch('/api/auth/sign-out', { method: 'POST' });
        return response.status;
      });
      expect(signOut).toBe(200);
      await page.reload();
      await page.getByRole('button', { name: 'Sign in / Sign up' }).waitFor();
      expect(problems).toEqual([]);
      // No refusal and no 401 (signed out, /api/me answers 200). Chromium notes that it ignores
      // COOP on a plain-http origin other than localhost: expected.
      const refusals = consoleErrors.filter(
        (text) => /40[13]|origin/i.test(text) && !/Opener-Policy/.test(text),
      );
      expect(refusals.join('\n')).toBe('');
      await context.close();
    });
  }
});
