import { launchBrowser, openPage } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server-process.ts';
import { chooseVideo, openVideoCreator, showRecolouredResult } from '../e2e/support/video-helpers.ts';
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const [name, viewport] of [['desk', { width: 1366, height: 768 }], ['phone', { width: 390, height: 844 }]] as const) {
    const { page } = await openPage(browser, { viewport });
    await showRecolouredResult(page, server.baseUrl);
    await page.screenshot({ path: `/tmp/video-${name}-0-result.png` });
    const dialog = await openVideoCreator(page);
    await page.screenshot({ path: `/tmp/video-${name}-1-open.png` });
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.getByRole('progressbar').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/video-${name}-2-progress.png` });
    await dialog.getByRole('link', { name: 'Download video' }).waitFor({ timeout: 30000 });
    await page.screenshot({ path: `/tmp/video-${name}-3-ready.png` });
    await chooseVideo(dialog, { type: 'social', platform: 'tiktok' });
    await dialog.getByRole('textbox', { name: 'Title (optional)', exact: true }).fill('Our new facade');
    await dialog.getByRole('textbox', { name: 'Subtitle (optional)' }).fill('Sage walls, same house');
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog.getByRole('link', { name: 'Download video' }).waitFor({ timeout: 30000 });
    await page.evaluate(() => { const v = document.querySelector('video'); if (v) { v.pause(); v.currentTime = 2; } });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/video-${name}-4-social.png` });
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.screenshot({ path: `/tmp/video-${name}-5-guide.png` });
  }
} finally {
  await browser.close();
  await server.stop();
}
