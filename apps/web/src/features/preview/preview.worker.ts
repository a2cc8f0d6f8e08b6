/**
 * The instant preview's worker: decodes the photo and the marked regions at the displayed size
 * (kept for the next swatch) and paints them, off the main thread.
 */

import { maskWeights, paintPreview } from './preview-paint.ts';
import type { PreviewRequest, PreviewResponse } from './preview-protocol.ts';

const decoded = new Map<string, Promise<Uint8ClampedArray>>();

async function decode(
  url: string,
  width: number,
  height: number,
  isMask: boolean,
): Promise<Uint8ClampedArray> {
  const key = `${url}@${width}x${height}`;
  let pixels = decoded.get(key);
  if (!pixels) {
    pixels = (async () => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      // Regions are scaled with nearest neighbour like the server's, the photo smoothly like the <img>.
      const bitmap = await createImageBitmap(await response.blob(), {
        resizeWidth: width,
        resizeHeight: height,
        resizeQuality: isMask ? 'pixelated' : 'high',
        premultiplyAlpha: 'none',
        colorSpaceConversion: 'none',
      });
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      return context.getImageData(0, 0, width, height).data;
    })();
    decoded.set(key, pixels);
    pixels.catch(() => decoded.delete(key));
  }
  return pixels;
}

self.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { id, imageUrl, width, height, paints } = event.data;
  try {
    const [photo, ...masks] = await Promise.all([
      decode(imageUrl, width, height, false),
      ...paints.map((paint) => decode(paint.regionUrl, width, height, true)),
    ]);
    const started = performance.now();
    const pixels = paintPreview(
      photo as Uint8ClampedArray,
      width,
      height,
      paints.map((paint, index) => ({
        weights: maskWeights(masks[index] as Uint8ClampedArray, width, height),
        rgb: paint.rgb,
      })),
    );
    const answer: PreviewResponse = {
      id,
      type: 'painted',
      pixels,
      width,
      height,
      milliseconds: performance.now() - started,
    };
    (self as unknown as Worker).postMessage(answer, [pixels.buffer]);
  } catch (error) {
    const answer: PreviewResponse = {
      id,
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
    };
    (self as unknown as Worker).postMessage(answer);
  }
};
