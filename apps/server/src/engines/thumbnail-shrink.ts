import { thumbnailSize } from '@facelift/shared';
import type { RasterImage } from './raster-image.ts';
import { thumbnailKernelWasm } from './thumbnail-kernel.wasm.ts';

/**
 * The first step of a result's thumbnail: a box average of the raster by the largest whole
 * factor that still leaves it at least the thumbnail's size (capped at 16), in WebAssembly
 * (thumbnail-kernel.wat). libvips then makes the thumbnail from this small image. libvips's
 * own resize of a 12 MP raster shrinks it only by 4 and filters the rest, about twice the CPU
 * time of both steps here; the thumbnail comes out a little softer, PSNR 42–45 dB against it on
 * fixture photos (docs/decisions/122-recolour-paint-kernel.md). A raster below twice the
 * thumbnail's size is returned as it is.
 */
export async function shrinkForThumbnail(raster: RasterImage): Promise<RasterImage> {
  const factor = Math.min(16, Math.floor(Math.max(raster.width, raster.height) / thumbnailSize));
  const kernel = factor >= 2 ? thumbnailKernel() : null;
  if (!kernel) return raster;
  const { width, height, channels } = raster;
  const outWidth = Math.ceil(width / factor);
  const outHeight = Math.ceil(height / factor);
  const rowBytes = width * channels;
  const outRowBytes = outWidth * channels;
  // Memory: the sums (two bytes per byte of a row, whole 16-byte lanes), a band of rows with
  // 16 bytes to spare for the last lane's read, one row out.
  const sumsAt = 0;
  const sourceAt = (Math.ceil(rowBytes / 16) * 16 + 16) * 2;
  const outAt = sourceAt + rowBytes * factor + 16;
  kernel.ensure(outAt + outRowBytes);
  const data = Buffer.alloc(outRowBytes * outHeight);
  for (let band = 0; band < outHeight; band++) {
    const top = band * factor;
    const rows = Math.min(factor, height - top);
    const memory = kernel.bytes();
    memory.set(raster.data.subarray(top * rowBytes, (top + rows) * rowBytes), sourceAt);
    kernel.shrinkBand(sourceAt, rowBytes, rows, factor, channels, width, sumsAt, outAt);
    data.set(memory.subarray(outAt, outAt + outRowBytes), band * outRowBytes);
    // About 2^18 pixels between turns of the event loop, as elsewhere in the job path.
    if ((band + 1) % Math.max(1, Math.floor((1 << 18) / (width * factor))) === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return { data, width: outWidth, height: outHeight, channels };
}

interface ThumbnailKernel {
  shrinkBand(
    source: number,
    rowBytes: number,
    rows: number,
    factor: number,
    channels: number,
    width: number,
    sums: number,
    out: number,
  ): void;
  /** Grows the memory to at least `end` bytes. */
  ensure(end: number): void;
  /** The memory as bytes (a new view after growing). */
  bytes(): Uint8Array;
}

// The few WebAssembly declarations used here (the server's TypeScript library has no DOM types).
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

let instance: ThumbnailKernel | null | undefined;

function thumbnailKernel(): ThumbnailKernel | null {
  if (instance !== undefined) return instance;
  try {
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const { exports } = new wasm.Instance(new wasm.Module(Buffer.from(thumbnailKernelWasm, 'base64')), {});
    const memory = exports.memory as WasmMemory;
    let view = new Uint8Array(memory.buffer);
    instance = {
      shrinkBand: exports.shrinkBand as ThumbnailKernel['shrinkBand'],
      ensure(end) {
        if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65_536));
      },
      bytes() {
        if (view.buffer !== memory.buffer) view = new Uint8Array(memory.buffer);
        return view;
      },
    };
  } catch {
    // Without WebAssembly (SIMD), libvips resizes the full raster as before.
    instance = null;
  }
  return instance;
}
