import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const { newSession } = useBrowser();
const baseUrl = inject('baseUrl');

// Set STUDIO_SCREENSHOTS=<dir> to keep a screenshot of every size and language (for a look by eye).
const screenshotDirectory = process.env.STUDIO_SCREENSHOTS;

const width = 900;
const height = 600;

/** A generated facade: a warm wall with a dark roof band over a blue sky strip. */
function facadePng(): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 70, g: 130, b: 210 } } })
    .composite([
      {
        input: { create: { width: 700, height: 420, channels: 3, background: { r: 200, g: 185, b: 165 } } },
        left: 100,
        top: 180,
      },
      {
        input: { create: { width: 760, height: 80, channels: 3, background: { r: 90, g: 60, b: 50 } } },
        left: 70,
        top: 100,
      },
    ])
    .png()
    .toBuffer();
}

async function userWithProject(request: APIRequestContext) {
  const signUp = await request.post(`${baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: baseUrl },
    data: { email: `studio-${randomUUID()}@example.com`, password: 'a long enough password', name: 'Studio' },
  });
  expect(signUp.status()).toBe(200);
  const created = await request.post(`${baseUrl}/api/projects`, {
    headers: { origin: baseUrl },
    multipart: {
      name: 'Studio layout',
      image: { name: 'facade.png', mimeType: 'image/png', buffer: await facadePng() },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string };
}

/** The element's box lies wholly inside the viewport (no page scroll needed to see it). */
async function expectInViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** Nothing sits on top of the element's centre (a hint over the photo, a sheet over a swatch). */
async function expectUncovered(locator: Locator) {
  const isOnTop = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
  expect(isOnTop).toBe(true);
}

const sizes = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const languages = [
  { locale: 'en-US', photo: 'Current image', swatch: 'Sage', transform: 'Transform' },
  { locale: 'es-ES', photo: 'Imagen actual', swatch: 'Salvia', transform: 'Transformar' },
  { locale: 'fr-FR', photo: 'Image actuelle', swatch: 'Sauge', transform: 'Transformer' },
] as const;

describe('the studio fits one screen', () => {
  for (const size of sizes) {
    it(`shows the stage, the swatches and Transform without scrolling the page at ${size.viewport.width}×${size.viewport.height}`, async () => {
      const { page } = await newSession({ viewport: size.viewport });
      const project = await userWithProject(page.request);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const photo = page.locator('.studio__stage img').first();
      await photo.waitFor();
      await page.getByRole('button', { name: 'Wall colour' }).waitFor();

      await expectInViewport(page, photo);
      await expectUncovered(photo);
      await expectInViewport(page, page.getByRole('button', { name: 'Wall colour' }));
      // Every swatch on a laptop; on a phone the first row of the sheet.
      const swatch = page.getByRole('button', {
        name: size.name === 'laptop' ? 'Sage' : 'White',
        exact: true,
      });
      await expectInViewport(page, swatch);
      await expectUncovered(swatch);
      const transform = page.getByRole('button', { name: 'Transform', exact: true });
      await expectInViewport(page, transform);
      await expectUncovered(transform);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      if (size.name === 'phone') {
        // Touch targets: at least 44 px on a phone.
        for (const target of [swatch, transform, page.getByRole('button', { name: 'Wall colour' })]) {
          const box = await target.boundingBox();
          expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
          expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
        }
        // The sheet expands to show every control, and collapses again.
        await page.getByRole('button', { name: 'Show all controls' }).click();
        await expectInViewport(page, page.getByRole('button', { name: 'Show less' }));
        await expectInViewport(page, transform);
        await page.getByRole('button', { name: 'Show less' }).click();
        await expectInViewport(page, photo);
      }
    });
  }

  it.runIf(screenshotDirectory)('takes screenshots at both sizes in every language', async () => {
    const directory = screenshotDirectory ?? '';
    mkdirSync(directory, { recursive: true });
    for (const language of languages) {
      for (const size of sizes) {
        const { page, context } = await newSession({ viewport: size.viewport, locale: language.locale });
        const project = await userWithProject(page.request);
        await page.goto(`${baseUrl}/projects/${project.id}`);
        await page.locator('.studio__stage img').first().waitFor();
        await page.getByRole('button', { name: language.transform, exact: true }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(directory, `studio-${size.name}-${language.locale}.png`) });
        await context.close();
      }
    }
  });
});
