import { type RgbBytes, recolourSteps } from '@facelift/shared';
import type { EditWeights, RasterImage } from '../raster-image.ts';

/**
 * The server's executor of the shared paint recolour (packages/shared, recolour): the same
 * definition the browser preview runs, driven in steps of about 2^18 pixels with a turn of
 * the event loop between them, so that a 12 MP image does not hold up the server's other
 * requests, and stopping between steps once `signal` is aborted (a job timeout).
 */
export async function recolourRegion(
  source: RasterImage,
  output: RasterImage,
  weights: EditWeights,
  target: RgbBytes,
  signal?: AbortSignal,
): Promise<void> {
  for (const _ of recolourSteps(source, output, weights, target)) {
    signal?.throwIfAborted();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  signal?.throwIfAborted();
}
