import {
  createEmptyDirectives,
  type Directives,
  findSwatch,
  oklabFromBytes,
  recolourPixels,
  type Swatch,
  swatchRgb,
} from '@facelift/shared';
import { differenceCiede2000 } from 'culori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rectangleMask } from '../../../test/support/masks.ts';
import { AppError } from '../../lib/app-error.ts';
import { processMaskPng } from '../../modules/projects/image-processing.ts';
import type { ImageEditRequest } from '../image-engine.ts';
import { LocalImageEngine } from './local-image-engine.ts';

const width = 60;
const height = 40;

/** A facade: textured beige wall at the top, a brown door in the middle of the bottom half. */
async function facadePng(): Promise<{ png: Buffer; pixels: Buffer }> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const isDoor = x >= 25 && x < 35 && y >= 20;
      const texture = ((x * 13 + y * 7) % 9) * 3 - y;
      pixels[offset] = isDoor ? 90 + texture : 215 + texture;
      pixels[offset + 1] = isDoor ? 60 + texture : 200 + texture;
      pixels[offset + 2] = isDoor ? 40 + texture : 170 + texture;
    }
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png, pixels };
}

async function decode(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

function hueOf(pixels: Buffer, x: number, y: number): number {
  const offset = (y * width + x) * 3;
  const lab = oklabFromBytes(
    pixels[offset] as number,
    pixels[offset + 1] as number,
    pixels[offset + 2] as number,
  );
  return Math.atan2(lab.b, lab.a);
}

async function request(
  overrides: Partial<ImageEditRequest> & { directives: Directives },
): Promise<ImageEditRequest> {
  const { png } = await facadePng();
  return { image: png, prompt: 'unused by the local engine', outputSize: '1536x1024', ...overrides };
}

async function expectUnsupported(
  promise: Promise<unknown>,
  reason: string,
  message: RegExp,
  code: 'ENGINE_UNSUPPORTED' | 'AREA_NOT_MARKED' = 'ENGINE_UNSUPPORTED',
): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).details).toMatchObject({ reason });
  expect((error as AppError).message).toMatch(message);
}

describe('LocalImageEngine', () => {
  const engine = new LocalImageEngine();

  it('recolours the door region to the chosen swatch and leaves everything else byte-identical', async () => {
    const { pixels } = await facadePng();
    const doorRegion = await rectangleMask(width, height, { left: 25, top: 20, right: 35, bottom: 40 });
    const result = await engine.edit(
      await request({
        directives: {
          ...createEmptyDirectives(),
          selectedItems: [{ type: 'doorFrames', value: 'itemColor-burgundy' }],
        },
        elementRegions: { doorFrames: doorRegion },
      }),
    );
    expect(result).toMatchObject({ engine: 'local', width, height });
    // The thumbnail comes with the result, made from the same pixels: the job need not decode it.
    const thumbnail = await sharp(result.thumbnail as Buffer).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width, height });
    const output = await decode(result.image);
    const burgundy = oklabFromBytes(110, 28, 44);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = (y * width + x) * 3;
        if (x >= 25 && x < 35 && y >= 20) {
          expect(Math.abs(hueOf(output, x, y) - Math.atan2(burgundy.b, burgundy.a))).toBeLessThan(0.1);
        } else {
          expect(output.subarray(offset, offset + 3).equals(pixels.subarray(offset, offset + 3))).toBe(true);
        }
      }
    }
  });

  it('gives the same result bytes on a mask stored before (RGBA contract) and as stored now (one grey channel)', async () => {
    const { png, pixels } = await facadePng();
    // Drawn at half size, so both reads also scale it (nearest neighbour) to the photo.
    const legacy = await rectangleMask(width / 2, height / 2, { left: 12, top: 10, right: 18, bottom: 20 });
    const stored = await processMaskPng(legacy, { maxBytes: 1_000_000, maxPixels: 1_000_000 });
    expect((await sharp(stored.png).metadata()).channels).toBe(1);
    const edit = (region: Buffer) =>
      engine.edit({
        image: png,
        prompt: '',
        outputSize: '1536x1024',
        directives: {
          ...createEmptyDirectives(),
          selectedItems: [{ type: 'doorFrames', value: 'itemColor-burgundy' }],
        },
        elementRegions: { doorFrames: region },
      });
    const [before, now] = await Promise.all([edit(legacy), edit(stored.png)]);
    expect(now.image.equals(before.image)).toBe(true);
    const output = await decode(now.image);
    let changedInside = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = (y * width + x) * 3;
        const same = output.subarray(offset, offset + 3).equals(pixels.subarray(offset, offset + 3));
        if (x >= 24 && x < 36 && y >= 20) changedInside += same ? 0 : 1;
        else expect(same).toBe(true);
      }
    }
    expect(changedInside).toBe(12 * 20);
  });

  it('paints a custom "#rrggbb" colour on its element, nothing outside it', async () => {
    const { pixels } = await facadePng();
    const doorRegion = await rectangleMask(width, height, { left: 25, top: 20, right: 35, bottom: 40 });
    const result = await engine.edit(
      await request({
        directives: { ...createEmptyDirectives(), selectedItems: [{ type: 'doorFrames', value: '#2a6fdb' }] },
        elementRegions: { doorFrames: doorRegion },
      }),
    );
    const output = await decode(result.image);
    const blue = oklabFromBytes(0x2a, 0x6f, 0xdb);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = (y * width + x) * 3;
        if (x >= 25 && x < 35 && y >= 20) {
          expect(Math.abs(hueOf(output, x, y) - Math.atan2(blue.b, blue.a))).toBeLessThan(0.1);
        } else {
          expect(output.subarray(offset, offset + 3).equals(pixels.subarray(offset, offset + 3))).toBe(true);
        }
      }
    }
  });

  it('paints the inpainting mask with the colour named in Spanish free text', async () => {
    const { pixels } = await facadePng();
    const result = await engine.edit(
      await request({
        directives: { mode: 'inpainting', freeText: 'pinta la pared de verde salvia' },
        mask: await rectangleMask(width, height, { left: 0, top: 0, right: 60, bottom: 20 }),
      }),
    );
    const output = await decode(result.image);
    const sage = oklabFromBytes(156, 171, 134);
    expect(Math.abs(hueOf(output, 10, 10) - Math.atan2(sage.b, sage.a))).toBeLessThan(0.1);
    expect(output.subarray(width * 20 * 3).equals(pixels.subarray(width * 20 * 3))).toBe(true);
  });

  it('uses the region the French text names when there is no mask', async () => {
    const result = await engine.edit(
      await request({
        directives: { mode: 'inpainting', freeText: 'peins le mur en bleu' },
        elementRegions: {
          walls: await rectangleMask(width, height, { left: 0, top: 0, right: 60, bottom: 20 }),
        },
      }),
    );
    const output = await decode(result.image);
    const blue = oklabFromBytes(92, 136, 168);
    expect(Math.abs(hueOf(output, 30, 5) - Math.atan2(blue.b, blue.a))).toBeLessThan(0.1);
  });

  it('applies a colour named in a custom instruction to its element', async () => {
    const result = await engine.edit(
      await request({
        directives: { ...createEmptyDirectives(), customInstructions: { walls: 'paint it terracotta' } },
        elementRegions: {
          walls: await rectangleMask(width, height, { left: 0, top: 0, right: 60, bottom: 20 }),
        },
      }),
    );
    const output = await decode(result.image);
    const terracotta = oklabFromBytes(196, 98, 65);
    expect(Math.abs(hueOf(output, 30, 5) - Math.atan2(terracotta.b, terracotta.a))).toBeLessThan(0.1);
  });

  it('refuses an element without a marked region as AREA_NOT_MARKED', async () => {
    await expectUnsupported(
      engine.edit(
        await request({
          directives: {
            ...createEmptyDirectives(),
            selectedItems: [{ type: 'roof', value: 'itemColor-slate' }],
          },
        }),
      ),
      'missing_region',
      /^No area is marked for the roof\.$/,
      'AREA_NOT_MARKED',
    );
  });

  it('refuses an empty region', async () => {
    const empty = await rectangleMask(width, height, { left: 0, top: 0, right: 0, bottom: 0 });
    await expectUnsupported(
      engine.edit(
        await request({
          directives: {
            ...createEmptyDirectives(),
            selectedItems: [{ type: 'roof', value: 'itemColor-slate' }],
          },
          elementRegions: { roof: empty },
        }),
      ),
      'empty_area',
      /roof area is empty/,
      'AREA_NOT_MARKED',
    );
  });

  it('refuses structural changes, free generation and door glass styles', async () => {
    const mask = await rectangleMask(width, height, { left: 0, top: 0, right: 10, bottom: 10 });
    await expectUnsupported(
      engine.edit(await request({ directives: { mode: 'inpainting', freeText: 'Add a balcony' }, mask })),
      'structural_change',
      /only recolours/,
    );
    await expectUnsupported(
      engine.edit(
        await request({ directives: { mode: 'inpainting', freeText: 'a modern villa at sunset' }, mask }),
      ),
      'no_colour',
      /No colour was understood/,
    );
    await expectUnsupported(
      engine.edit(await request({ directives: { ...createEmptyDirectives(), doorGlassStyle: 'fullGlass' } })),
      'door_glass',
      /cannot change door glass/,
    );
    await expectUnsupported(
      engine.edit(await request({ directives: { mode: 'inpainting', freeText: 'make it sage' } })),
      'no_area',
      /Say which part to paint/,
    );
  });

  it('refuses two colours for one painted area', async () => {
    await expectUnsupported(
      engine.edit(
        await request({
          directives: { mode: 'inpainting', freeText: 'sage, then red' },
          mask: await rectangleMask(width, height, { left: 0, top: 0, right: 10, bottom: 10 }),
        }),
      ),
      'several_colours_one_area',
      /only one colour/,
    );
  });

  it('paints a named element only where its region and the painted mask overlap', async () => {
    const { pixels } = await facadePng();
    const result = await engine.edit(
      await request({
        directives: { mode: 'inpainting', freeText: 'paint the walls red' },
        // The wall region is the top half; the painted mask is the left third.
        elementRegions: {
          walls: await rectangleMask(width, height, { left: 0, top: 0, right: 60, bottom: 20 }),
        },
        mask: await rectangleMask(width, height, { left: 0, top: 0, right: 20, bottom: 40 }),
      }),
    );
    const output = await decode(result.image);
    const red = oklabFromBytes(178, 34, 34);
    expect(Math.abs(hueOf(output, 5, 5) - Math.atan2(red.b, red.a))).toBeLessThan(0.1);
    for (const [x, y] of [
      [40, 5],
      [5, 30],
    ] as const) {
      const offset = (y * width + x) * 3;
      expect(output.subarray(offset, offset + 3).equals(pixels.subarray(offset, offset + 3))).toBe(true);
    }
  });

  it('stops when the job is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job timed out'));
    await expect(
      engine.edit(
        await request({
          directives: {
            ...createEmptyDirectives(),
            selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
          },
          elementRegions: {
            walls: await rectangleMask(width, height, { left: 0, top: 0, right: 60, bottom: 20 }),
          },
          signal: controller.signal,
        }),
      ),
    ).rejects.toThrow('job timed out');
  });

  it('agrees with the browser preview of the same recolour (mean ΔE2000 ≤ 1) and changes nothing outside', async () => {
    // A camera-like JPEG: the server decodes it with sharp, the preview gets canvas RGBA bytes.
    const photoWidth = 120;
    const photoHeight = 80;
    const raw = Buffer.alloc(photoWidth * photoHeight * 3);
    for (let index = 0; index < photoWidth * photoHeight; index++) {
      const x = index % photoWidth;
      const y = Math.floor(index / photoWidth);
      raw[index * 3] = 60 + x + ((x * y) % 13);
      raw[index * 3 + 1] = 50 + y * 2;
      raw[index * 3 + 2] = 120 + ((x * 7) % 40);
    }
    const jpeg = await sharp(raw, { raw: { width: photoWidth, height: photoHeight, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const maskPixels = Buffer.alloc(photoWidth * photoHeight * 4);
    const weights = new Uint8Array(photoWidth * photoHeight);
    for (let index = 0; index < weights.length; index++) {
      const x = index % photoWidth;
      const y = Math.floor(index / photoWidth);
      const inside = (x - 50) ** 2 + (y - 40) ** 2 < 30 ** 2;
      maskPixels[index * 4 + 3] = inside ? 0 : 255;
      weights[index] = inside ? 255 : 0;
    }
    const mask = await sharp(maskPixels, { raw: { width: photoWidth, height: photoHeight, channels: 4 } })
      .png()
      .toBuffer();
    const result = await engine.edit({
      image: jpeg,
      prompt: '',
      outputSize: '1536x1024',
      directives: { mode: 'inpainting', freeText: 'paint it terracotta' },
      mask,
    });
    const server = await sharp(result.image).ensureAlpha().raw().toBuffer();
    const original = await sharp(jpeg).ensureAlpha().raw().toBuffer();
    const preview = new Uint8ClampedArray(original);
    const canvas = { data: preview, width: photoWidth, height: photoHeight, channels: 4 as const };
    recolourPixels(
      canvas,
      canvas,
      { data: weights, width: photoWidth, height: photoHeight },
      swatchRgb(findSwatch('terracotta') as Swatch),
    );
    let total = 0;
    let count = 0;
    const rgb = (data: ArrayLike<number>, offset: number) => ({
      mode: 'rgb' as const,
      r: (data[offset] as number) / 255,
      g: (data[offset + 1] as number) / 255,
      b: (data[offset + 2] as number) / 255,
    });
    const deltaE = differenceCiede2000();
    for (let index = 0; index < weights.length; index++) {
      const offset = index * 4;
      if (weights[index] === 0) {
        expect(server.subarray(offset, offset + 4).equals(original.subarray(offset, offset + 4))).toBe(true);
        continue;
      }
      total += deltaE(rgb(server, offset), rgb(preview, offset));
      count++;
    }
    expect(count).toBeGreaterThan(2000);
    expect(total / count).toBeLessThanOrEqual(1);
  });
});
