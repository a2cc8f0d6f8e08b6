import { isMarkedMaskPixel, thumbnailEffort, thumbnailQuality, thumbnailSize } from '@facelift/shared';
import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '../lib/app-error.ts';
import { shrinkForThumbnail } from './thumbnail-shrink.ts';

/** Decoded 8-bit sRGB pixels, 3 (RGB) or 4 (RGBA) bytes per pixel, row-major. */
export interface RasterImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** One byte per pixel: how strongly an edit applies there, 0 (keep) to 255 (edit fully). */
export interface EditWeights {
  data: Uint8Array;
  width: number;
  height: number;
}

// sharp refuses images above 268 MP by default; uploads are limited well below that, and
// this keeps a malformed image from exhausting memory here too.
const limitInputPixels = 100_000_000;

/** Decodes a stored image into 8-bit sRGB pixels, applying EXIF orientation. */
export async function decodeRaster(image: Buffer): Promise<RasterImage> {
  try {
    const { data, info } = await sharp(image, { limitInputPixels })
      .rotate()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) {
      throw new Error(`unexpected channel count ${info.channels}`);
    }
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', 'The source image could not be read.', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * zlib level of the PNGs a job writes (results, what a provider is sent). On a 1.5 MP photo,
 * same run: level 6 (sharp's default) 475 ms and 2.54 MB, level 4 332 ms and 2.55 MB, level 2
 * 215 ms and 2.68 MB, level 1 235 ms and 3.18 MB: level 2 is the fastest, 5 % larger
 * (docs/decisions/103-storage-and-job-path.md).
 */
export const fastPngLevel = 2;

/** Encodes raw pixels as PNG, at the fast level. */
export function encodePng(raster: RasterImage): Promise<Buffer> {
  return sharp(raster.data, {
    raw: { width: raster.width, height: raster.height, channels: raster.channels },
  })
    .png({ compressionLevel: fastPngLevel })
    .toBuffer();
}

/**
 * An engine's result as stored: the PNG and the gallery thumbnail, both made from the pixels
 * the engine already holds, so the job pipeline never decodes the PNG it was just handed
 * (docs/decisions/103-storage-and-job-path.md).
 */
export async function encodeResult(raster: RasterImage): Promise<{ png: Buffer; thumbnail: Buffer }> {
  // Two sharp instances over the same pixels rather than `clone()`s of one: the clones cost
  // about 120 ms more CPU for a 12 MP result (docs/decisions/100-recolour-one-definition.md).
  // The thumbnail starts from a box-averaged copy a few times larger than itself
  // (docs/decisions/122-recolour-paint-kernel.md), made while libvips encodes the PNG.
  const raw = (image: RasterImage) => ({
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
  const [png, thumbnail] = await Promise.all([
    sharp(raster.data, raw(raster)).png({ compressionLevel: fastPngLevel }).toBuffer(),
    shrinkForThumbnail(raster).then((small) =>
      sharp(small.data, raw(small))
        .resize(thumbnailSize, thumbnailSize, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: thumbnailQuality, effort: thumbnailEffort })
        .toBuffer(),
    ),
  ]);
  return { png, thumbnail };
}

/** Pixels handled between two turns of the event loop: about 10–30 ms of work here. */
const sliceSize = 1 << 18;

/**
 * Runs `step` over [0, count) in slices, letting the event loop run between them, so that
 * per-pixel work on a large image never blocks the server's other requests for long, and
 * stops between slices once `signal` is aborted.
 */
export async function inSlices(
  count: number,
  step: (start: number, end: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  for (let start = 0; start < count; start += sliceSize) {
    // A job that timed out stops here instead of finishing work nobody will store.
    signal?.throwIfAborted();
    step(start, Math.min(count, start + sliceSize));
    if (start + sliceSize < count) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** How a mask is decoded: a job reads its stored masks; an arriving upload is checked more strictly. */
export interface MaskReadOptions {
  /** Refuse truncated data (sharp's `failOn: 'warning'`), for masks arriving from a client. */
  strict?: boolean;
  limitInputPixels?: number;
}

/**
 * Reads a mask as edit weights at the given size. A mask drawn at another size is scaled
 * with nearest-neighbour sampling so it stays binary.
 *
 * Two stored forms (docs/decisions/031-straight-job-input.md): since decision 100's mask
 * round a mask is stored as one grey channel holding the weights themselves (the rule
 * already applied when it arrived, `encodeMaskWeights`), read here as one raw channel; a
 * mask with colour or alpha channels (the contract image, white-on-black, masks stored
 * before) gets the mask rule pixel by pixel.
 */
export async function decodeMaskWeights(
  mask: Buffer,
  width: number,
  height: number,
  options: MaskReadOptions = {},
): Promise<EditWeights> {
  const input = {
    limitInputPixels: options.limitInputPixels ?? limitInputPixels,
    ...(options.strict ? { failOn: 'warning' as const } : {}),
  };
  try {
    // The header alone tells the channel count and the size.
    const header = await sharp(mask, input).metadata();
    const sameSize = header.width === width && header.height === height;
    if (header.channels === 1) return await greyWeights(mask, input, width, height, sameSize);
    const rgba = sharp(mask, input).ensureAlpha();
    const pixels = await (sameSize ? rgba : rgba.resize(width, height, { fit: 'fill', kernel: 'nearest' }))
      .raw({ depth: 'uchar' })
      .toBuffer();
    return await rgbaWeights(pixels, width, height);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION_FAILED', 'The mask image could not be read.', {
      reason: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * A one-channel mask as weights: the raw channel is the answer. The mask rule for an opaque
 * grey pixel (marked when above 200) is kept for grey PNGs that did not come from
 * `encodeMaskWeights`; on the stored form (only 0 and 255) it changes nothing, and runs of
 * four such bytes are passed over with one 32-bit test.
 */
async function greyWeights(
  mask: Buffer,
  input: SharpOptions,
  width: number,
  height: number,
  sameSize: boolean,
): Promise<EditWeights> {
  // A resize to the size the mask already has is not skipped by sharp: it costs about as much
  // as the decode (12 MP: 13 → 6 ms without it; docs/decisions/122-recolour-paint-kernel.md).
  const grey = sharp(mask, input);
  const raw = await (sameSize ? grey : grey.resize(width, height, { fit: 'fill', kernel: 'nearest' }))
    // sharp hands a grey image out as sRGB unless told to keep its one channel.
    .toColourspace('b-w')
    .raw({ depth: 'uchar' })
    .toBuffer();
  if (raw.length !== width * height) throw new Error(`expected one channel, got ${raw.length} bytes`);
  const data = new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
  // Signed words: four marked weights read as -1, which V8 keeps a small integer, where
  // 0xffffffff through a Uint32Array is a heap number and the scan three times slower.
  const words =
    data.byteOffset % 4 === 0 ? new Int32Array(data.buffer, data.byteOffset, data.length >> 2) : null;
  await inSlices(data.length, (start, end) => binaryGrey(data, words, start, end));
  return { data, width, height };
}

/** Words (of four weights) tested together before a branch. */
const greyBlockWords = 64;

/**
 * Sets each weight of [start, end) (start a multiple of 4) to 255 when above 200, else 0.
 * A word is all 0 or all 255 exactly when `word ^ (word >> 31)` is 0 (0 and -1 as signed
 * words), so a block of words is settled by OR-ing that together and one test: about 2.5
 * times faster than a test per word (docs/decisions/124-recolour-in-a-busy-process.md). A
 * block that fails the test goes pixel by pixel.
 */
function binaryGrey(data: Uint8Array, words: Int32Array | null, start: number, end: number): void {
  let index = start;
  if (words) {
    const lastWord = end >> 2;
    for (let word = start >> 2; word < lastWord; word += greyBlockWords) {
      const stop = Math.min(lastWord, word + greyBlockWords);
      let mixed = 0;
      for (let at = word; at < stop; at++) {
        const value = words[at] as number;
        mixed |= value ^ (value >> 31);
      }
      if (mixed !== 0) {
        for (let pixel = word << 2; pixel < stop << 2; pixel++) binaryGreyPixel(data, pixel);
      }
    }
    index = lastWord << 2;
  }
  for (; index < end; index++) binaryGreyPixel(data, index);
}

function binaryGreyPixel(data: Uint8Array, index: number): void {
  data[index] = isMarkedMaskPixel(data[index] as number, data[index] as number, data[index] as number, 255)
    ? 255
    : 0;
}

/** RGBA mask pixels as weights: the mask rule per pixel (`markedPixels`). */
async function rgbaWeights(pixels: Buffer, width: number, height: number): Promise<EditWeights> {
  const data = new Uint8Array(width * height);
  // Whole pixels as 32-bit words: a contract mask is all (0,0,0,0) and (0,0,0,255), so most
  // pixels are settled by one comparison. sharp's buffers start on their own allocation,
  // aligned; a copy covers any other.
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : Buffer.from(pixels);
  // Signed words, so that opaque black and four marked weights are small integers to V8
  // (unsigned, they would be heap numbers and the loop slower).
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, data.length);
  // A new Uint8Array starts on its own allocation, so it has a 32-bit view too.
  const quads = new Int32Array(data.buffer, 0, data.length >> 2);
  await inSlices(data.length, (start, end) => markedPixels(words, aligned, data, quads, start, end));
  return { data, width, height };
}

/**
 * A mask as it is stored (docs/decisions/031-straight-job-input.md): the weights as one grey
 * channel, 255 where marked and 0 elsewhere, so a job reads it without applying the mask
 * rule again. Read by the mask rule it means the same as the contract image it came from
 * (opaque white is marked), which is what the studio and an account export rely on.
 */
export function encodeMaskWeights(weights: EditWeights): Promise<Buffer> {
  return sharp(Buffer.from(weights.data.buffer, weights.data.byteOffset, weights.data.length), {
    raw: { width: weights.width, height: weights.height, channels: 1 },
  })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

/**
 * Sets weight 255 for the marked pixels of [start, end) (start a multiple of 4). Four pixels
 * at a time: a run of four unmarked or four marked contract pixels, most of any mask, is
 * settled by one test and at most one 32-bit write. A plain function with its arrays as
 * arguments, which V8 compiles tighter than a closure over them
 * (docs/decisions/100-recolour-one-definition.md).
 */
function markedPixels(
  words: Int32Array,
  bytes: Uint8Array,
  data: Uint8Array,
  quads: Int32Array,
  start: number,
  end: number,
): void {
  let index = start;
  for (; index + 4 <= end; index += 4) {
    const first = words[index] as number;
    const second = words[index + 1] as number;
    const third = words[index + 2] as number;
    const fourth = words[index + 3] as number;
    if ((first | second | third | fourth) === transparentBlack) {
      quads[index >> 2] = -1;
    } else if (
      first !== opaqueBlack ||
      second !== opaqueBlack ||
      third !== opaqueBlack ||
      fourth !== opaqueBlack
    ) {
      for (let pixel = index; pixel < index + 4; pixel++) markPixel(words, bytes, data, pixel);
    }
  }
  for (; index < end; index++) markPixel(words, bytes, data, index);
}

function markPixel(words: Int32Array, bytes: Uint8Array, data: Uint8Array, index: number): void {
  const word = words[index] as number;
  if (word === transparentBlack) {
    data[index] = 255;
  } else if (word !== opaqueBlack) {
    const offset = index * 4;
    if (
      isMarkedMaskPixel(
        bytes[offset] as number,
        bytes[offset + 1] as number,
        bytes[offset + 2] as number,
        bytes[offset + 3] as number,
      )
    ) {
      data[index] = 255;
    }
  }
}

/** (0,0,0,255) and (0,0,0,0) read as one signed 32-bit word, in this platform's byte order. */
const opaqueBlack = new Int32Array(new Uint8Array([0, 0, 0, 255]).buffer)[0] as number;
const transparentBlack = 0;

export function isWeightsEmpty(weights: EditWeights): boolean {
  const { data } = weights;
  // Four weights at a time where the bytes allow a 32-bit view.
  let index = 0;
  if (data.byteOffset % 4 === 0) {
    const words = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
    for (; index < words.length; index++) if (words[index] !== 0) return false;
    index = words.length * 4;
  }
  for (; index < data.length; index++) if (data[index] !== 0) return false;
  return true;
}

/**
 * Softens the inside edge of a mask over a few pixels so that an edited area blends in,
 * while every pixel outside the mask keeps weight 0 and so stays exactly as it was.
 */
export async function featherInward(weights: EditWeights, sigma: number): Promise<EditWeights> {
  if (sigma <= 0) return weights;
  const blurred = await sharp(
    Buffer.from(weights.data.buffer, weights.data.byteOffset, weights.data.length),
    {
      raw: { width: weights.width, height: weights.height, channels: 1 },
    },
  )
    .blur(sigma)
    // sharp writes one-channel input back out as sRGB unless told to keep the one channel.
    .extractChannel(0)
    .raw()
    .toBuffer();
  const data = new Uint8Array(weights.data.length);
  for (let index = 0; index < data.length; index++) {
    const original = weights.data[index] as number;
    // The blur spreads the mask outwards too; keeping the smaller value cuts that off.
    data[index] = original === 0 ? 0 : Math.min(original, blurred[index] as number);
  }
  return { data, width: weights.width, height: weights.height };
}
