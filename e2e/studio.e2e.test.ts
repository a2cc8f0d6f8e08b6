import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { differenceCiede2000 } from 'culori';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import {
  createProject,
  markRegion,
  regionPng,
  userWithProject as setUpProject,
  signUpByApi,
} from './support/project-setup.ts';

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

/** The wall's region: x 100–799, y 180–599. */
function wallRegionPng(): Promise<Buffer> {
  return regionPng(width, height, (x, y) => x >= 100 && x < 800 && y >= 180);
}

async function userWithProject(request: APIRequestContext, options: { markWall?: boolean } = {}) {
  return setUpProject(request, baseUrl, {
    label: 'Studio',
    projectName: 'Studio layout',
    photo: await facadePng(),
    ...(options.markWall ? { wallRegion: await wallRegionPng() } : {}),
  });
}

/** The element's box lies wholly inside the viewport (no page scroll needed to see it). */
/**
 * A project with marked walls whose Transform the offline engine refuses at once and for free
 * (it cannot change door glass), with the sage wall preview shown: the stage shows its error.
 */
async function openRefusedTransformation(page: Page) {
  const project = await userWithProject(page.request, { markWall: true });
  await page.goto(`${baseUrl}/projects/${project.id}`);
  await page.getByRole('combobox', { name: 'Door glass' }).selectOption('halfGlass');
  await page.getByRole('button', { name: 'Wall colour' }).click();
  await page.getByRole('button', { name: 'Sage', exact: true }).click();
  await page.getByRole('button', { name: 'Transform', exact: true }).click();
  await page.locator('.studio__stage .transform-error').waitFor({ timeout: 20_000 });
}

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

/** What the "mark first" tests choose in each language: elements and colours, in order. */
interface MarkFirstChoice {
  elements: readonly string[];
  colours: readonly string[];
  editor: string;
  close: string;
  markFirst: string;
}

/**
 * At 1366 × 768 in every language: each element chosen with its colour, the guided editor closed
 * without marking; Transform then names what to mark, and every line of the chosen list lies
 * whole above the sticky Transform bar (decisions 219 and 233).
 */
async function expectChosenAboveMarkFirst(
  choices: Record<(typeof languages)[number]['locale'], MarkFirstChoice>,
  count: number,
  { scrollToTop }: { scrollToTop: boolean },
) {
  for (const language of languages) {
    const { page, context } = await newSession({
      viewport: { width: 1366, height: 768 },
      locale: language.locale,
    });
    const project = await userWithProject(page.request);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    const choice = choices[language.locale];
    const editor = page.getByRole('dialog', { name: choice.editor });
    for (const [index, element] of choice.elements.entries()) {
      await page.getByRole('button', { name: element }).click();
      await page.getByRole('button', { name: choice.colours[index], exact: true }).click();
      // Guided into the editor; closed without marking.
      await editor.getByRole('button', { name: choice.close }).click();
      await editor.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: choice.markFirst, exact: true }).waitFor();
    if (scrollToTop) {
      // The column at its top, as a user who has just chosen sees it.
      await page.locator('.studio__controls').evaluate((column) => {
        column.scrollTop = 0;
      });
    }
    const barTop = (await page.locator('.studio__controls .transform-actions').boundingBox())?.y ?? 0;
    const items = page.locator('.directives-panel__chosen-item');
    await expect.poll(() => items.count()).toBe(count);
    for (const item of await items.all()) {
      const box = await item.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY), language.locale).toBeLessThanOrEqual(
        barTop,
      );
      await expectUncovered(item);
    }
    await context.close();
  }
}

describe('the studio fits one screen', () => {
  it('fits the home page without a project in one screen at both sizes in every language, signed out and in', {
    timeout: 60_000,
  }, async () => {
    // The empty stage kept the photo's height: at 1366 × 768 the page was 907 px high and a new
    // user scrolled down to an empty gallery box.
    for (const size of sizes) {
      for (const language of languages) {
        const { page, context } = await newSession({ viewport: size.viewport, locale: language.locale });
        for (const signedIn of [false, true]) {
          if (signedIn) await signUpByApi(page.request, baseUrl, 'Home');
          await page.goto(baseUrl);
          await page.locator('.studio__empty').waitFor();
          await page.locator('.app-footer').waitFor();
          const label = `${size.name} ${language.locale} ${signedIn ? 'signed in' : 'signed out'}`;
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollHeight), { message: label })
            .toBeLessThanOrEqual(size.viewport.height);
          await expectInViewport(page, page.locator('.studio__gallery'));
          await expectInViewport(page, page.locator('.app-footer'));
          if (size.name === 'laptop') {
            // The intro box is not a sliver: it is the stage, the largest thing on the screen.
            const stage = await page.locator('.studio__empty').boundingBox();
            expect(stage?.height ?? 0, label).toBeGreaterThanOrEqual(300);
          }
          // The footer follows the gallery: no band of empty page between them (decision 193;
          // on a phone the intro box kept its text's height and left 120-150 px).
          const galleryBox = await page.locator('.studio__gallery').boundingBox();
          const footerBox = await page.locator('.app-footer').boundingBox();
          expect(
            (footerBox?.y ?? 0) - ((galleryBox?.y ?? 0) + (galleryBox?.height ?? 0)),
            label,
          ).toBeLessThanOrEqual(24);
        }
        await context.close();
      }
    }
  });

  it('lines the header up with the studio at 1366×768: the logo over the photo, the buttons ending over the controls', async () => {
    // The header kept the 1240 px content width while the studio takes 1600: the logo sat 63 px
    // right of the photo's edge, its buttons ended 63 px left of the control column's (decision 193).
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.locator('.studio__stage img').first().waitFor();
    const brand = await page.locator('.app-header__brand').boundingBox();
    const stage = await page.locator('.studio__stage').boundingBox();
    const actions = await page.locator('.app-header__actions').boundingBox();
    const controls = await page.locator('.studio__controls').boundingBox();
    expect(Math.abs((brand?.x ?? 0) - (stage?.x ?? 100))).toBeLessThanOrEqual(1);
    const actionsRight = (actions?.x ?? 0) + (actions?.width ?? 0);
    const controlsRight = (controls?.x ?? 100) + (controls?.width ?? 0);
    expect(Math.abs(actionsRight - controlsRight)).toBeLessThanOrEqual(1);
  });

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
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

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

  for (const size of sizes) {
    it(`keeps the chat composer in view with a long conversation at ${size.viewport.width}×${size.viewport.height}`, {
      timeout: 60_000,
    }, async () => {
      const { page } = await newSession({ viewport: size.viewport });
      const project = await userWithProject(page.request, { markWall: true });
      await page.goto(`${baseUrl}/projects/${project.id}`);
      await page.getByRole('radio', { name: 'Chat' }).check();
      const message = page.getByRole('textbox', { name: 'Message' });
      // Questions without a colour: the offline chat answers in words, free, at length.
      const questions = ['what about the door frames?', 'and the roof?', 'which colours can you do?'];
      for (const [index, question] of questions.entries()) {
        await message.fill(question);
        await message.press('Enter');
        await expect
          .poll(() => page.locator('.chat-message--assistant').count(), { timeout: 15_000 })
          .toBe(index + 1);
      }
      // The list gives way: the composer, Send and the cost stay in view without scrolling.
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const target of [
        message,
        page.getByRole('button', { name: 'Send' }),
        page.getByText(/A reply with an image costs/),
      ]) {
        await expectInViewport(page, target);
        await expectUncovered(target);
      }
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  }

  it('keeps the photo in view on a phone while the page scrolls to the gallery', async () => {
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    const photo = page.locator('.studio__stage img').first();
    await photo.waitFor();
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // The photo and its preview (which lets clicks through to the photo) are in view, uncovered.
    await expectInViewport(page, photo);
    await expectUncovered(photo);
    await expectInViewport(
      page,
      page.getByRole('img', { name: 'Preview of the chosen colours on the photo' }),
    );
    // A result is not held there: its buttons follow the comparison and stay reachable.
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 20_000 });
    const download = page.getByRole('link', { name: 'Download' });
    await download.scrollIntoViewIfNeeded();
    await expectInViewport(page, download);
    await expectUncovered(download);
  });

  it('shows a result with its buttons in view at 1366×768 in every language; Transform leaves the column where it was', {
    timeout: 90_000,
  }, async () => {
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 1366, height: 768 },
        locale: language.locale,
      });
      const project = await userWithProject(page.request, { markWall: true });
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const wall = page.locator('.directives-panel__elements button').nth(2);
      await wall.click();
      await page.locator('.directives-panel__swatch').nth(14).click();
      await page.getByRole('button', { name: language.transform, exact: true }).click();
      await page.locator('.result-panel__saved').waitFor({ timeout: 20_000 });
      // Every button of the result in one row under the slider, on screen and uncovered.
      const actions = page.locator('.result-panel__actions > *');
      const tops = new Set<number>();
      for (const action of await actions.all()) {
        await expectInViewport(page, action);
        await expectUncovered(action);
        tops.add(Math.round((await action.boundingBox())?.y ?? -1));
      }
      expect(tops.size).toBe(1);
      // The line under the buttons too: it was cut by the window's bottom edge (y 756–777).
      await expectInViewport(page, page.locator('.result-panel__saved'));
      await expectInViewport(page, wall);
      await expect
        .poll(() => page.locator('.studio__controls').evaluate((column) => column.scrollTop))
        .toBe(0);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    }
  });

  it('keeps the result buttons off the slider on a landscape phone (844×390) in every language', {
    timeout: 90_000,
  }, async () => {
    // "Use for next transformation" lay 14 px over the slider's −10 / +10 (decision 316).
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 844, height: 390 },
        locale: language.locale,
      });
      const project = await userWithProject(page.request, { markWall: true });
      await page.goto(`${baseUrl}/projects/${project.id}`);
      await page.locator('.directives-panel__elements button').nth(2).click();
      await page.locator('.directives-panel__swatch').nth(14).click();
      await page.getByRole('button', { name: language.transform, exact: true }).click();
      await page.locator('.result-panel__saved').waitFor({ timeout: 20_000 });
      const slider = await page.locator('.studio__stage input[type="range"]').first().boundingBox();
      const sliderRow = await page
        .locator('.studio__stage input[type="range"]')
        .first()
        .locator('..')
        .boundingBox();
      const firstAction = await page.locator('.result-panel__actions > *').first().boundingBox();
      expect(slider).not.toBeNull();
      const rowBottom = Math.max(
        (slider?.y ?? 0) + (slider?.height ?? 0),
        (sliderRow?.y ?? 0) + (sliderRow?.height ?? 0),
      );
      expect(firstAction?.y ?? 0).toBeGreaterThanOrEqual(rowBottom);
      await expectUncovered(page.locator('.result-panel__actions > *').first());
      await context.close();
    }
  });

  it('shows what is chosen above the sticky Transform under a result at 1366×768 in every language, three elements chosen', {
    timeout: 90_000,
  }, async () => {
    // "Window frame colour: White" and its Spanish and French, the palette's last line, lay under
    // the sticky Transform until the column was scrolled (decision 217).
    const choices = {
      'en-US': {
        elements: ['Wall colour', 'Roof colour', 'Window frame colour'],
        colours: ['Sage', 'Black', 'White'],
      },
      'es-ES': {
        elements: ['Color de la pared', 'Color del tejado', 'Color del marco de ventana'],
        colours: ['Verde salvia', 'Negro', 'Blanco'],
      },
      'fr-FR': {
        elements: ['Couleur des murs', 'Couleur du toit', 'Couleur des cadres de fenêtre'],
        colours: ['Vert sauge', 'Noir', 'Blanc'],
      },
    } as const;
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 1366, height: 768 },
        locale: language.locale,
      });
      const project = await userWithProject(page.request, { markWall: true });
      await markRegion(
        page.request,
        baseUrl,
        project.id,
        'roof',
        await regionPng(width, height, (_x, y) => y >= 100 && y < 180),
      );
      await markRegion(
        page.request,
        baseUrl,
        project.id,
        'windowFrames',
        await regionPng(width, height, (x, y) => x >= 200 && x < 300 && y >= 250 && y < 400),
      );
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const { elements, colours } = choices[language.locale];
      for (const [index, element] of elements.entries()) {
        await page.getByRole('button', { name: element }).click();
        await page.getByRole('button', { name: colours[index], exact: true }).click();
      }
      await page.getByRole('button', { name: language.transform, exact: true }).click();
      await page.locator('.result-panel__saved').waitFor({ timeout: 20_000 });
      // The window frames are the element in hand: the doors' exclusive hint shows too.
      await page.locator('.directives-panel__elements + .ui-field__hint').waitFor();
      const bar = page.locator('.studio__controls .transform-actions');
      const items = page.locator('.directives-panel__chosen-item');
      await expect.poll(() => items.count()).toBe(3);
      const barTop = (await bar.boundingBox())?.y ?? 0;
      for (const item of await items.all()) {
        const box = await item.boundingBox();
        expect(box?.y ?? Number.POSITIVE_INFINITY).toBeGreaterThan(0);
        expect((box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(barTop);
        await expectUncovered(item);
      }
      await expect
        .poll(() => page.locator('.studio__controls').evaluate((column) => column.scrollTop))
        .toBe(0);
      await context.close();
    }
  });

  it('shows what is chosen above Transform at 1366×768 in every language while Transform names what to mark', {
    timeout: 90_000,
  }, async () => {
    // "Marca primero las paredes y los marcos de las ventanas" takes two lines, and the cost then
    // went under it: the chosen list lay under the bar (decision 219).
    const choices = {
      'en-US': {
        elements: ['Wall colour', 'Window frame colour'],
        colours: ['Sage', 'White'],
        editor: 'Mask editor',
        close: 'Close',
        markFirst: 'Mark the walls and window frames first',
      },
      'es-ES': {
        elements: ['Color de la pared', 'Color del marco de ventana'],
        colours: ['Verde salvia', 'Blanco'],
        editor: 'Editor de máscara',
        close: 'Cerrar',
        markFirst: 'Marca primero las paredes y los marcos de las ventanas',
      },
      'fr-FR': {
        elements: ['Couleur des murs', 'Couleur des cadres de fenêtre'],
        colours: ['Vert sauge', 'Blanc'],
        editor: 'Éditeur de masque',
        close: 'Fermer',
        markFirst: 'Marquez d’abord les murs et les cadres des fenêtres',
      },
    } as const;
    await expectChosenAboveMarkFirst(choices, 2, { scrollToTop: false });
  });

  it('shows what is chosen above Transform at 1366×768 in every language with three elements chosen and none marked', {
    timeout: 120_000,
  }, async () => {
    // Walls, roof and window frames chosen, the guided editor closed each time: the Spanish and
    // French list's second line lay 1 and 15 px under the two-line "mark first" bar, the French
    // hint beside "Marquer les zones" taking three lines (decision 233).
    const choices = {
      'en-US': {
        elements: ['Wall colour', 'Roof colour', 'Window frame colour'],
        colours: ['Sage', 'Black', 'White'],
        editor: 'Mask editor',
        close: 'Close',
        markFirst: 'Mark the walls, roof, and window frames first',
      },
      'es-ES': {
        elements: ['Color de la pared', 'Color del tejado', 'Color del marco de ventana'],
        colours: ['Verde salvia', 'Negro', 'Blanco'],
        editor: 'Editor de máscara',
        close: 'Cerrar',
        markFirst: 'Marca primero las paredes, el tejado y los marcos de las ventanas',
      },
      'fr-FR': {
        elements: ['Couleur des murs', 'Couleur du toit', 'Couleur des cadres de fenêtre'],
        colours: ['Vert sauge', 'Noir', 'Blanc'],
        editor: 'Éditeur de masque',
        close: 'Fermer',
        markFirst: 'Marquez d’abord les murs, le toit et les cadres des fenêtres',
      },
    } as const;
    await expectChosenAboveMarkFirst(choices, 3, { scrollToTop: true });
  });

  it('leaves no heading of the phone sheet sliced at its top edge when the guided editor closes, in every language', {
    timeout: 120_000,
  }, async () => {
    // The focus back on the tapped swatch scrolled the sheet 45 px to clear the sticky Transform:
    // a sliver of "Your project" stayed over "Directives", and the result opened on it (decision 234).
    const choices = {
      'en-US': { element: 'Wall colour', colour: 'Sage', editor: 'Mask editor', close: 'Close' },
      'es-ES': {
        element: 'Color de la pared',
        colour: 'Verde salvia',
        editor: 'Editor de máscara',
        close: 'Cerrar',
      },
      'fr-FR': {
        element: 'Couleur des murs',
        colour: 'Vert sauge',
        editor: 'Éditeur de masque',
        close: 'Fermer',
      },
    } as const;
    const tap = async (page: Page, target: Locator) => {
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    };
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 390, height: 844 },
        locale: language.locale,
        hasTouch: true,
      });
      const project = await userWithProject(page.request);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const choice = choices[language.locale];
      await tap(page, page.getByRole('button', { name: choice.element }));
      const swatch = page.getByRole('button', { name: choice.colour, exact: true });
      await tap(page, swatch);
      const editor = page.getByRole('dialog', { name: choice.editor });
      await editor.waitFor();
      await tap(page, editor.getByRole('button', { name: choice.close }));
      await editor.waitFor({ state: 'hidden' });
      await expect.poll(() => swatch.evaluate((button) => document.activeElement === button)).toBe(true);
      const sheet = page.locator('.studio__controls');
      const geometry = await sheet.evaluate((column) => {
        const edge = column.getBoundingClientRect().top + column.clientTop;
        const header = column.querySelector('.studio__controls-header')?.getBoundingClientRect();
        const bar = column.querySelector('.transform-actions')?.getBoundingClientRect();
        return {
          edge,
          scrollTop: column.scrollTop,
          headerTop: header?.top ?? 0,
          headerBottom: header?.bottom ?? 0,
          barTop: bar?.top ?? 0,
        };
      });
      const label = `${language.locale} ${JSON.stringify(geometry)}`;
      // The heading is whole or wholly scrolled away, never cut by the sheet's top edge.
      expect(
        geometry.headerBottom <= geometry.edge + 0.5 || geometry.headerTop >= geometry.edge - 0.5,
        label,
      ).toBe(true);
      // The chosen swatch stays whole, between that edge and the sticky Transform.
      const box = await swatch.boundingBox();
      expect(box?.y ?? 0, label).toBeGreaterThanOrEqual(geometry.edge - 0.5);
      expect((box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY), label).toBeLessThanOrEqual(
        geometry.barTop + 0.5,
      );
      await expectUncovered(swatch);
      await context.close();
    }
  });

  it('brings the generated prompt whole above the sticky Transform when Tab reaches it on a phone', async () => {
    // Focusing a text box scrolls only its caret into view: the prompt stayed under Transform,
    // two of its lines showing (decision 258).
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    // Tab from the page's start, as a keyboard goes down the sheet: each control scrolled into
    // view by just what it takes, Door glass then lies just above the bar.
    await page.getByRole('button', { name: 'Wall colour' }).waitFor();
    const prompt = page.getByRole('textbox', { name: 'Generated prompt' });
    const isFocused = () => prompt.evaluate((box) => box === document.activeElement);
    for (let step = 0; step < 40 && !(await isFocused()); step += 1) await page.keyboard.press('Tab');
    expect(await isFocused()).toBe(true);
    const bar = page.locator('.studio__controls .transform-actions');
    await expect
      .poll(async () => {
        const [box, barBox] = await Promise.all([prompt.boundingBox(), bar.boundingBox()]);
        return (box?.y ?? 0) + (box?.height ?? Number.POSITIVE_INFINITY) <= (barBox?.y ?? 0);
      })
      .toBe(true);
  });

  it('takes Tab down the phone sheet in the order it is seen: the colours, "Mark areas", the project, Transform', {
    timeout: 60_000,
  }, async () => {
    // The sheet showed the colours first by CSS `order` while the page held the project's name and
    // offer first: Tab went Rename, the offers, "Mark areas" (1300 px down), then back up to the
    // colours.
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Wall colour' }).waitFor();
    await page.getByRole('button', { name: 'Show all controls' }).focus();
    // Each control Tab reaches in the sheet, by where it lies in the sheet's content (its scroll
    // added back), until Transform, the sticky bar, which is last.
    const stops: { name: string; top: number }[] = [];
    for (let step = 0; step < 200; step += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const sheet = document.querySelector('.studio__controls');
        const focused = document.activeElement;
        if (!sheet || !(focused instanceof HTMLElement) || !sheet.contains(focused)) return null;
        return {
          name: (focused.getAttribute('aria-label') || focused.textContent || focused.tagName)
            .trim()
            .slice(0, 40),
          top: Math.round(
            focused.getBoundingClientRect().top - sheet.getBoundingClientRect().top + sheet.scrollTop,
          ),
          isTransform: focused.closest('.transform-actions') !== null,
        };
      });
      if (!stop || stop.isTransform) break;
      stops.push({ name: stop.name, top: stop.top });
    }
    const names = stops.map((stop) => stop.name);
    expect(names).toContain('Wall colour');
    expect(names).toContain('Mark areas');
    expect(names).toContain('Rename');
    expect(names.indexOf('Wall colour')).toBeLessThan(names.indexOf('Mark areas'));
    expect(names.indexOf('Mark areas')).toBeLessThan(names.indexOf('Rename'));
    // Never back up the sheet (a row's controls share their top).
    const upward = stops.filter((stop, at) => at > 0 && stop.top < (stops[at - 1]?.top ?? 0) - 2);
    expect(upward.map((stop) => `${stop.name} at ${stop.top}`)).toEqual([]);
  });

  it("takes Tab down the phone page in the order it is seen: the sheet, then the result's buttons, the looks, the gallery", {
    timeout: 60_000,
  }, async () => {
    // The result's buttons, the kept looks and the gallery came before the sheet in the page and
    // after it on the screen by CSS `order`: Tab went from the slider down to "Use for next
    // transformation" and on to the gallery, then back up to the sheet's colours (decision 312).
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('link', { name: 'Download' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Open the original photo' }).waitFor();
    // From the page's start: the header's first link.
    await page.locator('header a').first().focus();
    // Each stop by where it lies in the page; a control in the sheet (which scrolls by itself), in
    // the header or by the slider (one row, its controls at different heights) counts at its
    // box's top.
    const stops: { name: string; top: number }[] = [];
    for (let step = 0; step < 300; step += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const focused = document.activeElement;
        if (!(focused instanceof HTMLElement) || focused === document.body) return null;
        const anchor =
          focused.closest<HTMLElement>('.studio__controls, header, .comparison__controls') ?? focused;
        return {
          name: (focused.getAttribute('aria-label') || focused.textContent || focused.tagName)
            .trim()
            .slice(0, 40),
          top: Math.round(anchor.getBoundingClientRect().top + window.scrollY),
        };
      });
      if (!stop || (stops.length > 0 && stop.name === stops[0]?.name)) break;
      stops.push(stop);
    }
    const names = stops.map((stop) => stop.name);
    const order = [
      'Wall colour',
      'Transform',
      'Use for next transformation',
      'Download',
      'Open the original photo',
    ];
    for (const name of order) expect(names).toContain(name);
    expect(order.map((name) => names.indexOf(name))).toEqual(
      order.map((name) => names.indexOf(name)).sort((a, b) => a - b),
    );
    const upward = stops.filter((stop, at) => at > 0 && stop.top < (stops[at - 1]?.top ?? 0) - 2);
    expect(upward.map((stop) => `${stop.name} at ${stop.top}`)).toEqual([]);
  });

  it('keeps an open gallery photo or video dialog open, the focus in it, while the width crosses 800 px', {
    timeout: 60_000,
  }, async () => {
    // Decision 296 put the gallery after the sheet by rendering it in another parent on a phone:
    // crossing 800 px (an iPad rotating, a window resized) remounted it, which closed an open
    // gallery photo and dropped the focus to <body> (reverted in 9733e8f). The page now keeps one
    // order at every width (decision 312); the result's buttons, moved too, hold the video's.
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('link', { name: 'Download' }).waitFor({ timeout: 20_000 });
    const where = () =>
      page.evaluate(() => {
        const dialog = document.querySelector('[role="dialog"]');
        const focused = document.activeElement;
        if (!dialog) return 'no dialog';
        return focused && dialog.contains(focused)
          ? 'open, focus inside'
          : `open, focus on ${focused?.tagName}`;
      });
    for (const opener of ['Open the original photo', 'Make a video']) {
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByRole('button', { name: opener }).click();
      await page.getByRole('dialog').waitFor();
      await expect.poll(where).toBe('open, focus inside');
      for (const size of [
        { width: 390, height: 844 },
        { width: 1024, height: 768 },
        { width: 768, height: 1024 },
      ]) {
        await page.setViewportSize(size);
        // A few frames for the layout's media query and a re-render to happen.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))),
        );
        expect(await where(), `${opener} at ${size.width} px`).toBe('open, focus inside');
      }
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
  });

  it('leaves the generated prompt where it is when a click or a tap focuses it on a phone', async () => {
    // Decision 258's scroll is for the keyboard: on a click the box jumped 137 px up from under
    // the pointer, which a drag to select its text then missed (decision 286).
    for (const hasTouch of [false, true]) {
      const { page, context } = await newSession({ viewport: { width: 390, height: 844 }, hasTouch });
      const project = await userWithProject(page.request);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const prompt = page.getByRole('textbox', { name: 'Generated prompt' });
      await prompt.waitFor();
      // The sheet scrolled so that the prompt's first line shows just above Transform.
      const column = page.locator('.studio__controls');
      await column.evaluate((sheet) => {
        const box = sheet.querySelector('textarea');
        const bar = sheet.querySelector('.transform-actions');
        if (!box || !bar) throw new Error('no prompt or bar');
        sheet.scrollTop += box.getBoundingClientRect().top - (bar.getBoundingClientRect().top - 30);
      });
      const scrolled = await column.evaluate((sheet) => sheet.scrollTop);
      const box = await prompt.boundingBox();
      if (hasTouch) await page.touchscreen.tap((box?.x ?? 0) + 20, (box?.y ?? 0) + 10);
      else await page.mouse.click((box?.x ?? 0) + 20, (box?.y ?? 0) + 10);
      await expect.poll(() => prompt.evaluate((element) => element === document.activeElement)).toBe(true);
      // A frame for a scroll to start, then none happened.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))),
      );
      expect(await column.evaluate((sheet) => sheet.scrollTop), hasTouch ? 'tap' : 'click').toBe(scrolled);
      await context.close();
    }
  });

  it("labels the phone sheet's toggle on one line in every language", { timeout: 60_000 }, async () => {
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 390, height: 844 },
        locale: language.locale,
      });
      const project = await userWithProject(page.request);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const toggle = page.locator('.studio__sheet-toggle');
      await toggle.waitFor();
      // One line box for the label ("Mostrar todos los controles" took two).
      const lines = await toggle.evaluate((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(1);
      await context.close();
    }
  });

  it('offers "Show all controls" on a phone only once a project is open', async () => {
    // Before a project the sheet holds the name box (then the upload): the toggle expanded it over
    // the page with nothing more to show.
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    await signUpByApi(page.request, baseUrl, 'Sheet');
    await page.goto(baseUrl);
    await page.getByRole('textbox', { name: 'Project name' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Show all controls' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { name: 'Your project' }).isVisible()).toBe(true);
    const project = await createProject(page.request, baseUrl, { name: 'Sheet', photo: await facadePng() });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Show all controls' }).waitFor();
  });

  it('shows the chosen scope whole on a phone in every language, and what it allows under it', {
    timeout: 60_000,
  }, async () => {
    // "Stricte : aucun changement structurel" was cut to "Stricte : aucun changement structu".
    for (const [locale, label, description] of [
      ['fr-FR', 'Portée', 'Aucun changement structurel.'],
      ['es-ES', 'Alcance', 'Sin cambios estructurales.'],
      ['en-US', 'Scope', 'No structural changes.'],
    ] as const) {
      const { page, context } = await newSession({ viewport: { width: 390, height: 844 }, locale });
      const project = await userWithProject(page.request);
      await page.goto(`${baseUrl}/projects/${project.id}`);
      const scope = page.getByRole('combobox', { name: label, exact: true });
      await scope.waitFor();
      await expect
        .poll(() =>
          scope.evaluate((element) => {
            const select = element as HTMLSelectElement;
            const style = getComputedStyle(select);
            const context2d = document.createElement('canvas').getContext('2d');
            if (!context2d) return 'no canvas';
            context2d.font = style.font;
            const text = select.selectedOptions[0]?.text ?? '';
            // Chromium draws its arrow after the text, in at least 16 px of its own.
            const needed =
              context2d.measureText(text).width +
              Number.parseFloat(style.paddingLeft) +
              Number.parseFloat(style.paddingRight) +
              16;
            return needed <= select.clientWidth
              ? 'fits'
              : `"${text}" needs ${needed} px of ${select.clientWidth}`;
          }),
        )
        .toBe('fits');
      await expect
        .poll(() =>
          scope.evaluate((select) =>
            (select.getAttribute('aria-describedby') ?? '')
              .split(' ')
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' '),
          ),
        )
        .toBe(description);
      await expect.poll(() => page.getByText(description, { exact: true }).isVisible()).toBe(true);
      await context.close();
    }
  });

  it('keeps the swatches and Transform in view under a result on a phone; another colour shows at once', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 20_000 });
    // The comparison, its slider, the element buttons, the swatches' first row and Transform
    // share the screen: no scroll, nothing covered (the result's buttons follow the sheet).
    // Clicking Transform no longer scrolls the sheet to its end either.
    const red = page.getByRole('button', { name: 'Red', exact: true });
    const transform = page.getByRole('button', { name: 'Transform', exact: true });
    for (const target of [
      page.getByTestId('comparison-area'),
      page.getByRole('slider', { name: 'Comparison position' }),
      page.getByRole('button', { name: 'Wall colour' }),
      page.getByRole('button', { name: 'White', exact: true }),
      red,
      transform,
    ]) {
      await expectInViewport(page, target);
      await expectUncovered(target);
    }
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const download = page.getByRole('link', { name: 'Download' });
    await download.scrollIntoViewIfNeeded();
    await expectUncovered(download);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Another colour: the stage goes back to the photo with that colour, without "Continue editing".
    await red.click();
    const preview = page.getByRole('img', { name: 'Preview of the chosen colours on the photo' });
    await preview.waitFor();
    await page.getByText('Preview', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Result' }).count()).toBe(0);
    // Red is far redder than the photo's warm wall (red − green 15).
    await expect
      .poll(async () => {
        const [r, g] = (await wallMiddle(preview)) as [number, number, number];
        return r - g;
      })
      .toBeGreaterThan(30);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expectInViewport(page, transform);
  });

  it('offers its three choices on one row at both sizes in every language, each label clear of its help; the inpainting hint fits its column', {
    timeout: 90_000,
  }, async () => {
    // They wrapped to two rows at 1366 × 768 (88 px, the chat's message list lost 48 px) and to
    // three on a phone (148 px).
    const offers = {
      'en-US': ['Standard', 'Inpainting (selection)', 'Chat'],
      'es-ES': ['Estándar', 'Retoque (selección)', 'Chat'],
      'fr-FR': ['Standard', 'Retouche (sélection)', 'Discussion'],
    } as const;
    for (const language of languages) {
      for (const size of sizes) {
        const { page, context } = await newSession({ viewport: size.viewport, locale: language.locale });
        const project = await userWithProject(page.request);
        await page.goto(`${baseUrl}/projects/${project.id}`);
        const picker = page.locator('.offer-picker__options');
        await picker.waitFor();
        // Whichever is chosen (a chosen label was bold, wider, and ran into its help).
        for (const chosen of offers[language.locale]) {
          await page.getByRole('radio', { name: chosen, exact: true }).check();
          await expect
            .poll(() =>
              picker.evaluate((element) =>
                [...element.querySelectorAll('.offer-picker__option')].map((option) => {
                  const label = option.querySelector('.offer-picker__label') as HTMLElement;
                  const text = (label.querySelector('span') as HTMLElement).getBoundingClientRect();
                  const help = (
                    option.querySelector('.offer-picker__help') as HTMLElement
                  ).getBoundingClientRect();
                  const tile = label.getBoundingClientRect();
                  return {
                    label: label.textContent,
                    clearOfHelp: text.right <= help.left && help.right <= tile.right,
                    overflows: label.scrollWidth > label.clientWidth,
                  };
                }),
              ),
            )
            .toEqual(
              offers[language.locale].map((label) => ({ label, clearOfHelp: true, overflows: false })),
            );
        }
        // One row: every tile starts at the same height.
        const tops = await picker.evaluate((element) =>
          [...element.querySelectorAll('.offer-picker__label')].map((label) =>
            Math.round(label.getBoundingClientRect().top),
          ),
        );
        expect(new Set(tops).size).toBe(1);
        expect((await picker.boundingBox())?.height ?? 0).toBeLessThanOrEqual(56);

        // Inpainting's "Paint the area to change" and its hint: in Spanish on a phone the hint
        // was squeezed beside the long button into a 45 px column that overflowed the sheet.
        await page.getByRole('radio', { name: offers[language.locale][1], exact: true }).check();
        await expect
          .poll(() =>
            page.locator('.studio__controls').evaluate((column) => {
              const hint = column.querySelector('.area-editor .ui-field__hint');
              if (!hint) return 'no hint';
              const inner = hint.getBoundingClientRect();
              const outer = column.getBoundingClientRect();
              if (column.scrollWidth > column.clientWidth)
                return `column scrolls sideways: ${column.scrollWidth}`;
              if (inner.right > outer.right) return `hint ends at x ${inner.right}, column at ${outer.right}`;
              return inner.width >= 150 ? 'fits' : `hint only ${inner.width} px wide`;
            }),
          )
          .toBe('fits');
        await context.close();
      }
    }
  });

  it("shows an offer's help on a tap on a touch screen (a tooltip never opened for a touch)", async () => {
    const { page } = await newSession({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const project = await userWithProject(page.request);
    await page.goto(`${baseUrl}/projects/${project.id}`);
    const help = page.getByRole('button', { name: 'About Chat' });
    await help.scrollIntoViewIfNeeded();
    await help.tap();
    await page
      .getByRole('tooltip')
      .getByText('Talk with the AI about your facade and attach up to 3 reference images.')
      .waitFor();
    // A tap on the offer itself still chooses it, and the help goes away.
    await page.getByRole('radio', { name: 'Chat' }).tap();
    await expect.poll(() => page.getByRole('radio', { name: 'Chat' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  });

  it("keeps each gallery tile's date and action inside the tile on a phone in French", {
    timeout: 60_000,
  }, async () => {
    // "Utiliser comme base" beside the date was squeezed into three lines (and, kept on one
    // line, ran out of the 168 px tile).
    const { page } = await newSession({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Couleur des murs' }).click();
    await page.getByRole('button', { name: 'Vert sauge', exact: true }).click();
    await page.getByRole('button', { name: 'Transformer', exact: true }).click();
    await page.getByRole('button', { name: 'Utiliser comme base' }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() =>
        page.locator('.studio__gallery').evaluate((gallery) =>
          [...gallery.querySelectorAll('.gallery-tile__footer > *')].map((part) => {
            const tile = (part.closest('.gallery-tile') as HTMLElement).getBoundingClientRect();
            const box = part.getBoundingClientRect();
            // The text's line boxes: one per distinct top.
            const range = document.createRange();
            range.selectNodeContents(part);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
            const inside = box.left >= tile.left && box.right <= tile.right;
            return `${part.textContent}: ${inside ? 'inside' : 'outside'}, ${lines} line${lines === 1 ? '' : 's'}`;
          }),
        ),
      )
      .toEqual([
        expect.stringMatching(/: inside, 1 line$/),
        'Base actuelle: inside, 1 line',
        expect.stringMatching(/: inside, 1 line$/),
        expect.stringMatching(/^Utiliser comme base: inside, [12] lines?$/),
      ]);
  });

  it.runIf(screenshotDirectory)(
    'takes screenshots at both sizes in every language',
    { timeout: 180_000 },
    async () => {
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
      // The preview and then the result, in English at both sizes.
      for (const size of sizes) {
        const { page, context } = await newSession({ viewport: size.viewport });
        const project = await userWithProject(page.request, { markWall: true });
        await page.goto(`${baseUrl}/projects/${project.id}`);
        await page.getByRole('button', { name: 'Wall colour' }).click();
        await page.getByRole('button', { name: 'Sage', exact: true }).click();
        await page.mouse.move(2, 300);
        await page.getByText('Preview', { exact: true }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(directory, `studio-${size.name}-preview.png`) });
        await page.getByRole('button', { name: 'Transform', exact: true }).click();
        await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 20_000 });
        await page.waitForTimeout(1200);
        await page.screenshot({ path: path.join(directory, `studio-${size.name}-result.png`) });
        await context.close();
      }
    },
  );
});

describe('what a walk-through found (docs/decisions/174-walkthrough-toasts-and-prompt-box.md)', () => {
  for (const size of sizes) {
    it(`shows a toast clear of Transform and the swatches at ${size.viewport.width}×${size.viewport.height}`, {
      timeout: 60_000,
    }, async () => {
      // The toasts sat at the bottom right: over the control column's sticky Transform on a laptop
      // (the sign-up welcome), over the sheet's swatches on a phone.
      const { page } = await newSession({ viewport: size.viewport, hasTouch: size.name === 'phone' });
      const project = await userWithProject(page.request, { markWall: true });
      await page.goto(`${baseUrl}/projects/${project.id}`);
      await page.getByRole('button', { name: 'Wall colour' }).click();
      await page.getByRole('button', { name: 'Sage', exact: true }).click();
      await page.getByRole('button', { name: 'Transform', exact: true }).click();
      await page.locator('.result-panel__saved').waitFor({ timeout: 20_000 });
      await page.evaluate(() => window.scrollTo(0, 0));
      // A toast from the gallery: the result becomes the base for the next transformation.
      await page.getByRole('button', { name: 'Use as base' }).last().click();
      await page.evaluate(() => window.scrollTo(0, 0));
      const toast = page
        .locator('.ui-toast')
        .filter({ hasText: 'This result is now the base for the next transformation.' });
      await toast.waitFor();
      const toastBox = await toast.boundingBox();
      expect(toastBox).not.toBeNull();
      // No button in view lies under the toast: not the column's (or the phone's sheet's), nor the
      // result's under the slider, which the bottom-left toast covered at 1366 × 768 (decision 193).
      const covered = await page.locator('button:not(.ui-toast *)').evaluateAll(
        (buttons, toastRect) =>
          buttons
            .map((button) => ({ name: button.textContent ?? '', rect: button.getBoundingClientRect() }))
            .filter(
              ({ rect }) =>
                rect.width > 0 &&
                rect.bottom > 0 &&
                rect.top < window.innerHeight &&
                rect.left < toastRect.x + toastRect.width &&
                toastRect.x < rect.right &&
                rect.top < toastRect.y + toastRect.height &&
                toastRect.y < rect.bottom,
            )
            .map(({ name }) => name),
        toastBox ?? { x: 0, y: 0, width: 0, height: 0 },
      );
      expect(covered).toEqual([]);
      await expectInViewport(page, toast);
    });
  }

  for (const size of sizes) {
    it(`keeps the photo on the stage under a failed job's error at ${size.viewport.width}×${size.viewport.height}`, {
      timeout: 60_000,
    }, async () => {
      // The error box took the stage's place: the photo and its preview were gone.
      const { page } = await newSession({ viewport: size.viewport });
      await openRefusedTransformation(page);
      const error = page.locator('.studio__stage .transform-error');
      await expect
        .poll(() => error.textContent())
        .toBe(
          'ErrorThe offline paint visualizer cannot change door glass, which changes the shape of the door. Clear the door glass style to repaint only.',
        );
      await page.evaluate(() => window.scrollTo(0, 0));
      const photo = page.locator('.studio__stage .project-photo__image');
      await photo.waitFor();
      await expectInViewport(page, error);
      await expectInViewport(page, photo);
      expect((await photo.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(
        size.name === 'laptop' ? 300 : 80,
      );
      await expectInViewport(page, page.getByRole('button', { name: 'Transform', exact: true }));
    });
  }

  it("shows the chat offer's stage without the standard offer's preview or error", async () => {
    // The stage kept the standard offer's colour preview and a refused transformation's error
    // after a switch to the chat, as if the chat would start from them.
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    await openRefusedTransformation(page);
    await page.locator('.studio__stage .preview-canvas--shown').waitFor();

    await page.getByRole('radio', { name: 'Chat' }).check();
    await page.getByRole('heading', { name: 'Chat with the AI' }).waitFor();
    await expect.poll(() => page.locator('.studio__stage .transform-error').count()).toBe(0);
    await expect.poll(() => page.locator('.studio__stage .preview-canvas--shown').count()).toBe(0);
    await page.locator('.studio__stage .project-photo__image').waitFor();

    // Back on the standard offer: the photo, not the old error.
    await page.getByRole('radio', { name: 'Standard' }).check();
    await page.getByRole('button', { name: 'Wall colour' }).waitFor();
    await page.locator('.studio__stage .project-photo__image').waitFor();
    await expect.poll(() => page.locator('.studio__stage .transform-error').count()).toBe(0);
  });

  for (const size of sizes) {
    it(`shows the whole generated prompt in Spanish and French without a scroll inside its box at ${size.viewport.width}×${size.viewport.height}`, {
      timeout: 60_000,
    }, async () => {
      // The box had 7 rows: the English prompt filled them, a Spanish or French one was cut.
      for (const language of languages.slice(1)) {
        const { page, context } = await newSession({ viewport: size.viewport, locale: language.locale });
        const project = await userWithProject(page.request, { markWall: true });
        await page.goto(`${baseUrl}/projects/${project.id}`);
        await page.locator('.directives-panel__elements button').nth(2).click();
        await page.getByRole('button', { name: language.swatch, exact: false }).first().click();
        const prompt = page.locator('.directives-panel__prompt');
        await expect
          .poll(() => prompt.inputValue())
          .toMatch(/^(Cambia solo las paredes|Changez uniquement les murs)/);
        const { scrollHeight, clientHeight } = await prompt.evaluate((box) => ({
          scrollHeight: box.scrollHeight,
          clientHeight: box.clientHeight,
        }));
        expect(scrollHeight, language.locale).toBeLessThanOrEqual(clientHeight + 1);
        await context.close();
      }
    });
  }
});

describe('the instant preview', () => {
  it('keeps the palette still under the pointer on the first colour: the photo shows the colour just clicked', async () => {
    // The summary "Wall colour: Brick red" appeared above the palette on the first click and
    // moved the swatches 29 px down: the pointer then hovered the cream swatch above, and the
    // photo previewed cream instead of the brick red just chosen.
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByRole('button', { name: 'Wall colour' }).click();
    const brickRed = page.getByRole('button', { name: 'Brick red', exact: true });
    const before = await brickRed.boundingBox();
    await brickRed.click();
    await page.getByText('Walls: Brick red').waitFor();
    await expect.poll(async () => (await brickRed.boundingBox())?.y).toBe(before?.y);
    const preview = page.getByRole('img', { name: 'Preview of the chosen colours on the photo' });
    await preview.waitFor();
    // Brick red (150, 61, 45) against the cream swatches (red − green about 10).
    await expect
      .poll(async () => {
        const [r, g] = (await wallMiddle(preview)) as [number, number, number];
        return r - g;
      })
      .toBeGreaterThan(50);
  });

  it('recolours the marked wall on the stage at once, nothing outside it, for free; hovering a swatch shows it; agrees with the result', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByText('5 credits', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Sage', exact: true }).click();
    // The mouse leaves the palette: the chosen colour is shown, not a hovered one.
    await page.mouse.move(2, 400);
    const preview = page.getByRole('img', { name: 'Preview of the chosen colours on the photo' });
    await preview.waitFor();
    await page.getByText('Preview', { exact: true }).waitFor();

    // The canvas against the same photo and wall region decoded at the canvas's size.
    const compare = () =>
      preview.evaluate(async (canvas: HTMLCanvasElement, projectId: string) => {
        const read = async (url: string, quality: ResizeQuality) => {
          const blob = await (await fetch(url)).blob();
          const bitmap = await createImageBitmap(blob, {
            resizeWidth: canvas.width,
            resizeHeight: canvas.height,
            resizeQuality: quality,
            premultiplyAlpha: 'none',
            colorSpaceConversion: 'none',
          });
          const scratch = new OffscreenCanvas(canvas.width, canvas.height);
          const context = scratch.getContext('2d') as OffscreenCanvasRenderingContext2D;
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height).data;
        };
        const details = await (await fetch(`/api/projects/${projectId}`)).json();
        const region = details.regions.find(
          (candidate: { element: string }) => candidate.element === 'walls',
        );
        const photo = await read(details.original.url, 'high');
        const mask = await read(region.url, 'pixelated');
        const shown = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
          0,
          0,
          canvas.width,
          canvas.height,
        ).data;
        let changedInside = 0;
        let inside = 0;
        let changedOutside = 0;
        let greenInside = 0;
        for (let offset = 0; offset < shown.length; offset += 4) {
          // The mask rule (docs/product.md, Marking and selection): transparent, or opaque with
          // every channel above 200 — how regions are stored (decision 031).
          const isMarked =
            mask[offset + 3] === 0 ||
            (mask[offset + 3] === 255 &&
              (mask[offset] as number) > 200 &&
              (mask[offset + 1] as number) > 200 &&
              (mask[offset + 2] as number) > 200);
          const changed =
            shown[offset] !== photo[offset] ||
            shown[offset + 1] !== photo[offset + 1] ||
            shown[offset + 2] !== photo[offset + 2];
          if (isMarked) {
            inside += 1;
            if (changed) changedInside += 1;
            if ((shown[offset + 1] as number) > (shown[offset] as number)) greenInside += 1;
          } else if (changed) changedOutside += 1;
        }
        return { inside, changedInside, changedOutside, greenInside, width: canvas.width };
      }, project.id);
    await expect.poll(async () => (await compare()).greenInside).toBeGreaterThan(1000);
    const comparison = await compare();
    expect(comparison.width).toBeGreaterThan(100);
    expect(comparison.inside).toBeGreaterThan(1000);
    expect(comparison.changedOutside).toBe(0);
    expect(comparison.changedInside / comparison.inside).toBeGreaterThan(0.99);
    // Sage is green over red; the warm wall was red over green.
    expect(comparison.greenInside / comparison.inside).toBeGreaterThan(0.99);
    // Hovering another swatch previews it on the element being chosen; leaving restores the choice.
    await page.getByRole('button', { name: 'Burgundy', exact: true }).hover();
    await expect.poll(async () => (await compare()).greenInside).toBe(0);
    await page.mouse.move(2, 400);
    await expect.poll(async () => (await compare()).greenInside / comparison.inside).toBeGreaterThan(0.99);
    // Free: no credit spent, no job started.
    await page.getByText('5 credits', { exact: true }).waitFor();

    // The preview agrees with the stored result scaled to the preview's size: mean ΔE2000 ≤ 1
    // over the marked wall.
    // Base64, as for the result below: a plain array of half a million pixels took 54 s to
    // cross from the page on a loaded machine.
    const shownBase64 = await preview.evaluate((canvas: HTMLCanvasElement) => {
      const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
        0,
        0,
        canvas.width,
        canvas.height,
      ).data;
      let text = '';
      for (let start = 0; start < data.length; start += 0x8000)
        text += String.fromCharCode(...data.subarray(start, start + 0x8000));
      return btoa(text);
    });
    const shownPixels = Buffer.from(shownBase64, 'base64');
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 20_000 });
    await page.getByText('4 credits', { exact: true }).waitFor();
    const storedUrl = await page.evaluate(async (projectId: string) => {
      const details = await (await fetch(`/api/projects/${projectId}`)).json();
      return details.history[0].transformed.url as string;
    }, project.id);
    const viewWidth = comparison.width;
    const viewHeight = shownPixels.length / 4 / viewWidth;
    const resultBase64 = await page.evaluate(
      async ({ url, width: targetWidth, height: targetHeight }) => {
        const bitmap = await createImageBitmap(await (await fetch(url)).blob(), {
          resizeWidth: targetWidth,
          resizeHeight: targetHeight,
          resizeQuality: 'high',
          premultiplyAlpha: 'none',
          colorSpaceConversion: 'none',
        });
        const scratch = new OffscreenCanvas(targetWidth, targetHeight);
        const context = scratch.getContext('2d') as OffscreenCanvasRenderingContext2D;
        context.drawImage(bitmap, 0, 0);
        const data = context.getImageData(0, 0, targetWidth, targetHeight).data;
        let text = '';
        for (let start = 0; start < data.length; start += 0x8000)
          text += String.fromCharCode(...data.subarray(start, start + 0x8000));
        return btoa(text);
      },
      { url: storedUrl, width: viewWidth, height: viewHeight },
    );
    const resultPixels = Buffer.from(resultBase64, 'base64');
    const deltaE = differenceCiede2000();
    const rgb = (data: ArrayLike<number>, offset: number) => ({
      mode: 'rgb' as const,
      r: (data[offset] as number) / 255,
      g: (data[offset + 1] as number) / 255,
      b: (data[offset + 2] as number) / 255,
    });
    let total = 0;
    let count = 0;
    for (let offset = 0; offset < shownPixels.length; offset += 4) {
      // Inside the wall (x 100–799, y 180–599 of the 900 × 600 photo), away from its resampled edge.
      const photoX = (((offset / 4) % viewWidth) / viewWidth) * width;
      const photoY = (Math.floor(offset / 4 / viewWidth) / viewHeight) * height;
      if (photoX < 104 || photoX > 795 || photoY < 184) continue;
      total += deltaE(rgb(shownPixels, offset), rgb(resultPixels, offset));
      count += 1;
    }
    expect(count).toBeGreaterThan(1000);
    expect(total / count).toBeLessThanOrEqual(1);
  });
});

/** The canvas's mean colour over the middle of the marked wall (photo x 300–600, y 300–550). */
function wallMiddle(preview: Locator) {
  return preview.evaluate(
    (canvas: HTMLCanvasElement, photo: { width: number; height: number }) => {
      const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
        0,
        0,
        canvas.width,
        canvas.height,
      ).data;
      const sums: [number, number, number] = [0, 0, 0];
      let count = 0;
      for (let y = 0; y < canvas.height; y += 1) {
        for (let x = 0; x < canvas.width; x += 1) {
          const photoX = (x / canvas.width) * photo.width;
          const photoY = (y / canvas.height) * photo.height;
          if (photoX < 300 || photoX > 600 || photoY < 300 || photoY > 550) continue;
          const offset = (y * canvas.width + x) * 4;
          sums[0] += data[offset] as number;
          sums[1] += data[offset + 1] as number;
          sums[2] += data[offset + 2] as number;
          count += 1;
        }
      }
      return sums.map((sum) => Math.round(sum / Math.max(1, count)));
    },
    { width, height },
  );
}

describe('any colour', () => {
  it('previews a typed hex colour on the marked wall and names it in the prompt', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByText('5 credits', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Wall colour' }).click();
    const hex = page.getByRole('textbox', { name: 'Hex colour' });
    await hex.fill('#12345');
    await page.getByRole('button', { name: 'Use colour', exact: true }).click();
    await page.getByText('Enter a colour as six hex digits, such as #9cab86').waitFor();
    await hex.fill('#2A6FDB');
    await page.getByRole('button', { name: 'Use colour', exact: true }).click();
    const prompt = page.getByRole('textbox', { name: 'Generated prompt' });
    await expect
      .poll(() => prompt.inputValue())
      .toContain('Change only the walls to custom colour #2a6fdb (close to');
    const preview = page.getByRole('img', { name: 'Preview of the chosen colours on the photo' });
    await preview.waitFor();
    // The flat warm wall becomes the typed blue (mean ΔE2000 ≤ 2 against #2a6fdb).
    const deltaE = differenceCiede2000();
    const target = { mode: 'rgb' as const, r: 0x2a / 255, g: 0x6f / 255, b: 0xdb / 255 };
    await expect
      .poll(async () => {
        const [r, g, b] = (await wallMiddle(preview)) as [number, number, number];
        return deltaE({ mode: 'rgb', r: r / 255, g: g / 255, b: b / 255 }, target);
      })
      .toBeLessThanOrEqual(2);
    await page.getByText('5 credits', { exact: true }).waitFor();
  });

  it('keeps up to four looks under the stage; a card restores its choices and Transform applies it', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByText('5 credits', { exact: true }).waitFor();
    const keep = page.getByRole('button', { name: 'Keep this look', exact: true });
    await expect.poll(() => keep.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Wall colour' }).click();
    const preview = page.getByRole('img', { name: 'Preview of the chosen colours on the photo' });
    const prompt = page.getByRole('textbox', { name: 'Generated prompt' });
    const looks = ['Sage', 'Burgundy', 'Navy blue', 'Ochre'];
    for (const name of looks) {
      await page.getByRole('button', { name, exact: true }).click();
      await keep.click();
    }
    await page.getByRole('button', { name: 'Silver', exact: true }).click();
    await keep.click();
    await page.getByText('You can keep 4 looks. Remove one to keep another.').waitFor();
    await page.mouse.move(2, 400);
    await expect.poll(async () => ((await wallMiddle(preview)) as number[])[0]).toBeGreaterThan(150);

    // Look 1 (sage) comes back: the prompt, the pressed card and the stage's wall.
    await page.getByRole('button', { name: 'Look 1', exact: true }).click();
    await expect.poll(() => prompt.inputValue()).toContain('Change only the walls to sage');
    await expect
      .poll(() => page.getByRole('button', { name: 'Look 1', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(async () => {
        const [r, g] = (await wallMiddle(preview)) as [number, number, number];
        return g - r;
      })
      .toBeGreaterThan(5);
    if (screenshotDirectory) {
      mkdirSync(screenshotDirectory, { recursive: true });
      await page.getByRole('textbox', { name: 'Hex colour' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDirectory, 'studio-laptop-looks.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Look 1', exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDirectory, 'studio-phone-looks.png') });
      await page.getByRole('textbox', { name: 'Hex colour' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDirectory, 'studio-phone-custom.png') });
      await page.setViewportSize({ width: 1366, height: 768 });
    }
    await page.getByRole('button', { name: 'Remove look 4', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Look \d$/ }).count()).toBe(3);

    // Transform applies the look shown: the stored job asks for sage walls.
    await page.getByRole('button', { name: 'Transform', exact: true }).click();
    await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 20_000 });
    const storedPrompt = await page.evaluate(async (projectId: string) => {
      const details = await (await fetch(`/api/projects/${projectId}`)).json();
      return details.history[0].prompt as string;
    }, project.id);
    expect(storedPrompt).toContain('Change only the walls to sage');
  });

  it('takes a colour from the stage photo with a click where the browser has no EyeDropper', {
    timeout: 60_000,
  }, async () => {
    const { page } = await newSession({ viewport: { width: 1366, height: 768 } });
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'EyeDropper');
    });
    const project = await userWithProject(page.request, { markWall: true });
    await page.goto(`${baseUrl}/projects/${project.id}`);
    await page.getByText('5 credits', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Wall colour' }).click();
    await page.getByRole('button', { name: 'Pick from photo', exact: true }).click();
    await page.getByText('Click the photo to take its colour. Esc cancels.').waitFor();
    // The roof band (x 70–829, y 100–179 of the photo) is rgb(90, 60, 50).
    const photo = page.getByRole('img', { name: 'The image the next transformation starts from' });
    // Clicked once it shows, as a user would: a click on a photo still loading takes no colour
    // and ends the pick.
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const box = await photo.boundingBox();
    if (!box) throw new Error('no photo box');
    const scale = Math.min(box.width / width, box.height / height);
    const left = box.x + (box.width - width * scale) / 2;
    const top = box.y + (box.height - height * scale) / 2;
    await page.mouse.click(left + 400 * scale, top + 140 * scale);
    await expect.poll(() => page.getByRole('textbox', { name: 'Hex colour' }).inputValue()).toBe('#5a3c32');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Generated prompt' }).inputValue())
      .toContain('Change only the walls to custom colour #5a3c32 (close to');
    await page.getByRole('button', { name: '#5a3c32', exact: true }).waitFor();
    await expect
      .poll(() => page.getByText('Click the photo to take its colour. Esc cancels.').count())
      .toBe(0);
  });
});
