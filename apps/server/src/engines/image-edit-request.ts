import { chooseOutputSize, type Directives, type ElementType } from '@facelift/shared';
import sharp from 'sharp';
import { AppError } from '../lib/app-error.ts';
import type { ImageEditRequest, MaskPng } from './image-engine.ts';

/**
 * What the job pipeline has at hand: stored bytes, the directives parsed when the request
 * arrived, and the prompt composed from them then (a prompt from the browser is never trusted).
 */
export interface ImageEditSource {
  image: Buffer;
  mask?: MaskPng | null;
  /** The marked region of each building element ("walls", "roof", …). */
  regions?: Partial<Record<ElementType, MaskPng>>;
  directives: Directives;
  prompt: string;
  signal?: AbortSignal;
}

/**
 * Builds an engine request from a job's stored input: the output size comes from the image's
 * displayed dimensions (EXIF orientations 5–8 swap width and height).
 */
export async function createImageEditRequest(source: ImageEditSource): Promise<ImageEditRequest> {
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(source.image).metadata();
    const isQuarterTurned = (metadata.orientation ?? 1) >= 5;
    width = (isQuarterTurned ? metadata.height : metadata.width) ?? 0;
    height = (isQuarterTurned ? metadata.width : metadata.height) ?? 0;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The source image could not be read.');
  }
  const elementRegions = Object.fromEntries(
    Object.entries(source.regions ?? {}).filter(([, mask]) => mask !== undefined),
  ) as Partial<Record<ElementType, MaskPng>>;
  return {
    image: source.image,
    ...(source.mask ? { mask: source.mask } : {}),
    ...(Object.keys(elementRegions).length > 0 ? { elementRegions } : {}),
    prompt: source.prompt,
    directives: source.directives,
    outputSize: chooseOutputSize(width, height),
    ...(source.signal ? { signal: source.signal } : {}),
  };
}
