import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser.ts';

const { newSession } = useBrowser();
const baseUrl = inject('baseUrl');

describe('your data in the dashboard', () => {
  it('downloads a zip of my data, then deletes the account after the password', async () => {
    const { page, context } = await newSession();
    const email = uniqueEmail('leaver');
    const signUp = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
      headers: { origin: baseUrl },
      data: { email, password: 'a long enough password', name: 'Leaver' },
    });
    expect(signUp.status()).toBe(200);
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Dashboard' }).click();
    const dashboard = page.getByRole('dialog', { name: 'Dashboard' });
    await dashboard.getByRole('heading', { name: 'Your data' }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dashboard.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^facelift-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile((await download.path()) as string);
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('account.json'))).toBe(true);

    await dashboard.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account' });
    await confirm.getByLabel('Password').fill('not my password');
    await confirm.getByRole('button', { name: 'Delete my account for ever' }).click();
    await confirm.getByText('The password is not right.').waitFor();
    await confirm.getByLabel('Password').fill('a long enough password');
    await confirm.getByRole('button', { name: 'Delete my account for ever' }).click();
    await page.getByText('Your account was deleted.').first().waitFor();
    await page.getByRole('button', { name: 'Sign in / Sign up' }).waitFor();

    // The account is gone: its password no longer signs in.
    const signIn = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      headers: { origin: baseUrl },
      data: { email, password: 'a long enough password' },
    });
    expect(signIn.status()).toBe(401);
    await context.close();
  });
});
