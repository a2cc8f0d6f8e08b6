import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const { newSession } = useBrowser();

const baseUrl = inject('baseUrl');

describe('web shell', () => {
  it('shows the main screen with its header controls, columns and footer', async () => {
    const { page } = await newSession();
    await page.goto(baseUrl);
    await expect(page.getByRole('link', { name: 'Facelift' }).isVisible()).resolves.toBe(true);
    for (const name of ['Create new project', 'Buy credits', 'Sign in / Sign up']) {
      await page.getByRole('button', { name }).waitFor();
    }
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
    await page.getByRole('heading', { name: 'Your project' }).waitFor();
    await page.getByRole('heading', { name: 'Result' }).waitFor();
    await page.getByRole('heading', { name: 'Gallery' }).waitFor();
    const footer = await page.getByRole('contentinfo').textContent();
    expect(footer).toContain(`© ${new Date().getFullYear()} Facelift`);
    expect(footer).toContain('cannot perfectly preserve shadows, reflections, depth or glass texture');
  });

  it('shows the main app on any unknown path', async () => {
    const { page } = await newSession();
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Your project' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
  });

  it('/success says "Payment Successful!" and goes home after 3 seconds', async () => {
    const { page } = await newSession();
    await page.goto(`${baseUrl}/success?session_id=cs_test_123`);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const shownAt = Date.now();
    await page.waitForURL(`${baseUrl}/`, { timeout: 6000 });
    // The heading is seen up to a few hundred ms after it renders on a busy machine, so the
    // lower bound leaves room for that; an immediate redirect would still fail it.
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await page.getByRole('heading', { name: 'Your project' }).waitFor();
  });

  it('/cancel says "Payment Cancelled" and goes home after 3 seconds', async () => {
    const { page } = await newSession();
    await page.goto(`${baseUrl}/cancel`);
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    const shownAt = Date.now();
    await page.waitForURL(`${baseUrl}/`, { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
  });
});

describe('the phone header', () => {
  it('is one row at 390×844; its Menu button shows the language and actions, by keyboard too', async () => {
    const { page } = await newSession({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Tu proyecto' }).waitFor();
    const header = await page.locator('.app-header').boundingBox();
    // One row (was 145 px), and the Spanish sign-in label on one line of its button (it took
    // two, 65 px): the brand's name gives way, the logo stays and the link keeps its name.
    expect(header?.height ?? 0).toBeLessThanOrEqual(62);
    const signIn = page.getByRole('button', { name: 'Iniciar sesión / Registrarse' });
    const signInBox = await signIn.boundingBox();
    expect(signInBox?.height ?? 0).toBeLessThanOrEqual(44);
    // Brand, Menu and the sign-in button fit the row without overflowing it.
    expect((signInBox?.x ?? 0) + (signInBox?.width ?? 0)).toBeLessThanOrEqual(390);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    const brand = page.getByRole('link', { name: 'Facelift' });
    await expect.poll(() => brand.isVisible()).toBe(true);
    const menu = page.getByRole('button', { name: 'Menú' });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.getByRole('button', { name: 'Comprar créditos' }).isVisible()).toBe(false);

    await menu.press('Enter');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    // The group follows the button in the focus order.
    await page.keyboard.press('Tab');
    expect(
      await page
        .getByRole('combobox', { name: 'Idioma' })
        .evaluate((select) => select === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // An action closes the menu; its dialog gives the focus back to the Menu button.
    await menu.click();
    await page.getByRole('button', { name: 'Comprar créditos' }).click();
    const purchase = page.getByRole('dialog', { name: 'Comprar créditos' });
    await purchase.waitFor();
    await page.keyboard.press('Escape');
    await purchase.waitFor({ state: 'hidden' });
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('languages', () => {
  it('switches to Spanish from the selector and keeps it across a reload', async () => {
    const { page } = await newSession();
    await page.goto(baseUrl);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('button', { name: 'Comprar créditos' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('es');
    await page.reload();
    await page.getByRole('button', { name: 'Crear nuevo proyecto' }).waitFor();
    await page.getByRole('combobox', { name: 'Idioma' }).waitFor();
  });

  it('takes ?lng=fr over the browser language', async () => {
    const { page } = await newSession({ locale: 'es-ES' });
    await page.goto(`${baseUrl}/?lng=fr`);
    await page.getByRole('button', { name: 'Acheter des crédits' }).waitFor();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('fr');
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe('ltr');
  });

  it('follows the browser language and falls back to English for others', async () => {
    const spanish = await newSession({ locale: 'es-MX' });
    await spanish.page.goto(baseUrl);
    await spanish.page.getByRole('button', { name: 'Iniciar sesión / Registrarse' }).waitFor();
    const german = await newSession({ locale: 'de-DE' });
    await german.page.goto(baseUrl);
    await german.page.getByRole('button', { name: 'Sign in / Sign up' }).waitFor();
  });

  it('translates the payment pages', async () => {
    const { page } = await newSession();
    await page.goto(`${baseUrl}/cancel?lng=fr`);
    await page.getByRole('heading', { name: 'Paiement annulé' }).waitFor();
  });
});

describe('operations', () => {
  it('serves the API docs UI under the strict CSP', async () => {
    const { page } = await newSession();
    await page.goto(`${baseUrl}/api/docs`);
    await page.getByText('Facelift API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
  });
});
