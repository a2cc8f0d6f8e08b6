import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

export const facadeWidth = 480;
export const facadeHeight = 320;
/** The facade's wall colour: red above green, so a recoloured (sage) wall tells itself apart. */
export const wallColour = { r: 200, g: 185, b: 165 };

/** A facade that is wall from edge to edge, with a darker band, so both wipe sides show wall. */
function facadePng(): Promise<Buffer> {
  return sharp({ create: { width: facadeWidth, height: facadeHeight, channels: 3, background: wallColour } })
    .composite([
      {
        input: {
          create: { width: facadeWidth, height: 24, channels: 3, background: { r: 110, g: 100, b: 90 } },
        },
        left: 0,
        top: 40,
      },
    ])
    .png()
    .toBuffer();
}

/** The whole picture is the wall region (transparent = marked). */
function wholeWallRegionPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: facadeWidth,
      height: facadeHeight,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * Signs up, creates a project with a drawn facade through the API, recolours its wall with the
 * local engine in the browser, and waits until the result panel shows the before/after pair.
 */
export async function showRecolouredResult(page: Page, origin: string): Promise<void> {
  const signUp = await page.request.post(`${origin}/api/auth/sign-up/email`, {
    headers: { origin },
    data: { email: `video-${randomUUID()}@example.com`, password: 'a long enough password', name: 'Video' },
  });
  if (signUp.status() !== 200) throw new Error(`sign-up failed: ${signUp.status()}`);
  const created = await page.request.post(`${origin}/api/projects`, {
    headers: { origin },
    multipart: {
      name: 'Video facade',
      image: { name: 'facade.png', mimeType: 'image/png', buffer: await facadePng() },
    },
  });
  if (created.status() !== 201) throw new Error(`project creation failed: ${created.status()}`);
  const project = (await created.json()) as { id: string };
  const region = await page.request.put(`${origin}/api/projects/${project.id}/regions/walls`, {
    headers: { origin, 'content-type': 'image/png' },
    data: await wholeWallRegionPng(),
  });
  if (region.status() !== 200) throw new Error(`region upload failed: ${region.status()}`);
  await page.goto(`${origin}/projects/${project.id}`);
  await page.getByText('Marked: walls.').waitFor();
  await page.getByRole('button', { name: 'Wall colour' }).click();
  await page.getByRole('button', { name: 'Sage', exact: true }).click();
  await page.getByRole('button', { name: 'Transform', exact: true }).click();
  await page.getByRole('img', { name: 'Result' }).waitFor({ timeout: 30_000 });
}

/** Opens the video creator from the result panel (its chunk loads on demand). */
export async function openVideoCreator(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Make a video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Before/after video' });
  await dialog.waitFor();
  return dialog;
}

export type VideoKind = { type: 'simple' } | { type: 'social'; platform: string };

export async function chooseVideo(dialog: Locator, kind: VideoKind): Promise<void> {
  if (kind.type === 'simple') {
    await dialog.getByRole('radio', { name: 'Simple', exact: true }).check();
  } else {
    await dialog.getByRole('radio', { name: 'Social', exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Platform' }).selectOption(kind.platform);
  }
}

/** Clicks Generate, waits for the ready state, downloads the file; returns its bytes and name. */
export async function generateAndDownload(
  page: Page,
  dialog: Locator,
  timeout = 60_000,
): Promise<{ bytes: Buffer; fileName: string }> {
  await dialog.getByRole('button', { name: 'Generate video' }).click();
  const download = dialog.getByRole('link', { name: 'Download video' });
  await download.waitFor({ timeout });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const path = await file.path();
  return { bytes: await readFile(path), fileName: file.suggestedFilename() };
}

export interface VideoFacts {
  mimeType: string;
  codec: string | null;
  codecString: string | null;
  width: number;
  height: number;
  duration: number;
  frameCount: number;
  decoderConfig: { codec: string; description: string | null; codedWidth: number; codedHeight: number };
  packets: { timestampMicroseconds: number; durationMicroseconds: number; isKey: boolean; data: string }[];
}

/** Reads a video file with mediabunny: container, codec, size, duration and every packet. */
export async function readVideo(bytes: Buffer): Promise<VideoFacts> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryVideoTrack();
    if (!track) throw new Error('the file has no video track');
    const config = await track.getDecoderConfig();
    if (!config) throw new Error('the video track has no decoder configuration');
    const raw = config.description;
    const description = raw
      ? Buffer.from(
          ArrayBuffer.isView(raw)
            ? new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength)
            : new Uint8Array(raw),
        ).toString('base64')
      : null;
    const packets: VideoFacts['packets'] = [];
    for await (const packet of new EncodedPacketSink(track).packets()) {
      packets.push({
        timestampMicroseconds: Math.round(packet.timestamp * 1e6),
        durationMicroseconds: Math.round(packet.duration * 1e6),
        isKey: packet.type === 'key',
        data: Buffer.from(packet.data).toString('base64'),
      });
    }
    return {
      mimeType: await input.getMimeType(),
      codec: track.codec,
      codecString: await track.getCodecParameterString(),
      width: track.displayWidth,
      height: track.displayHeight,
      duration: await input.computeDuration(),
      frameCount: packets.length,
      decoderConfig: {
        codec: config.codec,
        description,
        codedWidth: config.codedWidth ?? track.codedWidth,
        codedHeight: config.codedHeight ?? track.codedHeight,
      },
      packets,
    };
  } finally {
    input.dispose();
  }
}

/**
 * Decodes the video in the page with WebCodecs (Node has no decoder) and returns the RGB of
 * the frame nearest `atSeconds` at each point, given as fractions of the width and height.
 */
export async function pixelsOfFrame(
  page: Page,
  video: VideoFacts,
  atSeconds: number,
  points: [number, number][],
): Promise<number[][]> {
  return page.evaluate(
    async ({ config, packets, targetMicroseconds, points }) => {
      const bytesOf = (base64: string) =>
        Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      const frames: VideoFrame[] = [];
      const decoder = new VideoDecoder({
        output: (frame) => frames.push(frame),
        error: (error) => {
          throw error;
        },
      });
      decoder.configure({
        codec: config.codec,
        codedWidth: config.codedWidth,
        codedHeight: config.codedHeight,
        ...(config.description ? { description: bytesOf(config.description) } : {}),
      });
      for (const packet of packets) {
        decoder.decode(
          new EncodedVideoChunk({
            type: packet.isKey ? 'key' : 'delta',
            timestamp: packet.timestampMicroseconds,
            duration: packet.durationMicroseconds,
            data: bytesOf(packet.data),
          }),
        );
      }
      await decoder.flush();
      decoder.close();
      const nearest = frames.reduce((best, frame) =>
        Math.abs(frame.timestamp - targetMicroseconds) < Math.abs(best.timestamp - targetMicroseconds)
          ? frame
          : best,
      );
      const canvas = new OffscreenCanvas(nearest.displayWidth, nearest.displayHeight);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.drawImage(nearest, 0, 0);
      for (const frame of frames) frame.close();
      return points.map(([x, y]) => [
        ...context
          .getImageData(Math.round(x * canvas.width), Math.round(y * canvas.height), 1, 1)
          .data.slice(0, 3),
      ]);
    },
    { config: video.decoderConfig, packets: video.packets, targetMicroseconds: atSeconds * 1e6, points },
  );
}
