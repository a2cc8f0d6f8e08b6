import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageFormat, processUploadedImage } from './image-processing.ts';

const limits = { maxBytes: 20 * 1024 * 1024, maxPixels: 40_000_000 };

describe('detectImageFormat', () => {
  it('reads the type from the first bytes only', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    const webp = await sharp(png).webp().toBuffer();
    expect(detectImageFormat(png)).toBe('png');
    expect(detectImageFormat(jpeg)).toBe('jpeg');
    expect(detectImageFormat(webp)).toBe('webp');
    expect(detectImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(detectImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe('processUploadedImage', () => {
  it('accepts WebP and makes a PNG and a thumbnail no larger than 480 px', async () => {
    const webp = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#357' } })
      .webp()
      .toBuffer();
    const result = await processUploadedImage(webp, limits);
    expect(result).toMatchObject({ width: 1200, height: 600 });
    expect((await sharp(result.png).metadata()).format).toBe('png');
    expect(await sharp(result.thumbnail).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 240,
    });
  });

  it('queues many decodes at once and still finishes every one', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a52' } })
      .png()
      .toBuffer();
    const results = await Promise.all(Array.from({ length: 7 }, () => processUploadedImage(png, limits)));
    expect(results.map((result) => result.width)).toEqual(Array(7).fill(300));
  });
});
