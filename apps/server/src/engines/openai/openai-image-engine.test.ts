import { composePrompt, createEmptyDirectives, type Directives } from '@facelift/shared';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rectangleMask } from '../../../test/support/masks.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ImageEditRequest } from '../image-engine.ts';
import { OpenAiImageEngine } from './openai-image-engine.ts';

// A 4:3 source larger than any output size, so that scaling both ways is exercised.
const width = 400;
const height = 300;

async function gradientPng(): Promise<{ png: Buffer; pixels: Buffer }> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index++) {
    pixels[index * 3] = index % width;
    pixels[index * 3 + 1] = Math.floor(index / width);
    pixels[index * 3 + 2] = 90;
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png, pixels };
}

/**
 * The 4:3 source fills 1365 of the 1536 columns of the 3:2 frame it is sent in (the rest is
 * padding, marked to keep): mask shares of the source shrink by that much in what is sent.
 */
const photoShareOfFrame = 1365 / 1536;

const inpainting: Directives = { mode: 'inpainting', freeText: 'Add ivy on the wall' };

async function request(overrides: Partial<ImageEditRequest> = {}): Promise<ImageEditRequest> {
  const { png } = await gradientPng();
  return {
    image: png,
    prompt: composePrompt(inpainting),
    directives: inpainting,
    outputSize: '1536x1024',
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('OpenAiImageEngine against the fake OpenAI server', () => {
  let fake: FakeOpenAiServer;
  let engine: OpenAiImageEngine;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.imageEdits.length = 0;
    engine = new OpenAiImageEngine({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      timeoutMs: 2000,
      maxRetries: 0,
    });
  });

  it('sends gpt-image-1, n=1, the output size and PNG parts with explicit MIME types', async () => {
    const result = await engine.edit(
      await request({
        mask: await rectangleMask(width, height, { left: 100, top: 100, right: 200, bottom: 200 }),
      }),
    );
    expect(result).toMatchObject({ engine: 'openai', width, height });
    const [edit] = fake.imageEdits;
    expect(edit).toMatchObject({ model: 'gpt-image-1', n: '1', size: '1536x1024' });
    expect(edit?.prompt).toBe(composePrompt(inpainting));
    expect(edit?.images).toEqual([expect.objectContaining({ type: 'image/png', width: 1536, height: 1024 })]);
    expect(edit?.mask).toMatchObject({ type: 'image/png', width: 1536, height: 1024, hasAlpha: true });
    // 100x100 of 400x300 is a twelfth of the photo.
    expect(edit?.maskTransparentShare).toBeCloseTo(photoShareOfFrame / 12, 2);
  });

  it('composites the answer into the mask at full resolution and keeps every outside pixel', async () => {
    const { pixels } = await gradientPng();
    fake.answerColour = [10, 220, 30];
    const result = await engine.edit(
      await request({
        mask: await rectangleMask(width, height, { left: 100, top: 100, right: 200, bottom: 200 }),
      }),
    );
    const output = await sharp(result.image).removeAlpha().raw().toBuffer();
    expect(output.length).toBe(pixels.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = (y * width + x) * 3;
        const inside = x >= 100 && x < 200 && y >= 100 && y < 200;
        if (!inside) {
          expect(output.subarray(offset, offset + 3).equals(pixels.subarray(offset, offset + 3))).toBe(true);
        } else if (x >= 110 && x < 190 && y >= 110 && y < 190) {
          // Beyond the feathered edge the answer shows through fully.
          expect([...output.subarray(offset, offset + 3)]).toEqual([10, 220, 30]);
        }
      }
    }
    // At the inside edge the answer is blended, not pasted: the feather.
    const edge = (150 * width + 100) * 3;
    expect(output[edge + 1]).toBeGreaterThan(pixels[edge + 1] as number);
    expect(output[edge + 1]).toBeLessThan(220);
  });

  it('uses the regions of the elements the request touches as the mask when there is no inpainting mask', async () => {
    const regions = {
      walls: await rectangleMask(width, height, { left: 0, top: 0, right: 400, bottom: 150 }),
      roof: await rectangleMask(width, height, { left: 0, top: 150, right: 400, bottom: 300 }),
    };
    const wallsOnly: Directives = {
      ...createEmptyDirectives(),
      selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
    };
    await engine.edit(
      await request({ directives: wallsOnly, prompt: composePrompt(wallsOnly), elementRegions: regions }),
    );
    expect(fake.imageEdits[0]?.maskTransparentShare).toBeCloseTo(photoShareOfFrame / 2, 2);

    // An instruction for the roof brings the roof region in as well.
    const withRoofInstruction: Directives = {
      ...wallsOnly,
      customInstructions: { roof: 'clean the tiles' },
    };
    await engine.edit(
      await request({
        directives: withRoofInstruction,
        prompt: composePrompt(withRoofInstruction),
        elementRegions: regions,
      }),
    );
    expect(fake.imageEdits[1]?.maskTransparentShare).toBeCloseTo(photoShareOfFrame, 2);

    // Inpainting text naming the walls, in French, edits the wall region.
    const french: Directives = { mode: 'inpainting', freeText: 'ajoute du lierre sur le mur' };
    await engine.edit(
      await request({ directives: french, prompt: composePrompt(french), elementRegions: regions }),
    );
    expect(fake.imageEdits[2]?.maskTransparentShare).toBeCloseTo(photoShareOfFrame / 2, 2);

    // A touched element without a region: no mask, so the provider may change it.
    const doors: Directives = { ...wallsOnly, doorGlassStyle: 'fullGlass' };
    await engine.edit(
      await request({ directives: doors, prompt: composePrompt(doors), elementRegions: regions }),
    );
    expect(fake.imageEdits[3]?.mask).toBeNull();
  });

  it('sends no mask and returns the answer at full resolution when nothing is masked', async () => {
    fake.answerColour = [1, 2, 3];
    const result = await engine.edit(await request());
    expect(fake.imageEdits[0]?.mask).toBeNull();
    const stats = await sharp(result.image).stats();
    expect(result).toMatchObject({ width, height });
    expect(stats.channels.slice(0, 3).map((channel) => Math.round(channel.mean))).toEqual([1, 2, 3]);
  });

  it('says "No image data returned from OpenAI" when the answer has no image', async () => {
    fake.failNext('empty-data');
    const error = await failureOf(engine.edit(await request()));
    expect(error.code).toBe('ENGINE_FAILED');
    expect(error.message).toBe('No image data returned from OpenAI');
  });

  it('maps moderation, rate limits, quota, outages and bad keys to clear messages without the key', async () => {
    const cases = [
      ['moderation', 'CONTENT_REJECTED', /safety system refused/],
      ['rate-limit', 'ENGINE_BUSY', /busy \(rate limit reached\)/],
      ['quota', 'ENGINE_KEY_REJECTED', /run out of quota/],
      ['server-error', 'ENGINE_BUSY', /internal error/],
    ] as const;
    for (const [failure, code, message] of cases) {
      fake.failNext(failure);
      const error = await failureOf(engine.edit(await request()));
      expect(error.code, failure).toBe(code);
      expect(error.message, failure).toMatch(message);
    }
    const wrongKey = new OpenAiImageEngine({
      apiKey: 'sk-wrong-secret-value',
      baseUrl: fake.baseUrl,
      timeoutMs: 2000,
      maxRetries: 0,
    });
    const error = await failureOf(wrongKey.edit(await request()));
    expect(error.code).toBe('ENGINE_KEY_REJECTED');
    expect(error.message).toBe("The image service rejected the server's API key.");
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain('sk-');
  });

  it('gives up after its own timeout when the provider hangs', async () => {
    fake.failNext('hang');
    const quick = new OpenAiImageEngine({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      timeoutMs: 300,
      maxRetries: 0,
    });
    const started = Date.now();
    const error = await failureOf(quick.edit(await request()));
    expect(error.message).toMatch(/did not answer within 0 seconds|did not answer within/);
    expect(error.details).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('retries a failed attempt as configured', async () => {
    fake.failNext('server-error');
    const retrying = new OpenAiImageEngine({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      timeoutMs: 2000,
      maxRetries: 1,
    });
    const before = fake.requestLog.length;
    await expect(retrying.edit(await request())).resolves.toMatchObject({ engine: 'openai' });
    expect(fake.requestLog.length - before).toBe(2);
  });

  it('refuses an empty mask before calling the provider', async () => {
    const before = fake.requestLog.length;
    const error = await failureOf(
      engine.edit(
        await request({ mask: await rectangleMask(width, height, { left: 0, top: 0, right: 0, bottom: 0 }) }),
      ),
    );
    expect(error.code).toBe('AREA_NOT_MARKED');
    expect(error.message).toMatch(/painted area is empty/);
    expect(fake.requestLog.length).toBe(before);
  });
});
