import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { ChatReplyRequest } from '../chat-engine.ts';
import { facadeOnlyInstructions, OpenAiChatEngine } from './openai-chat-engine.ts';

// 4:3, so the chat sends the wide output size (1536x1024).
const width = 400;
const height = 300;

async function gradientPng(): Promise<{ png: Buffer; pixels: Buffer }> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index++) {
    pixels[index * 3] = index % 251;
    pixels[index * 3 + 1] = Math.floor(index / width) % 251;
    pixels[index * 3 + 2] = 90;
  }
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  return { png, pixels };
}

/** Contract mask: transparent (edit) on the left half, opaque black elsewhere. */
function leftHalfMask(): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4);
  for (let index = 0; index < width * height; index++) data[index * 4 + 3] = index % width < 200 ? 0 : 255;
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

function solid(colour: string, size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('OpenAiChatEngine against the fake OpenAI server', () => {
  let fake: FakeOpenAiServer;
  let engine: OpenAiChatEngine;
  let source: { png: Buffer; pixels: Buffer };

  const request = (overrides: Partial<ChatReplyRequest> = {}): ChatReplyRequest => ({
    text: 'Paint the shutters blue',
    language: 'en',
    image: source.png,
    referenceImages: [],
    ...overrides,
  });

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    engine = new OpenAiChatEngine({
      apiKey: fake.apiKey,
      baseUrl: fake.baseUrl,
      timeoutMs: 5000,
      maxRetries: 0,
    });
    source = await gradientPng();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.uploads.length = 0;
    fake.responsesCalls.length = 0;
    fake.deletedFileIds.length = 0;
    fake.chatAnswer = 'image';
    fake.answerColour = [20, 200, 60];
  });

  it('uploads the facade and each reference as vision PNGs and sends only the last message with the tool', async () => {
    const references = [await solid('#ff0000'), await solid('#0000ff')];
    const reply = await engine.reply(request({ referenceImages: references }));

    expect(fake.uploads.map((upload) => [upload.purpose, upload.type])).toEqual([
      ['vision', 'image/png'],
      ['vision', 'image/png'],
      ['vision', 'image/png'],
    ]);
    expect([fake.uploads[0]?.width, fake.uploads[0]?.height]).toEqual([1536, 1024]);
    expect(fake.responsesCalls).toHaveLength(1);
    const call = fake.responsesCalls[0];
    expect(call?.body.model).toBe('gpt-4o-mini');
    expect(call?.body.instructions).toBe(facadeOnlyInstructions);
    expect(call?.body.input).toHaveLength(1);
    expect(call?.body.input?.[0]?.role).toBe('user');
    expect(call?.body.input?.[0]?.content?.map((part) => part.type)).toEqual([
      'input_text',
      'input_image',
      'input_image',
      'input_image',
    ]);
    expect(call?.body.input?.[0]?.content?.[0]?.text).toBe('Paint the shutters blue');
    expect(call?.images.map((image) => image.id)).toEqual(fake.uploads.map((upload) => upload.id));
    expect(call?.body.tools).toEqual([{ type: 'image_generation', quality: 'high', size: '1536x1024' }]);
    expect(call?.mask).toBeNull();

    expect(reply.text).toBe('Here is the facade.');
    expect(reply.image).not.toBeNull();
    const { data, info } = await sharp(reply.image as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1536, 1024]);
    expect([data[0], data[1], data[2]]).toEqual([20, 200, 60]);
    // The uploads are only needed for this one call.
    expect([...fake.deletedFileIds].sort()).toEqual(fake.uploads.map((upload) => upload.id).sort());
  });

  it('sends an image that is already in the message only once', async () => {
    const reference = await solid('#00ff00');
    await engine.reply(request({ referenceImages: [reference, reference] }));
    expect(fake.uploads).toHaveLength(2);
    expect(fake.responsesCalls[0]?.images).toHaveLength(2);
  });

  it('sends the painted mask as input_image_mask and keeps every pixel outside it', async () => {
    const reply = await engine.reply(request({ mask: await leftHalfMask() }));
    const call = fake.responsesCalls[0];
    expect(call?.mask?.hasAlpha).toBe(true);
    expect(call?.mask?.type).toBe('image/png');
    // Half the 4:3 photo, which fills 1365 of the 1536 columns of the 3:2 frame it is sent in.
    expect(call?.mask?.transparentShare).toBeCloseTo(1365 / 1536 / 2, 2);
    expect(call?.body.tools?.[0]?.input_image_mask?.file_id).toBe(call?.mask?.id);
    // The mask is not one of the message's images.
    expect(call?.images.map((image) => image.id)).not.toContain(call?.mask?.id);

    const { data, info } = await sharp(reply.image as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([width, height]);
    let changedOutside = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 200; x < width; x++) {
        const offset = (y * width + x) * info.channels;
        const original = (y * width + x) * 3;
        for (let channel = 0; channel < 3; channel++) {
          if (data[offset + channel] !== source.pixels[original + channel]) changedOutside++;
        }
      }
    }
    expect(changedOutside).toBe(0);
    const inside = (150 * width + 100) * info.channels;
    expect([data[inside], data[inside + 1], data[inside + 2]]).toEqual([20, 200, 60]);
  });

  it('answers text only, nothing, or a refusal without an image', async () => {
    fake.chatAnswer = 'text';
    fake.chatText = 'Sage walls would suit this house.';
    expect(await engine.reply(request())).toEqual({
      text: 'Sage walls would suit this house.',
      image: null,
      engine: 'openai',
    });
    fake.chatAnswer = 'nothing';
    expect(await engine.reply(request())).toEqual({ text: '', image: null, engine: 'openai' });
    fake.chatAnswer = 'refusal';
    const refusal = await engine.reply(request());
    expect(refusal.image).toBeNull();
    expect(refusal.text).toMatch(/can't help/);
    fake.chatText = 'Here is the facade.';
  });

  it('turns 429, 500 and moderation into job errors', async () => {
    fake.failNext('rate-limit');
    expect((await failureOf(engine.reply(request()))).details).toMatchObject({ reason: 'rate_limited' });
    // The failure may hit the first upload: the responses call then never happens.
    fake.failNext('server-error');
    const serverError = await failureOf(engine.reply(request()));
    expect(serverError.code).toBe('ENGINE_BUSY');
    expect(serverError.details).toMatchObject({ reason: 'provider_error' });
    // Moderation on the responses call itself: the upload of the facade goes through first.
    fake.failNext('moderation');
    const moderation = await failureOf(engine.reply(request()));
    expect(moderation.code).toBe('CONTENT_REJECTED');
  });
});
