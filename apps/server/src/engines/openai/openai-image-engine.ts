import { type ElementType, elementsTouchedByOptions, outputSizeDimensions } from '@facelift/shared';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import type { ImageEditRequest, ImageEditResult, ImageEngine } from '../image-engine.ts';
import { findNamedElements } from '../local/colour-requests.ts';
import {
  decodeMaskWeights,
  decodeRaster,
  type EditWeights,
  encodeResult,
  fastPngLevel,
  featherInward,
  isWeightsEmpty,
  type RasterImage,
} from '../raster-image.ts';
import { createOpenAiClient, featherSigma, type OpenAiEngineOptions } from './openai-client.ts';
import { mapOpenAiError } from './openai-errors.ts';

/** The image model for edits (docs/product.md, Image engines). */
export const openAiImageModel = 'gpt-image-1';

/**
 * The OpenAI engine (docs/product.md, Image engines): gpt-image-1 edits through the official SDK,
 * server side only. The image (and mask) are fitted into the output size without distortion
 * (padded to its aspect); the photo's part of the answer is cropped back, scaled to the
 * source's full resolution and, when a mask was used, composited onto the original so that
 * every pixel outside the mask is the original's.
 */
export class OpenAiImageEngine implements ImageEngine {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiEngineOptions) {
    this.client = createOpenAiClient(options);
  }

  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const source = await decodeRaster(request.image);
    const weights = await editWeights(request, source);
    if (weights && isWeightsEmpty(weights)) {
      // An empty mask would pay for an answer that compositing then throws away entirely.
      throw new AppError('AREA_NOT_MARKED', 'The painted area is empty.');
    }
    const outputSize = outputSizeDimensions(request.outputSize);
    const frame = fitIntoFrame(source.width, source.height, outputSize.width, outputSize.height);
    const imageSent = await encodeFramedImage(source, frame);
    const maskSent = weights ? await encodeProviderMask(weights, frame) : null;

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
      throw mapOpenAiError(error, this.options.timeoutMs, this.options.maxRetries + 1);
    }
    const encoded = answer.data?.[0]?.b64_json;
    if (!encoded) {
      throw new AppError('ENGINE_FAILED', 'No image data returned from OpenAI', {
        engine: 'openai',
        reason: 'no_image_data',
      });
    }
    const generated = await decodeAtSourceSize(Buffer.from(encoded, 'base64'), frame, source);
    const output = weights
      ? composite(source, generated, await featherInward(weights, featherSigma))
      : generated;
    const { png, thumbnail } = await encodeResult(output);
    return { image: png, thumbnail, width: source.width, height: source.height, engine: this.name };
  }
}

/**
 * Where the photo sits in the provider's frame: scaled by one factor to fit, centred, the
 * rest padding. The model sees the photo undistorted (docs/decisions/081-faithful-ai-edit-geometry.md).
 */
export interface Frame {
  width: number;
  height: number;
  left: number;
  top: number;
  contentWidth: number;
  contentHeight: number;
}

export function fitIntoFrame(
  sourceWidth: number,
  sourceHeight: number,
  width: number,
  height: number,
): Frame {
  const scale = Math.min(width / sourceWidth, height / sourceHeight);
  const contentWidth = Math.min(width, Math.max(1, Math.round(sourceWidth * scale)));
  const contentHeight = Math.min(height, Math.max(1, Math.round(sourceHeight * scale)));
  return {
    width,
    height,
    left: Math.floor((width - contentWidth) / 2),
    top: Math.floor((height - contentHeight) / 2),
    contentWidth,
    contentHeight,
  };
}

function paddingOf(frame: Frame) {
  return {
    left: frame.left,
    top: frame.top,
    right: frame.width - frame.contentWidth - frame.left,
    bottom: frame.height - frame.contentHeight - frame.top,
  };
}

/**
 * The photo scaled into the frame; the padding repeats the photo's edge pixels, which reads
 * to the model as more of the same sky and ground rather than as a black bar to redraw.
 */
export function encodeFramedImage(source: RasterImage, frame: Frame): Promise<Buffer> {
  // From the pixels already decoded (upright, sRGB): the stored image is decoded once per job
  // (docs/decisions/103-storage-and-job-path.md). The provider decodes what it is sent, so
  // the fast PNG level only costs a few percent of upload size.
  return sharp(source.data, {
    raw: { width: source.width, height: source.height, channels: source.channels },
  })
    .resize(frame.contentWidth, frame.contentHeight, { fit: 'fill' })
    .extend({ ...paddingOf(frame), extendWith: 'copy' })
    .png({ compressionLevel: fastPngLevel })
    .toBuffer();
}

/**
 * Crops the photo's part out of the answer (undoing the padding) and scales it to the
 * source's own size: the scale is the same both ways, so nothing is stretched.
 */
export async function decodeAtSourceSize(
  image: Buffer,
  frame: Frame,
  source: RasterImage,
): Promise<RasterImage> {
  try {
    const answer = await sharp(image).metadata();
    // The answer should come back at the size asked for; one that does not is read in proportion.
    const scaleX = (answer.width ?? frame.width) / frame.width;
    const scaleY = (answer.height ?? frame.height) / frame.height;
    const left = Math.round(frame.left * scaleX);
    const top = Math.round(frame.top * scaleY);
    const region = {
      left,
      top,
      width: Math.max(
        1,
        Math.min((answer.width ?? frame.width) - left, Math.round(frame.contentWidth * scaleX)),
      ),
      height: Math.max(
        1,
        Math.min((answer.height ?? frame.height) - top, Math.round(frame.contentHeight * scaleY)),
      ),
    };
    let pipeline = sharp(image)
      .toColourspace('srgb')
      .extract(region)
      .resize(source.width, source.height, { fit: 'fill' });
    pipeline = source.channels === 4 ? pipeline.ensureAlpha() : pipeline.removeAlpha();
    const data = await pipeline.raw({ depth: 'uchar' }).toBuffer();
    return { data, width: source.width, height: source.height, channels: source.channels };
  } catch {
    throw new AppError('ENGINE_FAILED', 'The image service returned an image that could not be read.', {
      engine: 'openai',
      reason: 'unreadable_image',
    });
  }
}

/**
 * The elements a request touches: chosen colours, elements with an instruction and, for a
 * door glass style, the doors; in inpainting mode, the elements its text names.
 */
function touchedElements(directives: ImageEditRequest['directives']): ElementType[] {
  if (directives.mode === 'inpainting') return findNamedElements(directives.freeText);
  return elementsTouchedByOptions(directives);
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

/**
 * The mask as the provider wants it: PNG with alpha (0 = edit), laid into the frame exactly
 * like the photo; the padding is marked to keep.
 */
export async function encodeProviderMask(weights: EditWeights, frame: Frame): Promise<Buffer> {
  const alpha = Buffer.alloc(weights.data.length);
  for (let index = 0; index < alpha.length; index++) alpha[index] = weights.data[index] ? 0 : 255;
  const framedAlpha = await sharp(alpha, {
    raw: { width: weights.width, height: weights.height, channels: 1 },
  })
    .resize(frame.contentWidth, frame.contentHeight, { fit: 'fill', kernel: 'nearest' })
    .extend({ ...paddingOf(frame), background: { r: 255, g: 255, b: 255, alpha: 1 } })
    // sharp writes one-channel input back out as sRGB unless told to keep the one channel.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(frame.width * frame.height * 4);
  for (let index = 0; index < framedAlpha.length; index++)
    pixels[index * 4 + 3] = framedAlpha[index] as number;
  return sharp(pixels, { raw: { width: frame.width, height: frame.height, channels: 4 } })
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
