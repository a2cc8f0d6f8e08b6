import { type FakeOidcProvider, startFakeOidcProvider } from '@facelift/test-fakes/oidc';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser.ts';
import { findFreePort, type RunningServer, startServer } from './support/server-process.ts';

const { newSession } = useBrowser();

const baseUrl = inject('baseUrl');

async function fillCredentials(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
}

describe('e-mail and password', () => {
  it('signs up through the modal, shows 5 credits, signs out and signs in again', async () => {
    const { page } = await newSession();
    const email = uniqueEmail('ada');
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'No account yet? Sign up' }).click();
    const signUpDialog = page.getByRole('dialog', { name: 'Create your account' });
    const submit = signUpDialog.getByRole('button', { name: 'Sign up', exact: true });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await signUpDialog.getByLabel('E-mail').fill(email);
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await signUpDialog.getByLabel('Password').fill('short');
    await submit.click();
    await signUpDialog.getByText('The password must be at least 8 characters.').waitFor();
    await signUpDialog.getByLabel('Password').fill('a long enough password');
    await signUpDialog.getByLabel('First name (optional)').fill('Ada');
    await submit.click();
    await page.getByText('5 credits', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in / Sign up' }).count()).toBe(0);

    // The session cookie is httpOnly: scripts cannot read it.
    await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain('session');
    const cookies = await page.context().cookies();
    const sessionCookie = cookies.find((cookie) => cookie.name.includes('session_token'));
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Dashboard' }).click();
    const account = page.getByRole('dialog', { name: 'Dashboard' });
    await account.getByText(email).waitFor();
    await account.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in / Sign up' }).waitFor();

    await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
    await fillCredentials(page, email, 'a wrong password');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByText('Wrong e-mail or password.').waitFor();
    await fillCredentials(page, email, 'a long enough password');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('5 credits', { exact: true }).waitFor();

    // Still signed in after a reload.
    await page.reload();
    await page.getByText('5 credits', { exact: true }).waitFor();
  });

  it('lines up the first and last name boxes on a phone in every language', async () => {
    // "Apellidos (opcional)" wraps to two lines at 390 px: its box sat 21 px below "Nombre".
    const languages = [
      { locale: 'en-US', open: 'Sign in / Sign up', toSignUp: 'No account yet? Sign up' },
      {
        locale: 'es-ES',
        open: 'Iniciar sesión / Registrarse',
        toSignUp: '¿Aún no tienes cuenta? Regístrate',
      },
      {
        locale: 'fr-FR',
        open: 'Se connecter / S’inscrire',
        toSignUp: 'Pas encore de compte ? Inscrivez-vous',
      },
    ];
    for (const language of languages) {
      const { page, context } = await newSession({
        viewport: { width: 390, height: 844 },
        locale: language.locale,
      });
      await page.goto(baseUrl);
      await page.getByRole('button', { name: language.open }).click();
      await page.getByRole('dialog').getByRole('button', { name: language.toSignUp }).click();
      const names = page.locator('.auth-form__row input');
      await expect.poll(() => names.count()).toBe(2);
      await expect
        .poll(async () => {
          const [first, last] = await Promise.all([names.nth(0).boundingBox(), names.nth(1).boundingBox()]);
          return first && last ? Math.round(last.y - first.y) : 'not shown';
        })
        .toBe(0);
      await context.close();
    }
  });

  it('keeps a focused field clear of the sticky dialog title when the dialog scrolls', async () => {
    // A phone held sideways: the sign-in form scrolls under its sticky title and Close (decision
    // 287). Tab on from the last control wraps to the e-mail box at the form's top, which the
    // browser scrolled to the dialog's top edge, under the title (review: y 16-58, title to 80).
    const { page } = await newSession({ viewport: { width: 390, height: 420 } });
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('E-mail');
    await email.focus();
    // Tab on down the form and past Close, round to the e-mail box.
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      if (await email.evaluate((input) => input === document.activeElement)) break;
    }
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    const header = await dialog.locator('.ui-modal__header').boundingBox();
    const box = await email.boundingBox();
    expect(header && box && Math.round(box.y - (header.y + header.height))).toBeGreaterThanOrEqual(0);
  });

  it('says when the e-mail is taken', async () => {
    const { page } = await newSession();
    const email = uniqueEmail('taken');
    const response = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
      headers: { origin: baseUrl },
      data: { email, password: 'password-123', name: 'Taken' },
    });
    expect(response.status()).toBe(200);
    await page.goto(baseUrl);
    await page.context().clearCookies();
    await page.reload();
    await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No account yet? Sign up' }).click();
    await fillCredentials(page, email, 'password-456');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign up', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByText('An account with this e-mail already exists. Sign in instead.')
      .waitFor();
  });

  it('shows the Google button disabled when Google is not configured', async () => {
    const { page } = await newSession();
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
    const google = page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' });
    await expect.poll(() => google.isDisabled()).toBe(true);
    await page.getByRole('dialog').getByText('Google sign-in is not configured').waitFor();
  });
});

describe('Google sign-in in a popup', () => {
  let oidc: FakeOidcProvider;
  let server: RunningServer;

  beforeAll(async () => {
    const port = await findFreePort();
    oidc = await startFakeOidcProvider(`http://127.0.0.1:${port}/api/auth/callback/google`);
    server = await startServer(
      {
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        GOOGLE_ISSUER_URL: oidc.issuer,
      },
      port,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await oidc?.stop();
  });

  it('signs in through the provider in a popup; the opener is signed in without a reload', async () => {
    const { page } = await newSession();
    const email = uniqueEmail('grace');
    await page.goto(server.baseUrl);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same page';
    });
    await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click(),
    ]);
    await popup.locator('input[name="login"]').fill(email);
    await popup.locator('input[name="password"]').fill('anything');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.waitForEvent('close', { timeout: 15_000 });

    await page.getByText('5 credits', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker))
      .toBe('same page');
    const me = await page.request.get(`${server.baseUrl}/api/me`);
    expect(await me.json()).toMatchObject({ email, fname: 'Grace', lname: 'Hopper', balance: 5 });
  });
});
