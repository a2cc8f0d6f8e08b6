import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser.ts';
import { createProject, leftWallFacadePng, leftWallRegionPng, markRegion } from './support/project-setup.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

/**
 * A new installation's first hour (docs/decisions/080-free-tier-story.md and
 * 084-first-account-is-admin.md): the operator signs up first and is admin, spends the free
 * generations, buys on the test checkout and goes on; the next person meets the free-tier
 * rule and is told what comes next. Embedded defaults: local engine, sales closed.
 */
const { newSession } = useBrowser();

/** A project with its wall marked, through the API (the project flow has its own browser tests). */
async function projectWithMarkedWall(request: APIRequestContext, origin: string) {
  const project = await createProject(request, origin, {
    name: 'First hour',
    photo: await leftWallFacadePng(),
  });
  await markRegion(request, origin, project.id, 'walls', await leftWallRegionPng());
  return project;
}

async function signUpInTheModal(page: Page, origin: string, email: string) {
  await page.goto(origin);
  await page.getByRole('button', { name: 'Sign in / Sign up' }).click();
  await page
    .getByRole('dialog', { name: 'Sign in' })
    .getByRole('button', { name: 'No account yet? Sign up' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill('a long enough password');
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByText('5 credits', { exact: true }).waitFor();
}

async function transformWallTo(page: Page, colour: string) {
  await page.getByRole('button', { name: 'Wall colour' }).click();
  await page.getByRole('button', { name: colour, exact: true }).click();
  await page.getByRole('button', { name: 'Transform', exact: true }).click();
}

async function transformAndWait(page: Page, colour: string, creditsAfter: string) {
  await transformWallTo(page, colour);
  await page.getByText(`${creditsAfter} credits`, { exact: true }).waitFor({ timeout: 20_000 });
  await page.getByRole('img', { name: 'Result' }).waitFor();
  await page.getByRole('button', { name: 'Continue editing' }).click();
}

describe('the first hour on a fresh installation', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the first account is admin, buys on the test checkout and transforms a third time', async () => {
    const { page } = await newSession();
    await signUpInTheModal(page, server.baseUrl, uniqueEmail('operator'));
    await page.getByRole('button', { name: 'Dashboard' }).click();
    const dashboard = page.getByRole('dialog', { name: 'Dashboard' });
    const role = dashboard.getByRole('definition').filter({ hasText: /^Admin$/ });
    await role.waitFor();
    await page.keyboard.press('Escape');

    const project = await projectWithMarkedWall(page.request, server.baseUrl);
    await page.goto(`${server.baseUrl}/projects/${project.id}`);
    await transformAndWait(page, 'Sage', '4');
    await transformAndWait(page, 'Burgundy', '3');

    // The third is refused with the next step for an admin: buy.
    await transformWallTo(page, 'Sage');
    const purchase = page.getByRole('dialog', { name: 'Buy credits' });
    await purchase.getByText('The free plan includes 2 generations. Buy credits to continue.').waitFor();
    await purchase.getByRole('button', { name: 'Buy Starter' }).click();
    await page.waitForURL(/\/checkout\/test\/test_cs_/);
    await page.getByRole('button', { name: 'Pay $5' }).click();
    await page.waitForURL(/\/success\?session_id=test_cs_/);
    await page.getByText('13 credits', { exact: true }).waitFor();

    await page.goto(`${server.baseUrl}/projects/${project.id}`);
    await transformWallTo(page, 'Sage');
    await page.getByText('12 credits', { exact: true }).waitFor({ timeout: 20_000 });
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${server.baseUrl}/api/projects/${project.id}`)).json()).history
            .length,
        { timeout: 20_000 },
      )
      .toBe(3);
  });

  it('a second account meets the free-tier rule and is told that sales open soon', async () => {
    const { page } = await newSession();
    await signUpInTheModal(page, server.baseUrl, uniqueEmail('second'));
    const me = await (await page.request.get(`${server.baseUrl}/api/me`)).json();
    expect(me.isAdmin).toBe(false);
    const project = await projectWithMarkedWall(page.request, server.baseUrl);
    await page.goto(`${server.baseUrl}/projects/${project.id}`);
    await transformAndWait(page, 'Sage', '4');
    await transformAndWait(page, 'Burgundy', '3');

    await transformWallTo(page, 'Sage');
    const purchase = page.getByRole('dialog', { name: 'Buy credits' });
    await purchase
      .getByText('The free plan includes 2 generations. Credit sales open soon: you can buy more then.')
      .waitFor();
    await purchase.getByText('Credit sales open soon. During the launch only admins can buy.').waitFor();
    await expect.poll(() => purchase.getByRole('button', { name: 'Buy (admin only)' }).count()).toBe(3);
    await page.getByText('3 credits', { exact: true }).waitFor();
  });
});
