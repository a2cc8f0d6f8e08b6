import { createHash } from 'node:crypto';
import { chooseOutputSize, outputSizeDimensions } from '@facelift/shared';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { ChatEngine, ChatReply, ChatReplyRequest } from '../chat-engine.ts';
import {
  decodeMaskWeights,
  decodeRaster,
  encodePng,
  featherInward,
  isWeightsEmpty,
  type RasterImage,
} from '../raster-image.ts';
import { createOpenAiClient, featherSigma, type OpenAiEngineOptions } from './openai-client.ts';
import { mapOpenAiError } from './openai-errors.ts';
import {
  composite,
  decodeAtSourceSize,
  encodeFramedImage,
  encodeProviderMask,
  type Frame,
  fitIntoFrame,
} from './openai-image-engine.ts';

/** The chat model and image quality docs/product.md (Chat) names. */
export const openAiChatModel = 'gpt-4o-mini';
export const openAiChatImageQuality = 'high';

/** The chat answers about house facades only (docs/product.md, Chat). */
export const facadeOnlyInstructions =
  'You are the assistant of a facade design app. Talk only about house facades and building exteriors: ' +
  'walls, roofs, windows, doors, shutters, colours, materials and styles. When the user asks for a change ' +
  "to the facade, edit the first image (the user's facade) with the image generation tool, keeping " +
  'everything the user did not ask to change; further images are references for style or colour. ' +
  'Politely decline any request that is not about a house facade, in the language the user writes in.';

/**
 * The OpenAI chat engine (docs/product.md, Chat): the current image, the painted mask and each
 * reference image are uploaded to /v1/files (purpose vision, explicit MIME types), then one
 * /v1/responses call sends only the user's last message with the image_generation tool
 * (quality high, input_image_mask when a mask is painted). The uploads are deleted afterwards.
 */
export class OpenAiChatEngine implements ChatEngine {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.client = createOpenAiClient(options);
  }

  async reply(request: ChatReplyRequest): Promise<ChatReply> {
    const source = await decodeRaster(request.image);
    const weights = request.mask ? await decodeMaskWeights(request.mask, source.width, source.height) : null;
    if (weights && isWeightsEmpty(weights)) {
      throw new AppError('AREA_NOT_MARKED', 'The painted area is empty.');
    }
    const outputSize = chooseOutputSize(source.width, source.height);
    const { width, height } = outputSizeDimensions(outputSize);
    // Fitted into the output size without distortion, like an edit, the mask laid in alike
    // (docs/decisions/081-faithful-ai-edit-geometry.md).
    const frame = fitIntoFrame(source.width, source.height, width, height);
    const imageSent = await encodeFramedImage(source, frame);
    const maskSent = weights ? await encodeProviderMask(weights, frame) : null;

    const uploaded: string[] = [];
    try {
      const upload = async (bytes: Buffer, name: string) => {
        const file = await this.client.files.create(
          { file: await toFile(bytes, name, { type: 'image/png' }), purpose: 'vision' },
          { signal: request.signal },
        );
        uploaded.push(file.id);
        return file.id;
      };
      // An image already in the message is not sent twice (a reference equal to the facade, say).
      const seen = new Set<string>();
      const imageIds: string[] = [];
      for (const [index, bytes] of [imageSent, ...request.referenceImages].entries()) {
        const digest = createHash('sha256').update(bytes).digest('hex');
        if (seen.has(digest)) continue;
        seen.add(digest);
        imageIds.push(await upload(bytes, index === 0 ? 'facade.png' : `reference-${index}.png`));
      }
      const maskId = maskSent ? await upload(maskSent, 'mask.png') : null;

      const response = await this.client.responses.create(
        {
          model: openAiChatModel,
          instructions: facadeOnlyInstructions,
          input: [
            {
              role: 'user',
              content: [
                { type: 'input_text', text: request.text },
                ...imageIds.map((fileId) => ({
                  type: 'input_image' as const,
                  file_id: fileId,
                  detail: 'auto' as const,
                })),
              ],
            },
          ],
          tools: [
            {
              type: 'image_generation',
              quality: openAiChatImageQuality,
              size: outputSize,
              ...(maskId ? { input_image_mask: { file_id: maskId } } : {}),
            },
          ],
        },
        { signal: request.signal },
      );
      if (response.status === 'failed') {
        const code = response.error?.code ?? null;
        throw new AppError(
          code === 'image_content_policy_violation' ? 'CONTENT_REJECTED' : 'ENGINE_FAILED',
          code === 'image_content_policy_violation'
            ? "The image service's safety system refused this request."
            : 'The chat service could not answer.',
          { engine: 'openai', reason: 'response_failed', providerCode: code },
        );
      }
      const texts: string[] = [];
      let generated: Buffer | null = null;
      for (const item of response.output ?? []) {
        if (item.type === 'image_generation_call' && item.result && !generated) {
          generated = Buffer.from(item.result, 'base64');
        } else if (item.type === 'message') {
          for (const part of item.content) {
            if (part.type === 'output_text' && part.text.trim()) texts.push(part.text.trim());
            else if (part.type === 'refusal' && part.refusal.trim()) texts.push(part.refusal.trim());
          }
        }
      }
      const image = generated ? await this.finishImage(generated, frame, source, weights) : null;
      return { text: texts.join('\n\n'), image, engine: this.name };
    } catch (error) {
      throw mapOpenAiError(error, this.options.timeoutMs, this.options.maxRetries + 1);
    } finally {
      await this.deleteUploads(uploaded);
    }
  }

  /** With a mask, the answer goes back onto the full-resolution image through it, as edits do. */
  private async finishImage(
    generated: Buffer,
    frame: Frame,
    source: RasterImage,
    weights: Awaited<ReturnType<typeof decodeMaskWeights>> | null,
  ): Promise<Buffer> {
    if (!weights) {
      try {
        return await sharp(generated).png().toBuffer();
      } catch {
        throw new AppError('ENGINE_FAILED', 'The image service returned an image that could not be read.', {
          engine: 'openai',
          reason: 'unreadable_image',
        });
      }
    }
    const answer = await decodeAtSourceSize(generated, frame, source);
    try {
      return await encodePng(composite(source, answer, await featherInward(weights, featherSigma)));
    } catch {
      throw new AppError('ENGINE_FAILED', 'The image service returned an image that could not be read.', {
        engine: 'openai',
        reason: 'unreadable_image',
      });
    }
  }

  /** Uploaded files are only needed for one call; a failed delete is not the user's problem. */
  private async deleteUploads(fileIds: string[]): Promise<void> {
    await Promise.all(fileIds.map((fileId) => this.client.files.delete(fileId).catch(() => undefined)));
  }
}
