import { describe, expect, it } from 'vitest';
import {
  createRecolourKernel,
  lightnessCodeOf,
  type RecolourExecutor,
  type RecolourPixels,
  type RecolourWeights,
  recolourPixels,
  recolourSteps,
} from './oklab-recolour.ts';

/** Whether two byte arrays hold the same bytes (no Node Buffer in this package). */
function sameBytes(first: ArrayLike<number>, second: ArrayLike<number>): boolean {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index++) if (first[index] !== second[index]) return false;
  return true;
}

/** A deterministic noisy photo-like image with a soft-edged, holed region (some weights between 0 and 255). */
function noisyScene(width: number, height: number, channels: 3 | 4, seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const data = new Uint8Array(width * height * channels);
  const weights = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      const offset = index * channels;
      data[offset] = Math.min(255, (x * 251) / width + random() * 40);
      data[offset + 1] = Math.min(255, (y * 231) / height + random() * 40);
      data[offset + 2] = Math.floor(random() * 256);
      if (channels === 4) data[offset + 3] = Math.floor(random() * 256);
      const distance = Math.hypot(x - width * 0.55, y - height * 0.4);
      weights[index] =
        (x * 7 + y) % 23 === 0 ? 0 : Math.max(0, Math.min(255, Math.round((width * 0.35 - distance) * 20)));
    }
  }
  return {
    source: { data, width, height, channels } as RecolourPixels,
    weights: { data: weights, width, height } as RecolourWeights,
  };
}

function paintWith(
  executor: RecolourExecutor,
  source: RecolourPixels,
  weights: RecolourWeights,
  targets: readonly (readonly [number, number, number])[],
  inPlace: boolean,
  pixelsPerStep: number,
): Uint8Array {
  const original = { ...source, data: Uint8Array.from(source.data) };
  const output = inPlace ? original : { ...source, data: Uint8Array.from(source.data) };
  for (const target of targets) {
    for (const _ of recolourSteps(original, output, weights, target, pixelsPerStep, executor)) {
      // Every step at once.
    }
  }
  return output.data as Uint8Array;
}

describe('the WebAssembly paint kernel', () => {
  it('gives every one of the 2^24 colours the lightness code the JavaScript gives it', () => {
    const kernel = createRecolourKernel();
    expect(kernel).not.toBeNull();
    if (!kernel) return;
    // Painted colour = the code itself (low byte red, high byte green), so the output shows
    // the code the kernel worked out for each pixel; its table starts empty.
    const identity = new Uint32Array(65_536);
    for (let code = 0; code < identity.length; code++) identity[code] = code;
    kernel.setColours(identity);
    const width = 4096;
    const height = 256;
    const pixels = new Uint8Array(width * height * 3);
    const output = new Uint8Array(width * height * 3);
    const weights = new Uint8Array(width * height).fill(255);
    let mismatches = 0;
    // 2^20 colours a batch: red and green all 256 values, 16 values of blue.
    for (let batch = 0; batch < 16; batch++) {
      for (let index = 0; index < width * height; index++) {
        pixels[index * 3] = index & 255;
        pixels[index * 3 + 1] = (index >> 8) & 255;
        pixels[index * 3 + 2] = batch * 16 + (index >> 16);
      }
      kernel.paintRows(
        { data: pixels, width, channels: 3 },
        { data: output, width, channels: 3 },
        weights,
        0,
        width,
        0,
        height,
      );
      for (let index = 0; index < width * height; index++) {
        const code = (output[index * 3] as number) | ((output[index * 3 + 1] as number) << 8);
        const [red, green, blue] = [index & 255, (index >> 8) & 255, batch * 16 + (index >> 16)];
        if (code !== lightnessCodeOf(red, green, blue)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  }, 60_000);

  it('paints the same bytes as the JavaScript loop: RGB and RGBA, in place or not, soft edges, stacked paints', () => {
    const sage = [156, 171, 134] as const;
    const burgundy = [110, 28, 44] as const;
    for (const [index, channels] of ([3, 4, 3, 4] as const).entries()) {
      // A box above 2^18 pixels, so the kernel copies it in several slices.
      const { source, weights } = noisyScene(700 + index * 37, 520 - index * 11, channels, 7 + index);
      for (const inPlace of [true, false]) {
        for (const pixelsPerStep of [1 << 14, Number.POSITIVE_INFINITY]) {
          const targets = inPlace ? [sage] : [sage, burgundy];
          const javascript = paintWith('javascript', source, weights, targets, inPlace, pixelsPerStep);
          const fastest = paintWith('fastest', source, weights, targets, inPlace, pixelsPerStep);
          expect(sameBytes(fastest, javascript)).toBe(true);
        }
      }
    }
  }, 60_000);

  it('measures the mean on the same grid as the JavaScript (a box over 1 MP) and paints the same bytes', () => {
    // 1300 × 1000: the mean is taken on every second pixel of every second row.
    const { source, weights } = noisyScene(1300, 1000, 3, 11);
    const javascript = paintWith('javascript', source, weights, [[110, 28, 44]], true, 1 << 18);
    const fastest = paintWith('fastest', source, weights, [[110, 28, 44]], true, 1 << 18);
    expect(sameBytes(fastest, javascript)).toBe(true);
  }, 60_000);

  it('keeps two recolours apart when their steps take turns (as the server’s jobs do)', () => {
    const first = noisyScene(300, 200, 3, 1);
    const second = noisyScene(260, 240, 4, 2);
    const alone = [
      paintWith('javascript', first.source, first.weights, [[156, 171, 134]], true, 1 << 12),
      paintWith('javascript', second.source, second.weights, [[110, 28, 44]], true, 1 << 12),
    ];
    const outputs = [
      { ...first.source, data: Uint8Array.from(first.source.data) },
      { ...second.source, data: Uint8Array.from(second.source.data) },
    ];
    const steps = [
      recolourSteps(
        outputs[0] as RecolourPixels,
        outputs[0] as RecolourPixels,
        first.weights,
        [156, 171, 134],
        1 << 12,
      ),
      recolourSteps(
        outputs[1] as RecolourPixels,
        outputs[1] as RecolourPixels,
        second.weights,
        [110, 28, 44],
        1 << 12,
      ),
    ];
    let running = 2;
    while (running > 0) {
      running = 0;
      for (const generator of steps) if (!generator.next().done) running++;
    }
    expect(sameBytes(outputs[0]?.data as Uint8Array, alone[0] as Uint8Array)).toBe(true);
    expect(sameBytes(outputs[1]?.data as Uint8Array, alone[1] as Uint8Array)).toBe(true);
  });

  it('paints canvas bytes (Uint8ClampedArray) like any others', () => {
    const { source, weights } = noisyScene(120, 90, 4, 5);
    const canvas = new Uint8ClampedArray(source.data);
    recolourPixels({ ...source, data: canvas }, { ...source, data: canvas }, weights, [156, 171, 134]);
    const expected = paintWith(
      'javascript',
      source,
      weights,
      [[156, 171, 134]],
      true,
      Number.POSITIVE_INFINITY,
    );
    expect(sameBytes(canvas, expected)).toBe(true);
  });
});
