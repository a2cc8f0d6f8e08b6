import { randomUUID } from 'node:crypto';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, launchBrowser, openPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

/*
 * Hostile text typed by users (and text the AI answers) is shown as text everywhere it appears,
 * and the Content-Security-Policy stops inline script even if markup ever got into the page
 * (docs/decisions/110-security-matrix.md). Every payload calls alert(): a dialog is a failure.
 */

/** Each kind of payload at once; 111 characters, under the 120 a project name may have. */
const projectName = `<img src=x onerror=alert(1)><script>alert(2)</script>"><svg onload=alert(3)>javascript:alert(4)`;
/** Profile fields allow 80 characters. */
const profileText = `"><svg onload=alert(5)><img src=x onerror=alert(6)>`;
const chatText = `<script>alert(7)</script> [click me](javascript:alert(8)) <a href="javascript:alert(9)">link</a> "><svg onload=alert(10)>`;
const replyText = `<img src=x onerror=alert(11)> Done. <a href="javascript:alert(12)">see</a> <script>alert(13)</script>`;
const promptText = `<iframe src="javascript:alert(14)"></iframe><img src=x onerror=alert(15)>`;
const videoTitle = `"><img src=x onerror=alert(16)><script>alert(17)</script>`;

const width = 480;
const height = 320;

function facadePng(): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 185, b: 165 } } })
    .png()
    .toBuffer();
}

/** Mask contract: transparent where the wall is (the whole picture here). */
function wallRegionPng(): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
}

interface Watched extends BrowserSession {
  dialogs: string[];
  consoleErrors: string[];
  violations(): Promise<string[]>;
}

/** A page that records every dialog, console error and CSP violation report it sees. */
async function watchedPage(browser: Browser): Promise<Watched> {
  const session = await openPage(browser, { viewport: { width: 1366, height: 768 } });
  const dialogs: string[] = [];
  const consoleErrors: string[] = [];
  session.page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  session.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await session.page.addInitScript(() => {
    const reports: string[] = [];
    Object.assign(window, { cspViolations: reports });
    document.addEventListener('securitypolicyviolation', (event) => {
      reports.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sample} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return {
    ...session,
    dialogs,
    consoleErrors,
    violations: () =>
      session.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

/** Nothing a payload could have made exists in the page. */
async function expectNoInjectedElement(page: Page, where: string): Promise<void> {
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll(
      'img[src="x"], svg[onload], iframe, [onerror], [onload]',
    )) {
      found.push(element.outerHTML.slice(0, 80));
    }
    for (const script of document.querySelectorAll('script')) {
      if (!script.src) found.push(`inline script: ${script.textContent?.slice(0, 40)}`);
    }
    for (const link of document.querySelectorAll('a[href]')) {
      if (/^\s*javascript:/i.test(link.getAttribute('href') ?? '')) found.push(link.outerHTML.slice(0, 80));
    }
    return found;
  });
  expect(injected, where).toEqual([]);
}

describe('hostile text is shown as text, and the CSP blocks inline script', () => {
  let browser: Browser;
  let fake: FakeOpenAiServer;
  let server: RunningServer;

  beforeAll(async () => {
    browser = await launchBrowser();
    fake = await startFakeOpenAiServer();
    server = await startServer(
      {
        IMAGE_ENGINE: 'openai',
        OPENAI_API_KEY: fake.apiKey,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MAX_RETRIES: '0',
      },
      undefined,
      'built',
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  it('renders project names, profile fields, chat messages, AI replies, prompts and video titles as their exact text', async () => {
    const watched = await watchedPage(browser);
    const { page, context } = watched;
    const origin = server.baseUrl;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });

    const signUp = await page.request.post(`${origin}/api/auth/sign-up/email`, {
      headers: { origin },
      data: {
        email: `xss-${randomUUID()}@example.com`,
        password: 'a long enough password',
        name: profileText,
        fname: profileText,
        lname: profileText,
        companyName: profileText,
      },
    });
    expect(signUp.status()).toBe(200);
    const created = await page.request.post(`${origin}/api/projects`, {
      headers: { origin },
      multipart: {
        name: projectName,
        image: { name: 'facade.png', mimeType: 'image/png', buffer: await facadePng() },
      },
    });
    expect(created.status()).toBe(201);
    const project = (await created.json()) as { id: string; name: string };
    expect(project.name).toBe(projectName);
    const region = await page.request.put(`${origin}/api/projects/${project.id}/regions/walls`, {
      headers: { origin, 'content-type': 'image/png' },
      data: await wallRegionPng(),
    });
    expect(region.status()).toBe(200);
    const upload = await page.request.post(`${origin}/api/projects/${project.id}/history`, {
      headers: { origin },
      multipart: {
        prompt: promptText,
        image: { name: 'result.png', mimeType: 'image/png', buffer: await facadePng() },
      },
    });
    expect(upload.status()).toBeLessThan(300);

    // The studio: its title names the project.
    await page.goto(`${origin}/projects/${project.id}`);
    await page.getByText(`Project: ${projectName}`, { exact: true }).waitFor();
    expect(await page.title()).toBe('Facelift');
    await expectNoInjectedElement(page, 'studio');

    // The gallery's result (the upload above): the prompt it was made with.
    await page
      .getByRole('button', { name: /^Open the result of/ })
      .first()
      .click();
    await page.getByText('Prompt used', { exact: true }).click();
    await page.getByText(promptText, { exact: true }).waitFor();
    await expectNoInjectedElement(page, 'result prompt');

    // The video creator from that result: the title typed, and the caption it copies.
    await page.getByRole('button', { name: 'Make a video' }).click();
    const video = page.getByRole('dialog', { name: 'Before/after video' });
    await video.getByRole('radio', { name: 'Social', exact: true }).check();
    await video.getByRole('combobox', { name: 'Platform' }).selectOption('twitter');
    const title = video.getByRole('textbox', { name: 'Title (optional)', exact: true });
    await title.fill(videoTitle);
    await expect.poll(() => title.inputValue()).toBe(videoTitle);
    await video.getByRole('button', { name: 'Copy caption' }).click();
    await video.getByRole('button', { name: 'Copied!' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${videoTitle}\n\n#beforeandafter #facade`);
    await expectNoInjectedElement(page, 'video creator');
    await page.keyboard.press('Escape');
    await video.waitFor({ state: 'detached' });

    // The dashboard: the project card and the profile.
    await page.getByRole('button', { name: 'Dashboard' }).click();
    const dashboard = page.getByRole('dialog', { name: 'Dashboard' });
    await dashboard.getByRole('heading', { name: projectName, exact: true }).waitFor();
    await expect.poll(() => dashboard.getByText(profileText, { exact: true }).count()).toBe(3);
    await expectNoInjectedElement(page, 'dashboard');
    await page.keyboard.press('Escape');

    // Chat: the message typed in the UI and the AI's reply, then the reply's image dialog.
    fake.chatText = replyText;
    await page.getByRole('radio', { name: 'Chat' }).check();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(chatText);
    await box.press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText(chatText, { exact: true }).waitFor();
    await log.getByText(replyText, { exact: true }).waitFor({ timeout: 20_000 });
    await expectNoInjectedElement(page, 'chat');
    await log.getByRole('button', { name: 'Open the AI image' }).click();
    const replyDialog = page.getByRole('dialog', { name: 'AI image' });
    await replyDialog.waitFor();
    await expectNoInjectedElement(page, 'reply dialog');
    await replyDialog.getByRole('button', { name: 'Close' }).click();
    // After a reload the conversation comes from the server, still as text.
    await page.reload();
    await page.getByRole('radio', { name: 'Chat' }).check();
    await log.getByText(replyText, { exact: true }).waitFor();
    await log.getByText(chatText, { exact: true }).waitFor();
    await expectNoInjectedElement(page, 'chat after reload');

    expect(await page.title()).toBe('Facelift');

    expect(watched.dialogs).toEqual([]);
    expect(await watched.violations()).toEqual([]);
    expect(watched.problems).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
  }, 120_000);

  it('blocks inline script, inline event handlers and javascript: URLs put into the page', async () => {
    const watched = await watchedPage(browser);
    const { page } = watched;
    await page.goto(`${server.baseUrl}/`);
    await page.locator('#root *').first().waitFor();
    const ran = await page.evaluate(async () => {
      const marks = window as unknown as Record<string, unknown>;
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true';
      document.body.append(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="data:," onerror="window.inlineHandlerRan = true">';
      document.body.append(holder);
      const link = document.createElement('a');
      link.href = 'javascript:window.javascriptUrlRan = true';
      document.body.append(link);
      link.click();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return {
        inlineScript: marks.inlineScriptRan ?? false,
        inlineHandler: marks.inlineHandlerRan ?? false,
        javascriptUrl: marks.javascriptUrlRan ?? false,
      };
    });
    expect(ran).toEqual({ inlineScript: false, inlineHandler: false, javascriptUrl: false });
    // Each was refused by script-src, and reported as a violation: the element, the handler
    // attribute, and the javascript: URL (which Chromium files under script-src-elem).
    const violations = await watched.violations();
    expect(violations.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'script-src-elem inline',
      'script-src-attr inline',
      'script-src-elem inline',
    ]);
    expect(watched.dialogs).toEqual([]);
  });
});
