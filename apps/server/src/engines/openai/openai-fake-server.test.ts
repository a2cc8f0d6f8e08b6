import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The fake must refuse what the real service refuses, or engine tests would pass on requests
// that fail in production.
describe('fake OpenAI server', () => {
  let fake: FakeOpenAiServer;
  let client: OpenAI;
  let png: Buffer;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    client = new OpenAI({ apiKey: fake.apiKey, baseURL: fake.baseUrl, maxRetries: 0, timeout: 5000 });
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#887766' } })
      .png()
      .toBuffer();
  });
  afterAll(() => fake.close());

  it('refuses an image sent as application/octet-stream, as the real service does', async () => {
    const error = await client.images
      .edit({ model: 'gpt-image-1', image: await toFile(png, 'image.png'), prompt: 'x', size: '1024x1024' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toMatch(/unsupported mimetype/);
  });

  it('refuses a mask without alpha or of another size with invalid_mask_image_format', async () => {
    const image = await toFile(png, 'image.png', { type: 'image/png' });
    const opaqueMask = await toFile(png, 'mask.png', { type: 'image/png' });
    const noAlpha = await client.images
      .edit({ model: 'gpt-image-1', image, mask: opaqueMask, prompt: 'x' })
      .catch((caught: unknown) => caught);
    expect((noAlpha as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_mask_image_format');
    const smallMask = await sharp({
      create: { width: 32, height: 24, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const wrongSize = await client.images
      .edit({
        model: 'gpt-image-1',
        image: await toFile(png, 'image.png', { type: 'image/png' }),
        mask: await toFile(smallMask, 'mask.png', { type: 'image/png' }),
        prompt: 'x',
      })
      .catch((caught: unknown) => caught);
    expect((wrongSize as InstanceType<typeof OpenAI.APIError>).message).toMatch(/mask size does not match/);
  });

  it('answers size "auto" with the size matching the image aspect', async () => {
    const answer = await client.images.edit({
      model: 'gpt-image-1',
      image: await toFile(png, 'image.png', { type: 'image/png' }),
      prompt: 'x',
      size: 'auto',
    });
    expect(answer.size).toBe('1536x1024');
    const metadata = await sharp(Buffer.from(answer.data?.[0]?.b64_json ?? '', 'base64')).metadata();
    expect([metadata.width, metadata.height]).toEqual([1536, 1024]);
  });

  it('uploads vision files and answers a Responses call with an image and text', async () => {
    const file = await client.files.create({
      file: await toFile(png, 'source.png', { type: 'image/png' }),
      purpose: 'vision',
    });
    expect(file).toMatchObject({ object: 'file', purpose: 'vision', status: 'processed' });
    expect(file.id).toMatch(/^file-/);
    const response = await client.responses.create({
      model: 'gpt-4o-mini',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_text', text: 'Paint the facade sage' },
            { type: 'input_image', file_id: file.id, detail: 'auto' },
          ],
        },
      ],
      tools: [{ type: 'image_generation', quality: 'high' }],
    });
    expect(response.output.map((item) => item.type)).toEqual(['image_generation_call', 'message']);
    expect(response.output_text).toBe('Here is the facade.');
  });

  it('answers a wrong key with 401 in the documented error shape', async () => {
    const stranger = new OpenAI({ apiKey: 'sk-nope', baseURL: fake.baseUrl, maxRetries: 0 });
    const error = await stranger.files
      .create({ file: await toFile(png, 'a.png', { type: 'image/png' }), purpose: 'vision' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_api_key');
  });
});
