import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

const { newSession } = useBrowser();

// `npm start` runs the build with plain node (docs/decisions/101-built-server.md); the other
// suites run the sources, so this one checks that the build itself serves the app.
describe('the built server', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({}, undefined, 'built');
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers its health check and serves the web app', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      database: { dialect: 'sqlite', reachable: true },
    });
    const { context, page } = await newSession();
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { name: 'Your project' }).waitFor();
    // The on-demand parts load once the page is idle (docs/decisions/108-app-shell-split.md):
    // they come from the build too, and must be in before the server stops after this test.
    await page.waitForLoadState('networkidle');
    await context.close();
  });
});
