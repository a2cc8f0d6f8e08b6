import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags that let headless Chromium run as root on a machine without outside network. */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function assertChromiumInstalled(): void {
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium was not found at ${chromePath}. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
}

/** `extraArgs`: e.g. `--host-resolver-rules=MAP name 127.0.0.1` to reach us by another host name. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: chromePath, args: [...chromiumFlags, ...extraArgs] });
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** CSP violations and uncaught page errors; a test fails if any appear. */
  problems: string[];
}

/** A fresh context (no cookies, no storage) in English, with CSP and page errors collected. */
export async function openPage(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number }; hasTouch?: boolean } = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 900 },
    // A phone's touch screen: taps are touch pointer events (`locator.tap()`).
    hasTouch: options.hasTouch ?? false,
  });
  // Fail on the locator that is stuck, well before the test's own timeout.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      problems.push(`CSP: ${message.text()}`);
    }
  });
  return { context, page, problems };
}

/**
 * One browser for a test file: `newSession()` opens a fresh context; when the file ends,
 * every session must have seen no CSP violation or page error, and the browser closes.
 */
export function useBrowser(): {
  newSession(options?: Parameters<typeof openPage>[1]): Promise<BrowserSession>;
} {
  let browser: Browser | undefined;
  const sessions: BrowserSession[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const session of sessions) expect(session.problems).toEqual([]);
    await browser?.close();
  });
  return {
    async newSession(options) {
      if (!browser) throw new Error('the browser is not started yet');
      const session = await openPage(browser, options);
      sessions.push(session);
      return session;
    },
  };
}

/** An e-mail no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
