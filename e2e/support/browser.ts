import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

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

export async function launchBrowser(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: chromePath, args: chromiumFlags });
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
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserSession> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1280, height: 900 },
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
