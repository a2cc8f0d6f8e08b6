import { type ElementType, elementTypes, outputSizeDimensions } from '@facelift/shared';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { ImageEditRequest, ImageEditResult, ImageEngine } from '../image-engine.ts';
import { findNamedElements } from '../local/colour-requests.ts';
import {
  decodeMaskWeights,
  decodeRaster,
  type EditWeights,
  encodePng,
  featherInward,
  isWeightsEmpty,
  type RasterImage,
} from '../raster-image.ts';
import { mapOpenAiError } from './openai-errors.ts';

export interface OpenAiEngineOptions {
  apiKey: string;
  /** Any server speaking the OpenAI wire format; the official endpoint when unset. */
  baseUrl?: string;
  /** Per attempt, in milliseconds. */
  timeoutMs: number;
  maxRetries: number;
}

/** The image model SPEC §7 names for edits. */
export const openAiImageModel = 'gpt-image-1';

/** How softly the provider's result blends in at the inside edge of the mask, in pixels. */
const featherSigma = 2;

/**
 * The OpenAI engine (SPEC §7, PRODUCT §5): gpt-image-1 edits through the official SDK,
 * server side only. The image (and mask) are sent at the output size; the answer is scaled
 * back to the source's full resolution and, when a mask was used, composited onto the
 * original so that every pixel outside the mask is the original's.
 */
export class OpenAiImageEngine implements ImageEngine {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      // The SDK defaults (600 s, 2 retries) would hold a job for half an hour.
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const source = await decodeRaster(request.image);
    const weights = await editWeights(request, source);
    if (weights && isWeightsEmpty(weights)) {
      // An empty mask would pay for an answer that compositing then throws away entirely.
      throw new AppError(
        'VALIDATION_FAILED',
        'The painted area is empty. Paint the area to change in the mask editor.',
      );
    }
    const { width, height } = outputSizeDimensions(request.outputSize);

    // Stretching to the output size (rather than letterboxing) keeps the mask aligned with
    // the image and is undone exactly when the answer is scaled back.
    const imageSent = await sharp(request.image)
      .rotate()
      .resize(width, height, { fit: 'fill' })
      .png()
      .toBuffer();
    const maskSent = weights ? await encodeProviderMask(weights, width, height) : null;

    let answer: OpenAI.Images.ImagesResponse;
    try {
      answer = await this.client.images.edit(
        {
          model: openAiImageModel,
          image: await toFile(imageSent, 'image.png', { type: 'image/png' }),
          ...(maskSent ? { mask: await toFile(maskSent, 'mask.png', { type: 'image/png' }) } : {}),
          prompt: request.prompt,
          n: 1,
          size: request.outputSize,
        },
        { signal: request.signal },
      );
    } catch (error) {
      throw mapOpenAiError(error, this.options.timeoutMs);
    }
    const encoded = answer.data?.[0]?.b64_json;
    if (!encoded) {
      throw new AppError('ENGINE_FAILED', 'No image data returned from OpenAI', {
        engine: 'openai',
        reason: 'no_image_data',
      });
    }
    const generated = await this.decodeAtSourceSize(Buffer.from(encoded, 'base64'), source);
    const output = weights
      ? composite(source, generated, await featherInward(weights, featherSigma))
      : generated;
    return { image: await encodePng(output), width: source.width, height: source.height, engine: this.name };
  }

  private async decodeAtSourceSize(image: Buffer, source: RasterImage): Promise<RasterImage> {
    let pipeline = sharp(image).toColourspace('srgb').resize(source.width, source.height, { fit: 'fill' });
    pipeline = source.channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha();
    try {
      const data = await pipeline.raw({ depth: 'uchar' }).toBuffer();
      return { data, width: source.width, height: source.height, channels: source.channels };
    } catch {
      throw new AppError('ENGINE_FAILED', 'The image service returned an image that could not be read.', {
        engine: 'openai',
        reason: 'unreadable_image',
      });
    }
  }
}

/**
 * The elements a request touches: chosen colours, elements with an instruction and, for a
 * door glass style, the doors; in inpainting mode, the elements its text names.
 */
function touchedElements(directives: ImageEditRequest['directives']): ElementType[] {
  if (directives.mode === 'inpainting') return findNamedElements(directives.freeText);
  const touched = new Set<ElementType>(directives.selectedItems.map((item) => item.type));
  for (const element of elementTypes) {
    if (directives.customInstructions?.[element]?.trim()) touched.add(element);
  }
  if (directives.doorGlassStyle) touched.add('doorFrameColor');
  return elementTypes.filter((element) => touched.has(element));
}

/**
 * The area to edit: the inpainting mask; else the marked regions of the elements the request
 * touches, when every one of them has a region (masking out an unmarked element would stop
 * the provider from changing it at all); else nothing, and the prompt alone limits the edit.
 */
async function editWeights(request: ImageEditRequest, source: RasterImage): Promise<EditWeights | null> {
  if (request.mask) return decodeMaskWeights(request.mask, source.width, source.height);
  const { elementRegions } = request;
  if (!elementRegions) return null;
  const touched = touchedElements(request.directives);
  const regions = touched.map((element) => elementRegions[element]);
  if (touched.length === 0 || regions.some((region) => region === undefined)) return null;
  const union = new Uint8Array(source.width * source.height);
  for (const region of regions as Buffer[]) {
    const weights = await decodeMaskWeights(region, source.width, source.height);
    for (let index = 0; index < union.length; index++) union[index] ||= weights.data[index] as number;
  }
  return { data: union, width: source.width, height: source.height };
}

/** The mask as the provider wants it: PNG with alpha (0 = edit), the same size as the image sent. */
export async function encodeProviderMask(
  weights: EditWeights,
  width: number,
  height: number,
): Promise<Buffer> {
  const alpha = Buffer.alloc(weights.data.length);
  for (let index = 0; index < alpha.length; index++) alpha[index] = weights.data[index] ? 0 : 255;
  const scaledAlpha = await sharp(alpha, {
    raw: { width: weights.width, height: weights.height, channels: 1 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    // sharp writes one-channel input back out as sRGB unless told to keep the one channel.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(width * height * 4);
  for (let index = 0; index < scaledAlpha.length; index++)
    pixels[index * 4 + 3] = scaledAlpha[index] as number;
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Blends the generated pixels over the original by weight; weight 0 leaves a pixel untouched. */
export function composite(original: RasterImage, generated: RasterImage, weights: EditWeights): RasterImage {
  const data = Buffer.from(original.data);
  const { channels } = original;
  for (let index = 0, offset = 0; index < weights.data.length; index++, offset += channels) {
    const weight = weights.data[index] as number;
    if (weight === 0) continue;
    const keep = 255 - weight;
    // Colour only: the original's alpha, if any, is kept.
    for (let channel = 0; channel < 3; channel++) {
      data[offset + channel] = Math.round(
        ((original.data[offset + channel] as number) * keep +
          (generated.data[offset + channel] as number) * weight) /
          255,
      );
    }
  }
  return { ...original, data };
}
