import { thumbnailEffort, thumbnailQuality } from '@facelift/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeResult, type RasterImage } from './raster-image.ts';
import { shrinkForThumbnail } from './thumbnail-shrink.ts';

function noisy(width: number, height: number, channels: 3 | 4, seed: number): RasterImage {
  let state = seed;
  const data = Buffer.alloc(width * height * channels);
  for (let index = 0; index < data.length; index++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    data[index] = state >> 23;
  }
  return { data, width, height, channels };
}

/** The box average by `factor`, partial blocks at the right and bottom edges, rounded half up. */
function naiveShrink(image: RasterImage, factor: number): RasterImage {
  const { width, height, channels } = image;
  const outWidth = Math.ceil(width / factor);
  const outHeight = Math.ceil(height / factor);
  const data = Buffer.alloc(outWidth * outHeight * channels);
  for (let by = 0; by < outHeight; by++) {
    for (let bx = 0; bx < outWidth; bx++) {
      for (let channel = 0; channel < channels; channel++) {
        let sum = 0;
        let area = 0;
        for (let y = by * factor; y < Math.min(height, (by + 1) * factor); y++) {
          for (let x = bx * factor; x < Math.min(width, (bx + 1) * factor); x++) {
            sum += image.data[(y * width + x) * channels + channel] as number;
            area++;
          }
        }
        data[(by * outWidth + bx) * channels + channel] = Math.floor((sum + Math.floor(area / 2)) / area);
      }
    }
  }
  return { data, width: outWidth, height: outHeight, channels };
}

describe('shrinkForThumbnail', () => {
  it('is the box average by the largest whole factor leaving twice the thumbnail size, edges included', async () => {
    for (const [width, height, channels, factor] of [
      [1000, 700, 3, 2],
      [1500, 1001, 3, 3],
      [4003, 37, 3, 8],
      [1210, 2017, 4, 4],
      [9000, 23, 3, 16],
    ] as const) {
      const image = noisy(width, height, channels, width + height);
      const shrunk = await shrinkForThumbnail(image);
      const expected = naiveShrink(image, factor);
      expect([shrunk.width, shrunk.height, shrunk.channels]).toEqual([
        expected.width,
        expected.height,
        channels,
      ]);
      expect(shrunk.data.equals(expected.data)).toBe(true);
    }
  });

  it('leaves a raster under twice the thumbnail size as it is', async () => {
    const image = noisy(959, 600, 3, 1);
    expect(await shrinkForThumbnail(image)).toBe(image);
  });

  it('gives a thumbnail of the same size as libvips resizing the full raster, and close to it', async () => {
    const width = 4000;
    const height = 3000;
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = (y * width + x) * 3;
        data[offset] = (x / width) * 200 + 30;
        data[offset + 1] = (y / height) * 180 + 40;
        data[offset + 2] = 120 + ((x >> 5) % 2) * 60;
      }
    }
    const { thumbnail } = await encodeResult({ data, width, height, channels: 3 });
    const ours = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    const full = await sharp(data, { raw: { width, height, channels: 3 } })
      .resize(480, 480, { fit: 'inside' })
      .raw()
      .toBuffer();
    // What the thumbnail was before: libvips's resize of the full raster, encoded the same way.
    const before = await sharp(
      await sharp(full, { raw: { width: 480, height: 360, channels: 3 } })
        .webp({ quality: thumbnailQuality, effort: thumbnailEffort })
        .toBuffer(),
    )
      .raw()
      .toBuffer();
    const psnr = (pixels: Buffer) => {
      let squares = 0;
      for (let index = 0; index < full.length; index++)
        squares += ((pixels[index] as number) - (full[index] as number)) ** 2;
      return 10 * Math.log10((255 * 255) / (squares / full.length));
    };
    expect([ours.info.width, ours.info.height]).toEqual([480, 360]);
    expect(psnr(ours.data)).toBeGreaterThan(psnr(before) - 1.5);
  });
});
