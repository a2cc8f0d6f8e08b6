import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const { newSession } = useBrowser();

const baseUrl = inject('baseUrl');
// Larger than the editor shows it: strokes are drawn at display size and read at natural size.
const width = 1600;
const height = 1200;

function plainFacade(): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 190, b: 175 } } })
    .png()
    .toBuffer();
}

async function projectInPage(page: Page) {
  const request: APIRequestContext = page.request;
  const signUp = await request.post(`${baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: baseUrl },
    data: { email: `mask-${randomUUID()}@example.com`, password: 'a long enough password', name: 'Mask' },
  });
  expect(signUp.status()).toBe(200);
  const created = await request.post(`${baseUrl}/api/projects`, {
    headers: { origin: baseUrl },
    multipart: {
      name: 'Mask test',
      image: { name: 'f.png', mimeType: 'image/png', buffer: await plainFacade() },
    },
  });
  expect(created.status()).toBe(201);
  const project = (await created.json()) as { id: string };
  await page.goto(`${baseUrl}/projects/${project.id}`);
  return project;
}

/** Screen position of a point given in the photo's natural pixels. */
async function toScreen(page: Page, x: number, y: number) {
  const stage = page.getByRole('img', { name: 'Photo to paint on' });
  await stage.waitFor();
  const box = await stage.boundingBox();
  if (!box) throw new Error('the editor stage is not visible');
  return { x: box.x + (x / width) * box.width, y: box.y + (y / height) * box.height };
}

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const start = await toScreen(page, ...from);
  const end = await toScreen(page, ...to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(start.x + ((end.x - start.x) * step) / 8, start.y + ((end.y - start.y) * step) / 8);
  }
  await page.mouse.up();
}

/** Alpha of the saved walls region at natural-size points (0 = marked, 255 = not). */
async function wallsRegionAlpha(page: Page, projectId: string, points: [number, number][]) {
  const regions = (await (await page.request.get(`${baseUrl}/api/projects/${projectId}/regions`)).json()) as {
    regions: { element: string; url: string; width: number; height: number }[];
  };
  const walls = regions.regions.find((region) => region.element === 'walls');
  expect(walls).toMatchObject({ width, height });
  const png = await (await page.request.get(`${baseUrl}${walls?.url}`)).body();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info).toMatchObject({ width, height });
  return points.map(([x, y]) => data[(y * width + x) * 4 + 3]);
}

describe('mask editor', () => {
  it('marks the walls with a rectangle; the region is saved at natural size and reaches the job', async () => {
    const { page } = await newSession();
    const project = await projectInPage(page);
    await page.getByRole('button', { name: 'Mark areas' }).click();
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await editor.getByRole('button', { name: 'Walls' }).click();
    await editor.getByRole('button', { name: 'Region select' }).click();
    await editor.getByRole('button', { name: 'Rectangle' }).click();
    await drag(page, [200, 200], [1000, 900]);
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Marked: walls.').waitFor();

    const [inside, nearCorner, outside, farOutside] = await wallsRegionAlpha(page, project.id, [
      [600, 550],
      [220, 220],
      [1100, 950],
      [1500, 100],
    ]);
    expect([inside, nearCorner]).toEqual([0, 0]);
    expect([outside, farOutside]).toEqual([255, 255]);

    // The job uses it: the wall turns sage inside the rectangle only.
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 30_000 });
    const projectView = await (await page.request.get(`${baseUrl}/api/projects/${project.id}`)).json();
    const result = await (
      await page.request.get(`${baseUrl}${projectView.history[0].transformed.url}`)
    ).body();
    const { data, info } = await sharp(result).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * width + x) * info.channels, (y * width + x) * info.channels + 3),
    ];
    expect(at(1500, 100)).toEqual([200, 190, 175]);
    const [red = 0, green = 0, blue = 0] = at(600, 550);
    expect(green).toBeGreaterThan(red);
    expect(green).toBeGreaterThan(blue);
  });

  it('paints with the brush, undoes the last stroke, and resets everything', async () => {
    const { page } = await newSession();
    const project = await projectInPage(page);
    await page.getByRole('button', { name: 'Mark areas' }).click();
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await editor.getByRole('button', { name: 'Walls' }).click();
    await editor.getByRole('button', { name: 'Brush', exact: true }).click();
    await drag(page, [200, 300], [1400, 300]);
    await drag(page, [200, 900], [1400, 900]);
    await editor.getByRole('button', { name: 'Undo' }).click();
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Marked: walls.').waitFor();
    const [firstStroke, undoneStroke, between] = await wallsRegionAlpha(page, project.id, [
      [800, 300],
      [800, 900],
      [800, 600],
    ]);
    expect(firstStroke).toBe(0);
    expect(undoneStroke).toBe(255);
    expect(between).toBe(255);

    await page.getByRole('button', { name: 'Mark areas' }).click();
    await editor.getByRole('button', { name: 'Reset' }).click();
    await editor.getByRole('button', { name: 'Close' }).click();
    await page
      .getByText('Mark the walls, roof, window or door frames so that they can be recoloured exactly.')
      .waitFor();
  });

  it('paints with touch, without scrolling the page', async () => {
    const { context } = await newSession();
    const page = await context.browser()?.newPage({ hasTouch: true, viewport: { width: 1280, height: 900 } });
    if (!page) throw new Error('no page');
    await projectInPage(page);
    await page.getByRole('radio', { name: /Inpainting/ }).check();
    await page.getByRole('button', { name: 'Paint the area to change' }).click();
    const editor = page.getByRole('dialog', { name: 'Mask editor' });
    await editor.getByRole('button', { name: 'Brush', exact: true }).click();
    const start = await toScreen(page, 300, 600);
    const end = await toScreen(page, 1300, 600);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: start.x, y: start.y }],
    });
    for (let step = 1; step <= 10; step += 1) {
      const x = start.x + ((end.x - start.x) * step) / 10;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: start.y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await editor.getByRole('button', { name: 'Close' }).click();
    await page.getByText('The area to change is painted.').waitFor();
    await page.close();
  });
});
