import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import {
  chooseVideo,
  generateAndDownload,
  openVideoCreator,
  pixelsOfFrame,
  readVideo,
  showRecolouredResult,
  type VideoKind,
} from './support/video-helpers.ts';

const { newSession } = useBrowser();
const baseUrl = inject('baseUrl');

/**
 * Resolves once `text` shows on the page. The copy and share statuses last 2 s (use-timed-status):
 * started before the click and checked in the page every frame, the wait cannot miss one the way
 * a wait begun after the click could, when the test's round trips are slow on a loaded machine.
 */
async function shownInPage(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), text, { polling: 'raf' });
}

/**
 * What each video must be (docs/product.md, Videos). `level` is the H.264 level byte in the
 * file's codec string (High profile, "avc1.64xxLL"): 3.1 = 1f, 3.2 = 20, 4.0 = 28.
 */
const expectedVideos: { kind: VideoKind; width: number; height: number; seconds: number; level: string }[] = [
  { kind: { type: 'simple' }, width: 800, height: 600, seconds: 3, level: '1f' },
  {
    kind: { type: 'social', platform: 'instagram' },
    width: 1080,
    height: 1080,
    seconds: 4,
    level: '20',
  },
  {
    kind: { type: 'social', platform: 'tiktok' },
    width: 1080,
    height: 1920,
    seconds: 4,
    level: '28',
  },
  {
    kind: { type: 'social', platform: 'youtube' },
    width: 1920,
    height: 1080,
    seconds: 4,
    level: '28',
  },
  {
    kind: { type: 'social', platform: 'twitter' },
    width: 1280,
    height: 720,
    seconds: 4,
    level: '1f',
  },
  {
    kind: { type: 'social', platform: 'facebook' },
    width: 1280,
    height: 720,
    seconds: 4,
    level: '1f',
  },
];

function isAfterWall([red = 0, green = 0, blue = 0]: number[]): boolean {
  return green > red + 8 && green > blue;
}
function isBeforeWall([red = 0, green = 0, blue = 0]: number[]): boolean {
  return red > green + 6 && green > blue;
}

describe('before/after video creator', () => {
  it('makes the Simple video and every Social video as MP4/H.264 of the right size, length and frames, wiping from before to after', async () => {
    const { page } = await newSession();
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);

    for (const expected of expectedVideos) {
      await chooseVideo(dialog, expected.kind);
      const { bytes, fileName } = await generateAndDownload(page, dialog);
      const label = expected.kind.type === 'simple' ? 'simple' : expected.kind.platform;
      expect(fileName, label).toMatch(
        new RegExp(`^facelift-${expected.kind.type === 'simple' ? 'before-after' : label}-\\w+\\.mp4$`),
      );
      const video = await readVideo(bytes);
      expect(
        {
          mimeType: video.mimeType.split(';')[0],
          codec: video.codec,
          profileAndLevel: video.codecString?.replace(/^avc1\.64..(..)$/, 'avc1.64··$1'),
          width: video.width,
          height: video.height,
          frameCount: video.frameCount,
        },
        label,
      ).toEqual({
        mimeType: 'video/mp4',
        codec: 'avc',
        profileAndLevel: `avc1.64··${expected.level}`,
        width: expected.width,
        height: expected.height,
        frameCount: expected.seconds * 30,
      });
      expect(Math.abs(video.duration - expected.seconds), label).toBeLessThanOrEqual(0.1);

      // The middle frame: after on the left of the wipe line, before on the right.
      const [left, right] = await pixelsOfFrame(page, video, expected.seconds / 2, [
        [0.25, 0.5],
        [0.75, 0.5],
      ]);
      expect(isAfterWall(left ?? []), `${label} left ${left}`).toBe(true);
      expect(isBeforeWall(right ?? []), `${label} right ${right}`).toBe(true);
      if (expected.kind.type === 'simple') {
        // A free account's video carries the site badge: a dark pill at the bottom centre.
        const row = await pixelsOfFrame(page, video, 1.5, [
          [0.42, 0.926],
          [0.45, 0.926],
          [0.55, 0.926],
          [0.58, 0.926],
        ]);
        const darkest = Math.min(...row.map(([red = 0]) => red));
        expect(darkest, `badge row ${JSON.stringify(row)}`).toBeLessThan(130);
      }
      // The first frame is all before, the last all after.
      const [first] = await pixelsOfFrame(page, video, 0, [[0.25, 0.5]]);
      const [last] = await pixelsOfFrame(page, video, expected.seconds - 1 / 30, [[0.75, 0.5]]);
      expect(isBeforeWall(first ?? []), `${label} first ${first}`).toBe(true);
      expect(isAfterWall(last ?? []), `${label} last ${last}`).toBe(true);
    }
  }, 240_000);

  it('makes WebM (VP9) where H.264 cannot be encoded, and says so', async () => {
    const { page } = await newSession();
    await page.addInitScript(() => {
      const original = VideoEncoder.isConfigSupported.bind(VideoEncoder);
      VideoEncoder.isConfigSupported = (config) =>
        config.codec.startsWith('avc1') ? Promise.resolve({ supported: false, config }) : original(config);
    });
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    await chooseVideo(dialog, { type: 'social', platform: 'tiktok' });
    const { bytes, fileName } = await generateAndDownload(page, dialog);
    expect(fileName).toMatch(/^facelift-tiktok-\w+\.webm$/);
    const video = await readVideo(bytes);
    expect(video.mimeType.split(';')[0]).toBe('video/webm');
    expect(video.codec).toBe('vp9');
    expect([video.width, video.height, video.frameCount]).toEqual([1080, 1920, 120]);
    expect(Math.abs(video.duration - 4)).toBeLessThanOrEqual(0.1);
    await dialog.getByText('TikTok does not accept WebM videos', { exact: false }).waitFor();
  }, 120_000);

  it('records WebM with MediaRecorder where WebCodecs is missing', async () => {
    const { page } = await newSession();
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'VideoEncoder');
    });
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    const { bytes, fileName } = await generateAndDownload(page, dialog);
    expect(fileName).toMatch(/^facelift-before-after-\w+\.webm$/);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // EBML: WebM
    const video = await readVideo(bytes);
    expect(video.mimeType.split(';')[0]).toBe('video/webm');
    expect(['vp8', 'vp9']).toContain(video.codec);
    expect([video.width, video.height]).toEqual([800, 600]);
    // Recorded in real time, so the length is about 3 s rather than exact.
    expect(video.duration).toBeGreaterThan(2.5);
    expect(video.duration).toBeLessThan(4);
    // Real time drifts a little: look near the edges, where the wipe is clear of the middle.
    const [left, right] = await pixelsOfFrame(page, video, 1.5, [
      [0.1, 0.5],
      [0.9, 0.5],
    ]);
    expect(isAfterWall(left ?? []), `left ${left}`).toBe(true);
    expect(isBeforeWall(right ?? []), `right ${right}`).toBe(true);
  }, 120_000);

  it('cancel stops the encoding worker and returns to idle', async () => {
    const { page } = await newSession();
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    await chooseVideo(dialog, { type: 'social', platform: 'youtube' });
    // Wait until Playwright has attached to the encoder worker before cancelling: on a busy
    // machine a worker ended before the attach is never reported, and its close never comes.
    const encoderWorker = page.waitForEvent('worker', {
      predicate: (worker) => worker.url().includes('video-encoder'),
      timeout: 60_000,
    });
    // By keyboard: Enter on Generate; focus moves to Cancel, Enter cancels, focus returns to Generate.
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await dialog.getByRole('button', { name: 'Generate video' }).focus();
    await page.keyboard.press('Enter');
    const progress = dialog.getByRole('progressbar', { name: 'Video progress' });
    await progress.waitFor();
    await expect.poll(focusedText).toBe('Cancel');
    const worker = await encoderWorker;
    const workerClosed = new Promise<string>((resolve) => worker.on('close', () => resolve(worker.url())));
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Video cancelled.' }).waitFor();
    await expect.poll(focusedText).toBe('Generate video');
    expect(await workerClosed).toContain('video-encoder');
    await expect.poll(() => progress.count()).toBe(0);
    await expect.poll(() => dialog.getByRole('link', { name: 'Download video' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Generate video' }).waitFor();
  }, 120_000);

  it("brings the finished video and its Download into view on a phone, under the dialog's title", async () => {
    // Returning the focus to Generate scrolled the dialog by itself and stopped the scroll to the
    // video: Download stayed at y 1019–1059, below the 844 px screen.
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    // A social video: its platform, title and subtitle put the player below the fold.
    await chooseVideo(dialog, { type: 'social', platform: 'instagram' });
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    const download = dialog.getByRole('link', { name: 'Download video' });
    await download.waitFor({ timeout: 60_000 });
    const player = dialog.getByLabel('Video preview');
    // The title (and Close beside it) stays at the dialog's top: the scroll to the video took it
    // out of sight, 215 px above the dialog (decision 287).
    const title = dialog.getByRole('heading', { name: 'Before/after video' });
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect
      .poll(async () => {
        const [link, video, frame, heading, closeBox] = await Promise.all([
          download.boundingBox(),
          player.boundingBox(),
          dialog.boundingBox(),
          title.boundingBox(),
          close.boundingBox(),
        ]);
        if (!link || !video || !frame || !heading || !closeBox) return 'not shown';
        const bottom = Math.min(844, frame.y + frame.height);
        const headerBottom = Math.max(heading.y + heading.height, closeBox.y + closeBox.height);
        return link.y + link.height <= bottom &&
          heading.y >= frame.y &&
          closeBox.y >= frame.y &&
          video.y >= headerBottom
          ? 'in view'
          : `Download at y ${Math.round(link.y)}–${Math.round(link.y + link.height)}, video from ${Math.round(video.y)}, title from ${Math.round(heading.y)}, Close from ${Math.round(closeBox.y)}, dialog ${Math.round(frame.y)}–${Math.round(bottom)}`;
      })
      .toBe('in view');
    // Nothing else in the dialog shows through or above the title: it is the topmost thing there.
    const topmost = await title.evaluate((heading) => {
      const box = heading.getBoundingClientRect();
      return document.elementFromPoint(box.left + 4, box.top + box.height / 2) === heading;
    });
    expect(topmost).toBe(true);
  }, 120_000);

  it('shows the empty video frame beside the settings on a wide screen, and not at all on a phone', async () => {
    // The phone rule that hides the frame came before the frame's own rule in video.css, which
    // then showed it again: a 4:3 dashed box with ▶ under the settings at 390 px (decision 295).
    const frameBox = async (width: number, height: number) => {
      const { page } = await newSession({ viewport: { width, height } });
      await showRecolouredResult(page, baseUrl);
      const dialog = await openVideoCreator(page);
      await dialog.getByRole('button', { name: 'Generate video' }).waitFor();
      return dialog.locator('.video-creator__placeholder').boundingBox();
    };
    const wide = await frameBox(1366, 768);
    expect(wide?.width ?? 0).toBeGreaterThan(200);
    const phone = await frameBox(390, 844);
    expect(
      phone
        ? `${Math.round(phone.width)} x ${Math.round(phone.height)} at y ${Math.round(phone.y)}`
        : 'hidden',
    ).toBe('hidden');
  }, 120_000);

  it('ends the video creator at Generate video on a phone, with no empty space under it', async () => {
    // The hidden frame's box and the empty status line (their gaps, a reserved line) left ~81 px
    // of empty dialog under Generate at 390 x 844, in every language (decision 313).
    const { page } = await newSession({ viewport: { width: 390, height: 844 } });
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    const generate = dialog.getByRole('button', { name: 'Generate video' });
    await generate.waitFor();
    const below = async () => {
      const [button, frame] = await Promise.all([generate.boundingBox(), dialog.boundingBox()]);
      return Math.round((frame?.y ?? 0) + (frame?.height ?? 0) - ((button?.y ?? 0) + (button?.height ?? 0)));
    };
    // What is left is the dialog's own padding (24 px), as above its title.
    expect(await below()).toBeLessThanOrEqual(24);
    // The status line still says what happens, in the dialog's flow.
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    const ready = dialog.getByRole('status').filter({ hasText: 'Video ready.' });
    await ready.waitFor({ timeout: 60_000 });
    expect((await ready.boundingBox())?.height ?? 0).toBeGreaterThan(10);
  }, 120_000);

  it('shows the catalogue texts when a picture fails to load or no format can be made', async () => {
    const { page } = await newSession();
    await showRecolouredResult(page, baseUrl);
    const resultUrl = await page.getByRole('img', { name: 'Result' }).getAttribute('src');
    const dialog = await openVideoCreator(page);
    await page.route(`**${resultUrl}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /^Failed to load image$/ })
      .waitFor();
    await page.unroute(`**${resultUrl}`);

    await page.evaluate(() => {
      Reflect.deleteProperty(window, 'VideoEncoder');
      Reflect.deleteProperty(window, 'MediaRecorder');
    });
    await dialog.getByRole('button', { name: 'Generate video' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Failed to generate video. Please check browser compatibility and try again.' })
      .waitFor();
  }, 60_000);

  it('shares through the clipboard where Web Share is missing, and gives the upload guide', async () => {
    const { page, context } = await newSession();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    await chooseVideo(dialog, { type: 'social', platform: 'twitter' });
    await dialog.getByRole('textbox', { name: 'Title (optional)', exact: true }).fill('Our new facade');
    await dialog.getByRole('heading', { name: 'How to post on X (Twitter)' }).waitFor();
    const copied = shownInPage(page, 'Copied!');
    await dialog.getByRole('button', { name: 'Copy caption' }).click();
    await copied;
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('Our new facade\n\n#beforeandafter #facade');
    await dialog.getByRole('button', { name: 'Copy caption' }).waitFor({ timeout: 4000 });

    await generateAndDownload(page, dialog);
    const copiedMessage = shownInPage(page, 'the message was copied to the clipboard');
    await dialog.getByRole('button', { name: 'Share video' }).click();
    await copiedMessage;
    const status = dialog.getByRole('status').filter({ hasText: 'the message was copied to the clipboard' });
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(baseUrl);
    // Status texts reset after 2 s.
    await status.waitFor({ state: 'detached', timeout: 4000 });
  }, 120_000);

  it('shares the file with Web Share where it can: "Shared!" for 2 s; an aborted share goes back to idle', async () => {
    const { page } = await newSession();
    await page.addInitScript(() => {
      const shared: { name: string; type: string; size: number }[] = [];
      let abortNext = false;
      Object.assign(window, { sharedFiles: shared, abortNextShare: () => (abortNext = true) });
      Object.assign(navigator, {
        canShare: (data: ShareData) => Boolean(data.files?.length),
        share: async (data: ShareData) => {
          if (abortNext) {
            abortNext = false;
            throw new DOMException('Share canceled', 'AbortError');
          }
          for (const file of data.files ?? [])
            shared.push({ name: file.name, type: file.type, size: file.size });
        },
      });
    });
    await showRecolouredResult(page, baseUrl);
    const dialog = await openVideoCreator(page);
    await chooseVideo(dialog, { type: 'social', platform: 'instagram' });
    await generateAndDownload(page, dialog);
    const share = dialog.getByRole('button', { name: 'Share video' });
    const sharedShown = shownInPage(page, 'Shared!');
    await share.click();
    await sharedShown;
    const shared = dialog.getByRole('status').filter({ hasText: 'Shared!' });
    const files = await page.evaluate(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles);
    expect(files).toEqual([
      {
        name: expect.stringMatching(/^facelift-instagram-\w+\.mp4$/),
        type: 'video/mp4',
        size: expect.any(Number),
      },
    ]);
    await shared.waitFor({ state: 'detached', timeout: 4000 });

    await page.evaluate(() => (window as unknown as { abortNextShare(): void }).abortNextShare());
    await share.click();
    await share.waitFor();
    await expect.poll(() => share.isEnabled()).toBe(true);
    await expect
      .poll(() => dialog.getByText(/Shared!|copied to the clipboard|Could not share/).count())
      .toBe(0);
  }, 120_000);
});
