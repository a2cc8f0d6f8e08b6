/**
 * The recolour's two passes, the grid mean and the paint, in WebAssembly (paint-kernel.wat):
 * the same steps on the same tables as the JavaScript loops in oklab-recolour.ts, so the
 * bytes painted are the same (tested on both), in about a quarter of the time
 * (docs/decisions/122-recolour-paint-kernel.md).
 * Both executors of the recolour use it, the server's and the browser's; where WebAssembly
 * cannot run (a content security policy without 'wasm-unsafe-eval', an old engine) the
 * JavaScript loop paints instead.
 *
 * The kernel sees only its own memory, so the rows of the region's box are copied in, painted
 * and copied back, a slice of about 2^18 pixels at a time: a copy is far cheaper than the
 * paint, and no pixel outside the box is touched.
 */
import { paintKernelWasm } from './paint-kernel.wasm.ts';

/** What the kernel needs of an image; `channels` is 3 or 4, weights one byte a pixel. */
interface KernelPixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  channels: number;
}

export interface PaintKernel {
  /** The painted colour per lightness code for the rows painted next (65,536 entries). */
  setColours(colours: Uint32Array): void;
  /**
   * Adds up, as measureBand does, lightness code × weight and the weights over every
   * `spacing`th pixel of columns [left, right) of every `spacing`th row of [top, bottom).
   */
  measureRows(
    source: KernelPixels,
    weights: Uint8Array | Uint8ClampedArray,
    left: number,
    right: number,
    top: number,
    bottom: number,
    spacing: number,
    sums: { weightedSum: number; weightTotal: number },
  ): void;
  /** Paints the box columns [left, right) of rows [top, bottom), as paintBand does. */
  paintRows(
    source: KernelPixels,
    output: KernelPixels,
    weights: Uint8Array | Uint8ClampedArray,
    left: number,
    right: number,
    top: number,
    bottom: number,
  ): void;
}

// Where paint-kernel.wat keeps its tables (bytes).
const coloursAt = 0;
const conesAt = 262_144;
const cubeRootsAt = 280_576;
const sumsAt = 1_048_560;
const scratchAt = 34_603_008;
const pageBytes = 65_536;
const slicePixels = 1 << 18;

// The few WebAssembly declarations used here: the package's TypeScript library has no DOM or
// Node types, and both provide the global.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

type PaintFunction = (
  source: number,
  weights: number,
  output: number,
  count: number,
  channels: number,
) => void;
type MeasureFunction = (
  source: number,
  weights: number,
  rows: number,
  width: number,
  spacing: number,
  channels: number,
) => void;

function bytesOf(data: Uint8Array | Uint8ClampedArray): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.length);
}

function decodeBase64(text: string): Uint8Array {
  // Browsers, workers and Node all have atob; the package's library types do not.
  const binary = (globalThis as unknown as { atob(data: string): string }).atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Instantiates the kernel with the recolour's cone tables (long, medium, short response from
 * red, green, blue: nine tables of 256) and cube-root table, or returns null where
 * WebAssembly is not available.
 */
export function createPaintKernel(
  cones: readonly Float64Array[],
  cubeRoots: Float64Array,
): PaintKernel | null {
  const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
  if (!wasm) return null;
  let exports: Record<string, unknown>;
  try {
    exports = new wasm.Instance(new wasm.Module(decodeBase64(paintKernelWasm)), {}).exports;
  } catch {
    return null;
  }
  const memory = exports.memory as WasmMemory;
  const paint = exports.paint as PaintFunction;
  const measure = exports.measure as MeasureFunction;
  const doubles = new Float64Array(memory.buffer);
  cones.forEach((table, index) => {
    doubles.set(table, conesAt / 8 + index * 256);
  });
  doubles.set(cubeRoots, cubeRootsAt / 8);

  // Several recolours may take turns (the server's jobs yield between steps): the colours
  // are copied in again whenever another paint's table comes.
  let currentColours: Uint32Array | null = null;
  let bytes = new Uint8Array(memory.buffer);
  const ensure = (end: number) => {
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / pageBytes));
    // Growing replaces the memory's buffer.
    if (bytes.buffer !== memory.buffer) bytes = new Uint8Array(memory.buffer);
  };

  return {
    setColours(colours) {
      if (colours === currentColours) return;
      new Uint32Array(memory.buffer, coloursAt, colours.length).set(colours);
      currentColours = colours;
    },
    measureRows(source, weights, left, right, top, bottom, spacing, sums) {
      const { width, channels } = source;
      const sourceBytes = bytesOf(source.data);
      const weightBytes = bytesOf(weights);
      const boxWidth = right - left;
      const rowBytes = boxWidth * channels;
      const rowsPerSlice = Math.max(1, Math.floor(slicePixels / boxWidth));
      // Only the sampled rows are copied in, one after another.
      for (let sliceTop = top; sliceTop < bottom; sliceTop += rowsPerSlice * spacing) {
        const rows = Math.min(rowsPerSlice, Math.ceil((bottom - sliceTop) / spacing));
        const sourceAt = scratchAt;
        // One byte more than the pixels: the kernel reads a pixel's key as a 32-bit word.
        const weightsAt = sourceAt + rows * rowBytes + 1;
        ensure(weightsAt + rows * boxWidth);
        for (let row = 0; row < rows; row++) {
          const first = (sliceTop + row * spacing) * width + left;
          bytes.set(
            sourceBytes.subarray(first * channels, (first + boxWidth) * channels),
            sourceAt + row * rowBytes,
          );
          bytes.set(weightBytes.subarray(first, first + boxWidth), weightsAt + row * boxWidth);
        }
        measure(sourceAt, weightsAt, rows, boxWidth, spacing, channels);
        const results = new Float64Array(memory.buffer, sumsAt, 2);
        sums.weightedSum += results[0] as number;
        sums.weightTotal += results[1] as number;
      }
    },
    paintRows(source, output, weights, left, right, top, bottom) {
      const { width, channels } = source;
      const sourceBytes = bytesOf(source.data);
      const outputBytes = bytesOf(output.data);
      const weightBytes = bytesOf(weights);
      // Painting in place (one paint on the server) needs one copy of the pixels, not two.
      const inPlace =
        sourceBytes.buffer === outputBytes.buffer && sourceBytes.byteOffset === outputBytes.byteOffset;
      const boxWidth = right - left;
      const rowBytes = boxWidth * channels;
      const rowsPerSlice = Math.max(1, Math.floor(slicePixels / boxWidth));
      for (let sliceTop = top; sliceTop < bottom; sliceTop += rowsPerSlice) {
        const rows = Math.min(rowsPerSlice, bottom - sliceTop);
        const pixels = rows * boxWidth;
        const sourceAt = scratchAt;
        const weightsAt = sourceAt + pixels * channels;
        const outputAt = inPlace ? sourceAt : weightsAt + pixels;
        ensure(inPlace ? weightsAt + pixels : outputAt + pixels * channels);
        for (let row = 0; row < rows; row++) {
          const first = (sliceTop + row) * width + left;
          bytes.set(
            sourceBytes.subarray(first * channels, (first + boxWidth) * channels),
            sourceAt + row * rowBytes,
          );
          bytes.set(weightBytes.subarray(first, first + boxWidth), weightsAt + row * boxWidth);
          if (!inPlace) {
            bytes.set(
              outputBytes.subarray(first * channels, (first + boxWidth) * channels),
              outputAt + row * rowBytes,
            );
          }
        }
        paint(sourceAt, weightsAt, outputAt, pixels, channels);
        for (let row = 0; row < rows; row++) {
          const first = (sliceTop + row) * width + left;
          const at = outputAt + row * rowBytes;
          outputBytes.set(bytes.subarray(at, at + rowBytes), first * channels);
        }
      }
    },
  };
}
