import { thumbnailEffort, thumbnailQuality, thumbnailSize } from '@facelift/shared';
import sharp from 'sharp';
import { decodeMaskWeights, encodeMaskWeights } from '../../engines/raster-image.ts';
import { AppError } from '../../lib/app-error.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
}

/** An image ready to store: re-encoded without metadata, upright, with its thumbnail. */
export interface ProcessedImage {
  png: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** The image type from the file's first bytes; names and MIME headers are not trusted. */
export function detectImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * At most this many full decodes at once: a 40 MP image takes ~160 MB decoded, so a burst of
 * large uploads must queue rather than exhaust memory.
 */
const maxConcurrentDecodes = 2;
let activeDecodes = 0;
const waitingDecodes: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (activeDecodes < maxConcurrentDecodes) activeDecodes += 1;
  // A finishing decode hands its slot straight to the next waiter.
  else await new Promise<void>((resolve) => waitingDecodes.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingDecodes.shift();
    if (next) next();
    else activeDecodes -= 1;
  }
}

const unreadableMessage = 'The image cannot be read: it may be damaged or incomplete.';

/**
 * Checks an upload and prepares it for storage (docs/product.md, Studio and preview): the type by magic bytes, the
 * byte size, the pixel count from the header before anything is decoded (decompression
 * bombs), then one decode with EXIF orientation applied and every metadata block (EXIF,
 * GPS, XMP, ICC, comments) dropped. Stored as PNG.
 */
export async function processUploadedImage(bytes: Buffer, limits: UploadLimits): Promise<ProcessedImage> {
  const { data, thumbnail, width, height } = await processUpload(bytes, limits, 'png');
  return { png: data, thumbnail, width, height };
}

/** A project's original as stored: a JPEG photo stays JPEG, anything else is PNG. */
export interface StoredOriginal {
  data: Buffer;
  format: 'jpeg' | 'png';
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * A project's original: checked like any upload, and stored compactly. A JPEG photo is
 * re-encoded once at quality 95 without chroma subsampling (metadata dropped, upright): about
 * 1.7× a camera JPEG where PNG was 10–20×, and decoding it always gives the same pixels, which
 * is what edits keep outside their area. PNG and WebP uploads are stored as PNG, losslessly
 * (docs/decisions/103-storage-and-job-path.md).
 */
export async function processUploadedOriginal(bytes: Buffer, limits: UploadLimits): Promise<StoredOriginal> {
  return processUpload(bytes, limits, detectImageFormat(bytes) === 'jpeg' ? 'jpeg' : 'png');
}

/** JPEG settings of stored originals (processUploadedOriginal). */
const originalJpeg = { quality: 95, chromaSubsampling: '4:4:4' } as const;

async function processUpload(
  bytes: Buffer,
  limits: UploadLimits,
  storedFormat: 'jpeg' | 'png',
): Promise<StoredOriginal> {
  if (bytes.length === 0) throw new AppError('INVALID_IMAGE', 'The file is empty.');
  if (bytes.length > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
  const format = detectImageFormat(bytes);
  if (!format) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG and WebP images are accepted.');
  }
  const { width, height } = await readDimensions(bytes, format);
  if (width * height > limits.maxPixels) {
    throw new AppError(
      'IMAGE_TOO_LARGE',
      `The image is too large: at most ${Math.floor(limits.maxPixels / 1_000_000)} megapixels are accepted.`,
      { width, height, maxPixels: limits.maxPixels },
    );
  }
  try {
    return await withDecodeSlot(async () => {
      // limitInputPixels re-checks during decoding; failOn 'warning' refuses truncated data.
      const upright = sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'warning' }).rotate();
      const stored = upright.clone();
      const [full, thumbnail] = await Promise.all([
        (storedFormat === 'jpeg' ? stored.jpeg(originalJpeg) : stored.png()).toBuffer({
          resolveWithObject: true,
        }),
        upright
          .clone()
          .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: thumbnailQuality, effort: thumbnailEffort })
          .toBuffer(),
      ]);
      return {
        data: full.data,
        format: storedFormat,
        thumbnail,
        width: full.info.width,
        height: full.info.height,
      };
    });
  } catch {
    throw new AppError('INVALID_IMAGE', unreadableMessage);
  }
}

async function readDimensions(
  bytes: Buffer,
  format: ImageFormat,
): Promise<{ width: number; height: number }> {
  try {
    // Reads the header only: a PNG declaring 100,000 × 100,000 pixels is refused before decoding.
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (metadata.format !== format && !(format === 'jpeg' && metadata.format === 'jpeg')) {
      throw new Error(`header says ${metadata.format}`);
    }
    if (!metadata.width || !metadata.height) throw new Error('no dimensions');
    return { width: metadata.width, height: metadata.height };
  } catch {
    throw new AppError('INVALID_IMAGE', unreadableMessage);
  }
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is too large: at most ${Math.floor(maxBytes / (1024 * 1024))} MB are accepted.`,
    { maxBytes },
  );
}

/**
 * A mask arriving with a region or a job (element regions, inpainting masks, chat masks):
 * must be a PNG within the pixel limit. It is read once with the mask rule and stored as its
 * weights, one grey channel (white where marked), so jobs read it as one raw channel
 * (docs/decisions/031-straight-job-input.md, docs/decisions/100-recolour-one-definition.md).
 */
export async function processMaskPng(
  bytes: Buffer,
  limits: UploadLimits,
): Promise<{ png: Buffer; width: number; height: number }> {
  if (bytes.length === 0) throw new AppError('INVALID_IMAGE', 'The file is empty.');
  if (bytes.length > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
  if (detectImageFormat(bytes) !== 'png') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'A mask must be a PNG image.');
  }
  const { width, height } = await readDimensions(bytes, 'png');
  if (width * height > limits.maxPixels) {
    throw new AppError('IMAGE_TOO_LARGE', 'The mask has too many pixels.', { width, height });
  }
  try {
    return await withDecodeSlot(async () => {
      const weights = await decodeMaskWeights(bytes, width, height, {
        strict: true,
        limitInputPixels: limits.maxPixels,
      });
      return { png: await encodeMaskWeights(weights), width, height };
    });
  } catch {
    throw new AppError('INVALID_IMAGE', unreadableMessage);
  }
}

/**
 * An image our own code produced (an engine result): trusted, so a PNG is stored as it is
 * (no second encode); anything else is converted to PNG. Only the thumbnail is made.
 */
export async function prepareGeneratedImage(
  bytes: Buffer,
  made?: { thumbnail: Buffer; width: number; height: number },
): Promise<ProcessedImage> {
  const format = detectImageFormat(bytes);
  if (!format) throw new AppError('INTERNAL_ERROR', 'The generated image is not a PNG, JPEG or WebP image.');
  // The engine made the thumbnail from the pixels it held: nothing to decode here.
  if (format === 'png' && made) return { png: bytes, ...made };
  return withDecodeSlot(() => encodeGeneratedImage(bytes, format));
}

async function encodeGeneratedImage(bytes: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  const image = sharp(bytes, { limitInputPixels: false });
  const png = format === 'png' ? bytes : await image.clone().png().toBuffer();
  const metadata = await sharp(png, { limitInputPixels: false }).metadata();
  const thumbnail = await sharp(png, { limitInputPixels: false })
    .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: thumbnailQuality, effort: thumbnailEffort })
    .toBuffer();
  return { png, thumbnail, width: metadata.width ?? 0, height: metadata.height ?? 0 };
}
