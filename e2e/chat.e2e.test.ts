import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import {
  leftWallFacadePng,
  leftWallRegionPng,
  userWithProject as setUpProject,
} from './support/project-setup.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

const { newSession } = useBrowser();
const baseUrl = inject('baseUrl');

const screenshots = process.env.CHAT_SCREENSHOTS;

async function referenceFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A user with the left-wall facade and its wall marked (the chat edits marked elements too). */
async function userWithProject(request: APIRequestContext, origin: string) {
  return setUpProject(request, origin, {
    label: 'Chat',
    projectName: 'Chat house',
    photo: await leftWallFacadePng(),
    wallRegion: await leftWallRegionPng(),
  });
}

async function openChat(page: Page, origin: string, projectId: string) {
  await page.goto(`${origin}/projects/${projectId}`);
  await page.getByText('5 credits', { exact: true }).waitFor();
  await page.getByRole('radio', { name: 'Chat' }).check();
  await page.getByRole('heading', { name: 'Chat with the AI' }).waitFor();
}

/** Attaches four images at once: the fourth is dropped with the product's message. */
async function attachFour(page: Page) {
  await page
    .getByTestId('chat-attach-input')
    .setInputFiles([
      await referenceFile('one.png', '#aa3333'),
      await referenceFile('two.png', '#33aa33'),
      await referenceFile('three.png', '#3333aa'),
      await referenceFile('four.png', '#aaaa33'),
    ]);
  await page.getByRole('alert').filter({ hasText: 'You can only upload up to 3 images.' }).waitFor();
  const thumbnails = page.getByRole('list', { name: 'Attached reference images' }).getByRole('img');
  await expect.poll(() => thumbnails.count()).toBe(3);
}

async function boxOf(page: Page) {
  const box = await page.getByRole('dialog', { name: 'AI image' }).boundingBox();
  if (!box) throw new Error('dialog not visible');
  return box;
}

/** Drags the dialog by its title bar, by its grip with the keyboard, and far off screen. */
async function dragDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'AI image' });
  await dialog.waitFor();
  const start = await boxOf(page);
  const title = dialog.getByRole('heading', { name: 'AI image' });
  const handle = await title.boundingBox();
  if (!handle) throw new Error('no title bar');
  await page.mouse.move(handle.x + 10, handle.y + 10);
  await page.mouse.down();
  await page.mouse.move(handle.x - 90, handle.y + 50, { steps: 5 });
  await page.mouse.up();
  const dragged = await boxOf(page);
  expect(Math.round(dragged.x - start.x)).toBe(-100);
  expect(Math.round(dragged.y - start.y)).toBe(40);

  await dialog.getByRole('button', { name: 'Move the dialog (arrow keys)' }).focus();
  await page.keyboard.press('ArrowRight');
  expect(Math.round((await boxOf(page)).x - dragged.x)).toBe(20);

  // However far it is pulled, it stays on screen.
  const now = await boxOf(page);
  await page.mouse.move(now.x + 30, now.y + 20);
  await page.mouse.down();
  await page.mouse.move(now.x - 3000, now.y + 3000, { steps: 5 });
  await page.mouse.up();
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const clamped = await boxOf(page);
  expect(clamped.x).toBeGreaterThanOrEqual(0);
  expect(clamped.y + Math.min(clamped.height, viewport.height)).toBeLessThanOrEqual(viewport.height + 1);
}

async function historyOf(request: APIRequestContext, origin: string, projectId: string) {
  const project = await (await request.get(`${origin}/api/projects/${projectId}`)).json();
  return project as {
    history: { id: string }[];
    chatHistory: { role: string; savedResultId: string | null }[];
  };
}

describe('chat with the offline engine (no key)', () => {
  it('attaches up to 3 images, sends with Enter, shows the reply image, drags its dialog, saves it and keeps the conversation', async () => {
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request, baseUrl);
    await openChat(page, baseUrl, project.id);
    await attachFour(page);
    await page.getByRole('button', { name: 'Remove reference image 3' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Remove reference image/ }).count()).toBe(2);

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('paint the walls sage');
    await box.press('Shift+Enter');
    await box.pressSequentially('and keep the rest');
    await expect.poll(() => box.inputValue()).toBe('paint the walls sage\nand keep the rest');
    await box.fill('paint the walls sage');
    await box.press('Enter');

    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('paint the walls sage', { exact: true }).waitFor();
    await log.getByText('Painted the walls sage. Everything else is unchanged.').waitFor({ timeout: 20_000 });
    await expect.poll(() => log.getByRole('img', { name: /Reference image/ }).count()).toBe(2);
    await page.getByText('3.5 credits', { exact: true }).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/chat-1366.png`, fullPage: false });

    await log.getByRole('button', { name: 'Open the AI image' }).click();
    await dragDialog(page);
    if (screenshots) await page.screenshot({ path: `${screenshots}/chat-dialog-1366.png` });
    const dialog = page.getByRole('dialog', { name: 'AI image' });
    await dialog.getByRole('button', { name: 'Save to project' }).click();
    await dialog.getByText('Saved to the project', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const saved = await historyOf(page.request, baseUrl, project.id);
    expect(saved.history).toHaveLength(1);
    expect(saved.chatHistory.at(-1)?.savedResultId).toBe(saved.history[0]?.id);

    // A request it cannot paint gets a text reply that costs nothing.
    await box.fill('add a balcony');
    await box.press('Enter');
    await log.getByText(/^Offline I can only repaint/).waitFor({ timeout: 20_000 });
    await page.getByText('3.5 credits', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Chat with the AI' }).waitFor();
    await log.getByText('paint the walls sage', { exact: true }).waitFor();
    await log.getByText('Painted the walls sage. Everything else is unchanged.').waitFor();
    await log.getByRole('button', { name: 'Open the AI image' }).waitFor();
    await expect.poll(() => log.getByRole('listitem').count()).toBe(4);
  });

  it('shows an image reply whole in the message list at 1366×768 in every language, the composer in view', {
    timeout: 90_000,
  }, async () => {
    // The cost in the language's own numbers and plural ("1.5" read "1.5 créditos" in Spanish).
    const languages = [
      { locale: 'en-US', chat: 'Chat', cost: 'A reply with an image costs 1.5 credits' },
      { locale: 'es-ES', chat: 'Chat', cost: 'Una respuesta con imagen cuesta 1,5 créditos' },
      { locale: 'fr-FR', chat: 'Discussion', cost: 'Une réponse avec une image coûte 1,5 crédit ;' },
    ];
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 1366, height: 768 },
        locale: language.locale,
      });
      const project = await userWithProject(page.request, baseUrl);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      await page.getByRole('radio', { name: language.chat, exact: true }).check();
      await page.getByText(language.cost).waitFor();
      const box = page.locator('.chat-composer__input');
      await box.fill('paint the walls sage');
      await box.press('Enter');
      const image = page.locator('.chat-message--assistant .chat-message__image-button img');
      await image.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      // The list was about 120 px high and cut the 160 px image; it is now the column's
      // flexible part, and an image is never taller than the list shows.
      const list = page.locator('.chat-messages');
      await expect
        .poll(async () => {
          const [inner, outer] = await Promise.all([image.boundingBox(), list.boundingBox()]);
          if (!inner || !outer) return 'not shown';
          const inside =
            inner.y >= outer.y - 0.5 &&
            inner.y + inner.height <= outer.y + outer.height + 0.5 &&
            inner.x >= outer.x - 0.5 &&
            inner.x + inner.width <= outer.x + outer.width + 0.5;
          return inside ? 'whole' : `image ${JSON.stringify(inner)} list ${JSON.stringify(outer)}`;
        })
        .toBe('whole');
      expect((await list.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(200);
      expect((await image.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(100);
      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      for (const target of [box, page.locator('.chat-composer button[type="submit"]')]) {
        const targetBox = await target.boundingBox();
        expect((targetBox?.y ?? Number.POSITIVE_INFINITY) + (targetBox?.height ?? 0)).toBeLessThanOrEqual(
          viewport.height,
        );
      }
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    }
  });

  it('brings the conversation into the phone sheet when Chat is chosen and when a reply comes', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request, baseUrl);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    // The offers are at the sheet's end: choosing Chat left the sheet scrolled there, the
    // conversation (at the sheet's start) out of view above it.
    await page.getByRole('radio', { name: 'Chat' }).check();
    const sheet = page.locator('.studio__controls');
    const list = page.locator('.chat-messages');
    const listInSheet = async () => {
      const [inner, outer] = await Promise.all([list.boundingBox(), sheet.boundingBox()]);
      if (!inner || !outer) return 'not shown';
      return inner.y >= outer.y - 0.5 &&
        inner.y + inner.height <= outer.y + outer.height + 0.5 &&
        inner.y + inner.height <= 844
        ? 'in view'
        : `list ${JSON.stringify(inner)} sheet ${JSON.stringify(outer)}`;
    };
    await expect.poll(listInSheet).toBe('in view');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('paint the walls sage');
    await box.press('Enter');
    const image = list.locator('.chat-message__image-button img');
    await image.waitFor({ timeout: 20_000 });
    await expect.poll(listInSheet).toBe('in view');
    await expect
      .poll(async () => {
        const [inner, outer] = await Promise.all([image.boundingBox(), list.boundingBox()]);
        if (!inner || !outer) return 'not shown';
        return inner.y >= outer.y - 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5
          ? 'whole'
          : `image ${JSON.stringify(inner)} list ${JSON.stringify(outer)}`;
      })
      .toBe('whole');
    for (const target of [box, page.getByRole('button', { name: 'Send' })]) {
      const targetBox = await target.boundingBox();
      expect((targetBox?.y ?? Number.POSITIVE_INFINITY) + (targetBox?.height ?? 0)).toBeLessThanOrEqual(844);
    }
  });

  it('fits a phone screen under a result: the composer, Send and the newest message show below the header, nothing overlaps, no sideways scroll', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request, baseUrl);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    // A result first: on a phone it does not stick under the header, so the page itself
    // scrolls to bring the conversation into view (and once left it behind the header).
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 20_000 });
    // The result's buttons follow the sheet: a user who went down to them scrolled the page.
    await page.getByRole('link', { name: 'Download' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('radio', { name: 'Chat' }).check();
    await page.getByRole('heading', { name: 'Chat with the AI' }).waitFor();
    await attachFour(page);
    await page.getByRole('textbox', { name: 'Message' }).fill('les murs en vert sauge');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByRole('button', { name: 'Open the AI image' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => log.getByRole('listitem').count()).toBe(2);

    await expect.poll(() => phoneChatLayoutFaults(page)).toEqual([]);
    if (screenshots) {
      await page.screenshot({ path: `${screenshots}/chat-390.png` });
      await page.getByRole('button', { name: 'Open the AI image' }).click();
      await page.getByRole('dialog', { name: 'AI image' }).waitFor();
      await page.screenshot({ path: `${screenshots}/chat-dialog-390.png` });
    }
  });

  it('keeps the composer to its two lines on a phone in every language (the placeholder wrapped to three)', async () => {
    const languages = [
      { locale: 'en-US', chat: 'Chat' },
      { locale: 'es-ES', chat: 'Chat' },
      { locale: 'fr-FR', chat: 'Discussion' },
    ];
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 390, height: 844 },
        locale: language.locale,
      });
      const project = await userWithProject(page.request, baseUrl);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      await page.getByRole('radio', { name: language.chat, exact: true }).check();
      const box = page.locator('.chat-composer__input');
      await box.waitFor();
      // The box sizes itself to its content, the placeholder included (field-sizing: content).
      await expect
        .poll(() =>
          box.evaluate((element: HTMLTextAreaElement) => {
            const style = getComputedStyle(element);
            const twoLines =
              2 * Number.parseFloat(style.lineHeight) +
              Number.parseFloat(style.paddingTop) +
              Number.parseFloat(style.paddingBottom) +
              Number.parseFloat(style.borderTopWidth) +
              Number.parseFloat(style.borderBottomWidth);
            const height = element.getBoundingClientRect().height;
            return element.placeholder.length > 0 && height <= twoLines + 0.5
              ? 'two lines'
              : `${height} px for "${element.placeholder}", two lines are ${twoLines} px`;
          }),
        )
        .toBe('two lines');
      await context.close();
    }
  });
});

/**
 * What is wrong with the phone chat's layout, as messages (none when it fits): the page scrolls
 * sideways; the composer, Attach, Send or the newest message is outside the part of the screen
 * the sticky header leaves, or covered at its centre; two of the composer's parts overlap.
 */
function phoneChatLayoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    if (document.documentElement.scrollWidth > width) {
      faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const header = document.querySelector('.app-header')?.getBoundingClientRect();
    const top = header?.bottom ?? 0;
    const composer = document.querySelector<HTMLElement>('.chat-composer__input');
    const [attach, send] = [...document.querySelectorAll<HTMLElement>('.chat-composer__actions button')];
    const list = document.querySelector<HTMLElement>('.chat-messages');
    const cost = list?.parentElement?.querySelector<HTMLElement>(':scope > .ui-field__hint');
    const newest = [...document.querySelectorAll<HTMLElement>('.chat-messages__list > li')].at(-1);
    const parts = { composer, attach, send, list, cost, newest };
    for (const [name, element] of Object.entries(parts)) {
      if (!element) faults.push(`${name} is missing`);
    }
    if (!composer || !attach || !send || !list || !cost || !newest) return faults;
    const describe = (rect: DOMRect) =>
      `x ${Math.round(rect.left)}–${Math.round(rect.right)}, y ${Math.round(rect.top)}–${Math.round(rect.bottom)}`;
    const isHit = (element: HTMLElement, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === element || element.contains(hit));
    };
    for (const [name, element] of Object.entries({ composer, attach, send, list })) {
      const rect = element.getBoundingClientRect();
      if (rect.left < 0 || rect.right > width || rect.top < top - 0.5 || rect.bottom > height + 0.5) {
        faults.push(
          `${name} at ${describe(rect)} is not in the screen under the header (y ${top}–${height})`,
        );
      } else if (!isHit(element, rect.left + rect.width / 2, rect.top + rect.height / 2)) {
        faults.push(`${name} is covered at its centre`);
      }
    }
    // The list follows the newest message: its end shows at the list's bottom, uncovered.
    const listRect = list.getBoundingClientRect();
    const newestRect = newest.getBoundingClientRect();
    if (newestRect.bottom > listRect.bottom + 0.5 || newestRect.bottom < listRect.top) {
      faults.push(
        `the newest message (${describe(newestRect)}) is not shown in the list (${describe(listRect)})`,
      );
    } else if (
      !isHit(newest, newestRect.left + newestRect.width / 2, Math.max(top, newestRect.bottom - 12))
    ) {
      faults.push('the newest message is covered');
    }
    const boxes = Object.entries({ list, composer, attach, send, cost }).map(
      ([name, element]) => [name, element.getBoundingClientRect()] as const,
    );
    for (const [index, [name, rect]] of boxes.entries()) {
      for (const [otherName, other] of boxes.slice(index + 1)) {
        const overlapX = Math.min(rect.right, other.right) - Math.max(rect.left, other.left);
        const overlapY = Math.min(rect.bottom, other.bottom) - Math.max(rect.top, other.top);
        if (overlapX > 0.5 && overlapY > 0.5) faults.push(`${name} and ${otherName} overlap`);
      }
    }
    return faults;
  });
}

describe('chat with the OpenAI engine (fake server)', () => {
  let fake: FakeOpenAiServer;
  let server: RunningServer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    server = await startServer({
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('sends the last message with the facade and references, shows the reply image and charges 1.5', async () => {
    const { page } = await newSession();
    const origin = server.baseUrl;
    const project = await userWithProject(page.request, origin);
    await openChat(page, origin, project.id);
    await attachFour(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Make the shutters blue');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const log = page.getByRole('log', { name: 'Conversation' });
    await log.getByText('Here is the facade.').waitFor({ timeout: 20_000 });
    await log.getByRole('button', { name: 'Open the AI image' }).waitFor();
    await page.getByText('3.5 credits', { exact: true }).waitFor();
    const call = fake.responsesCalls.at(-1);
    expect(call?.body.model).toBe('gpt-4o-mini');
    expect(call?.body.input).toHaveLength(1);
    expect(call?.images).toHaveLength(4);
    expect(call?.body.tools?.[0]).toMatchObject({ type: 'image_generation', quality: 'high' });

    // A failure shows the error box and gives the credits back.
    fake.failNext('server-error');
    await box.fill('Again please');
    await box.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'No credits were charged for this reply.' })
      .waitFor({ timeout: 20_000 });
    await page.getByText('3.5 credits', { exact: true }).waitFor();

    await log.getByRole('button', { name: 'Open the AI image' }).click();
    await dragDialog(page);
  });
});
