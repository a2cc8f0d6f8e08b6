import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail, useBrowser } from './support/browser.ts';

const { newSession } = useBrowser();

const baseUrl = inject('baseUrl');

/** A facade-like test image made here (tests never copy photos into the repository). */
function facadePng(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .composite([
      {
        input: { create: { width: 120, height: 160, channels: 3, background: { r: 90, g: 60, b: 40 } } },
        left: 140,
        top: 140,
      },
    ])
    .png()
    .toBuffer();
}

async function signUpInPage(page: Page) {
  const response = await page.request.post(`${baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: baseUrl },
    data: { email: uniqueEmail('projects'), password: 'a long enough password', name: 'Projects' },
  });
  expect(response.status()).toBe(200);
}

async function dropFile(page: Page, bytes: Buffer, name: string, type: string) {
  const zone = page.getByTestId('image-drop-zone');
  const dataTransfer = await page.evaluateHandle(
    ({ data, fileName, fileType }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName, { type: fileType }));
      return transfer;
    },
    { data: [...bytes], fileName: name, fileType: type },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect.poll(() => zone.getAttribute('class')).toContain('image-picker__zone--dragging');
  await zone.dispatchEvent('drop', { dataTransfer });
}

async function nameProject(page: Page, name: string) {
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.getByText(`Project: ${name}`).waitFor();
}

describe('projects', () => {
  it('asks a signed-out visitor to sign in before naming a project', async () => {
    const { page } = await newSession();
    await page.goto(baseUrl);
    // Typing before the account check has answered asks nothing yet (the visitor may be signed
    // in): the header's sign-in button, disabled meanwhile, says the check is done.
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in / Sign up' }).first().isEnabled())
      .toBe(true);
    const create = page.getByRole('button', { name: 'Create project' });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await page.getByLabel('Project name').fill('Signed out house');
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.getByText('You must be logged in to create a project.').waitFor();
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'hidden' });
    await create.click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByText('You need to be logged in').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByText('You need to be logged in').waitFor();

    // A deep link to a project asks for sign-in too.
    await page.goto(`${baseUrl}/projects/some-project`);
    await page.getByText('Sign in to open this project.').waitFor();
  });

  it('names a project, uploads by drag and drop, offers the three offers, survives a reload and updates a second tab live', async () => {
    const { page, context } = await newSession();
    await page.goto(baseUrl);
    await signUpInPage(page);
    await page.reload();
    await page.getByText('5 credits', { exact: true }).waitFor();

    await nameProject(page, 'Maple House');
    const zone = page.getByTestId('image-drop-zone');
    expect((await zone.boundingBox())?.height).toBeGreaterThanOrEqual(250);

    // A non-image is refused.
    await dropFile(page, Buffer.from('not an image'), 'notes.txt', 'text/plain');
    await page.getByText('Please select an image file').waitFor();

    await dropFile(page, await facadePng({ r: 220, g: 210, b: 190 }), 'facade.png', 'image/png');
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const projectUrl = page.url();
    const projectId = projectUrl.split('/').pop() ?? '';

    // The three offers, standard by default, each with help.
    const offers = page
      .getByRole('radiogroup')
      .or(page.getByRole('group', { name: 'What do you want to change?' }));
    await offers.waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'Standard' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Chat' }).check();
    await expect.poll(() => page.getByRole('radio', { name: 'Chat' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'About Inpainting (selection)' }).hover();
    await page
      .getByRole('tooltip')
      .getByText(/only the painted area is edited/)
      .waitFor();

    // The original is in the gallery and is served to its owner.
    await page.getByRole('button', { name: 'Open the original photo' }).waitFor();
    const image = page.getByRole('img', { name: 'The image the next transformation starts from' });
    // Shown is not yet loaded: its natural width is 0 until the bytes have arrived.
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(400);

    // Reload: the deep link keeps the project, and the tab keeps the offer chosen for it.
    await page.reload();
    await page.getByText('Project: Maple House').waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'Chat' }).isChecked()).toBe(true);

    // A second tab sees a new result arrive without reloading, even one added after the tab had
    // loaded the project but before its live stream opened (held back here, as on a loaded machine).
    const second = await context.newPage();
    let releaseStream = () => {};
    const streamHeld = new Promise<void>((resolve) => {
      releaseStream = resolve;
    });
    await second.route(/\/events$/, async (route) => {
      await streamHeld;
      await route.continue();
    });
    await second.goto(projectUrl);
    await second.getByText('Project: Maple House').waitFor();
    await expect.poll(() => second.getByTestId('gallery-result').count()).toBe(0);
    const result = await page.request.post(`${baseUrl}/api/projects/${projectId}/history`, {
      headers: { origin: baseUrl },
      multipart: {
        prompt: 'Change only the walls to sage.',
        image: {
          name: 'result.png',
          mimeType: 'image/png',
          buffer: await facadePng({ r: 150, g: 170, b: 140 }),
        },
      },
    });
    expect(result.status()).toBe(201);
    releaseStream();
    await second.getByTestId('gallery-result').first().waitFor();
    await page.getByTestId('gallery-result').first().waitFor();

    // A rename shows up in the other tab too.
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Project name').fill('Maple House (north)');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Project: Maple House (north)').waitFor();
    await second.getByText('Project: Maple House (north)').waitFor();

    // Open it in the result panel, use it as the base for the next transformation.
    await second.getByRole('button', { name: /^Open the result of/ }).click();
    // The result's buttons and prompt follow the controls in the page (decision 312).
    const opened = second.getByRole('region', { name: 'Result options' });
    await opened.getByText('Change only the walls to sage.').waitFor({ state: 'attached' });
    await opened.getByRole('button', { name: 'Use for next transformation' }).click();
    await second.getByText('The next transformation starts from an earlier result.').waitFor();
    await second.close();
  });

  it('uploads by browsing, then finds, loads and deletes projects in the dashboard', async () => {
    const { page } = await newSession();
    await page.goto(baseUrl);
    await signUpInPage(page);
    await page.reload();
    await page.getByRole('button', { name: 'Dashboard' }).waitFor();

    for (const [name, colour] of [
      ['Oak Villa', { r: 200, g: 180, b: 160 }],
      ['Birch Cottage', { r: 180, g: 190, b: 200 }],
    ] as const) {
      await page.getByRole('button', { name: 'Create new project' }).click();
      await nameProject(page, name);
      await page.getByLabel('Photo of the facade').setInputFiles({
        name: 'facade.png',
        mimeType: 'image/png',
        buffer: await facadePng(colour),
      });
      await page.getByRole('button', { name: 'Open the original photo' }).waitFor();
    }
    await page.getByText('Project: Birch Cottage').waitFor();

    // "Create new project" clears everything.
    await page.getByRole('button', { name: 'Create new project' }).click();
    await page.getByLabel('Project name').waitFor();
    await expect.poll(() => page.getByLabel('Project name').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByRole('button', { name: 'Dashboard' }).click();
    const dashboard = page.getByRole('dialog', { name: 'Dashboard' });
    await dashboard.getByRole('button', { name: 'Load Oak Villa' }).waitFor();
    await dashboard.getByRole('button', { name: 'Load Birch Cottage' }).waitFor();
    await dashboard.getByText('Credits', { exact: true }).waitFor();

    await dashboard.getByLabel('Search projects by name').fill('oak');
    await dashboard.getByRole('button', { name: 'Load Birch Cottage' }).waitFor({ state: 'detached' });
    await dashboard.getByRole('button', { name: 'Load Oak Villa' }).click();
    await page.getByText('Project: Oak Villa').waitFor();
    expect(page.url()).toMatch(/\/projects\//);

    await page.getByRole('button', { name: 'Dashboard' }).click();
    await dashboard.getByRole('button', { name: 'Delete Oak Villa' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await confirm.getByText('Are you sure you want to delete this project?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).last().click();
    await dashboard.getByRole('button', { name: 'Delete Oak Villa' }).click();
    await page
      .getByRole('dialog', { name: 'Delete project' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await dashboard.getByRole('button', { name: 'Load Oak Villa' }).waitFor({ state: 'detached' });
    await dashboard.getByLabel('Search projects by name').fill('');
    await dashboard.getByRole('button', { name: 'Load Birch Cottage' }).waitFor();

    // The open project was the deleted one: the panel is back at the start.
    await dashboard.getByRole('button', { name: 'Back' }).first().click();
    await page.getByLabel('Project name').waitFor();
  });
});
