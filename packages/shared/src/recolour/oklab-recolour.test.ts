import { converter, differenceCiede2000 } from 'culori';
import { describe, expect, it } from 'vitest';
import {
  type RecolourWeights as EditWeights,
  meanRegionLightness,
  oklabFromBytes,
  oklabLightness,
  paintTable,
  type RecolourPixels as RasterImage,
  recolourPixels,
  regionBounds,
} from './oklab-recolour.ts';

/** The shared executor, shaped like the server's for these tests. */
async function recolourRegion(
  source: RasterImage,
  output: RasterImage,
  weights: EditWeights,
  target: readonly [number, number, number],
): Promise<void> {
  recolourPixels(source, output, weights, target);
}

const toOklab = converter('oklab');

/** A 16x8 RGB image: the left half a plaster-like gradient with texture, the right half blue sky. */
function syntheticFacade(): RasterImage {
  const width = 16;
  const height = 8;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      if (x < 8) {
        // Warm grey plaster, darker towards the bottom (a shadow) with a little texture.
        const shade = 200 - y * 18 + ((x * 7 + y * 3) % 5) * 4;
        data[offset] = shade;
        data[offset + 1] = shade - 12;
        data[offset + 2] = shade - 30;
      } else {
        data[offset] = 90 + x;
        data[offset + 1] = 140 + y;
        data[offset + 2] = 220;
      }
    }
  }
  return { data, width, height, channels: 3 };
}

function leftHalf(image: RasterImage): EditWeights {
  const data = new Uint8Array(image.width * image.height);
  for (let y = 0; y < image.height; y++) for (let x = 0; x < 8; x++) data[y * image.width + x] = 255;
  return { data, width: image.width, height: image.height };
}

function pixelAt(image: RasterImage, index: number): [number, number, number] {
  const offset = index * image.channels;
  return [image.data[offset] as number, image.data[offset + 1] as number, image.data[offset + 2] as number];
}

describe('oklabFromBytes', () => {
  it('agrees with culori', () => {
    for (const [red, green, blue] of [
      [156, 171, 134],
      [110, 28, 44],
      [0, 0, 0],
      [255, 255, 255],
      [12, 200, 90],
    ] as const) {
      const ours = oklabFromBytes(red, green, blue);
      const theirs = toOklab({ mode: 'rgb', r: red / 255, g: green / 255, b: blue / 255 });
      expect(ours.l).toBeCloseTo(theirs.l, 4);
      expect(ours.a).toBeCloseTo(theirs.a, 4);
      expect(ours.b).toBeCloseTo(theirs.b, 4);
    }
  });
});

describe('oklabLightness', () => {
  it('agrees with the exact conversion to well under one 8-bit level', () => {
    let worst = 0;
    for (let red = 0; red < 256; red += 5) {
      for (let green = 0; green < 256; green += 5) {
        for (let blue = 0; blue < 256; blue += 5) {
          worst = Math.max(
            worst,
            Math.abs(oklabLightness(red, green, blue) - oklabFromBytes(red, green, blue).l),
          );
        }
      }
    }
    expect(worst).toBeLessThan(1e-3);
  });
});

describe('regionBounds', () => {
  it('finds the smallest rectangle around the weighted pixels', () => {
    const data = new Uint8Array(6 * 5);
    data[1 * 6 + 3] = 255;
    data[3 * 6 + 1] = 10;
    data[3 * 6 + 4] = 255;
    expect(regionBounds({ data, width: 6, height: 5 })).toEqual({ left: 1, top: 1, right: 5, bottom: 4 });
    expect(regionBounds({ data: new Uint8Array(30), width: 6, height: 5 })).toBeNull();
  });
});

describe('recolourPixels on RGBA canvas pixels', () => {
  it('paints ImageData-like bytes exactly as it paints the same RGB bytes', () => {
    const rgb = syntheticFacade();
    const rgba = new Uint8ClampedArray(rgb.width * rgb.height * 4);
    for (let index = 0; index < rgb.width * rgb.height; index++) {
      rgba.set(rgb.data.subarray(index * 3, index * 3 + 3), index * 4);
      rgba[index * 4 + 3] = 255;
    }
    const weights = leftHalf(rgb);
    const rgbOutput = { ...rgb, data: Uint8Array.from(rgb.data) };
    const canvas: RasterImage = { data: rgba, width: rgb.width, height: rgb.height, channels: 4 };
    recolourPixels(rgb, rgbOutput, weights, [110, 28, 44]);
    // The canvas is painted in place: source and output the same pixels.
    recolourPixels(canvas, canvas, weights, [110, 28, 44]);
    for (let index = 0; index < rgb.width * rgb.height; index++) {
      expect([...rgba.subarray(index * 4, index * 4 + 3)]).toEqual(pixelAt(rgbOutput, index));
    }
  });

  it('refuses weights of another size', () => {
    const source = syntheticFacade();
    expect(() =>
      recolourPixels(source, source, { data: new Uint8Array(4), width: 2, height: 2 }, [0, 0, 0]),
    ).toThrow(RangeError);
  });
});

describe('recolourRegion', () => {
  const sage: [number, number, number] = [156, 171, 134];

  it('gives region pixels the swatch hue; shaded ones its chroma-to-lightness ratio, lit ones less chroma', async () => {
    const source = syntheticFacade();
    const output = { ...source, data: Uint8Array.from(source.data) };
    const weights = leftHalf(source);
    await recolourRegion(source, output, weights, sage);
    const mean = meanRegionLightness(source, weights) as number;
    const target = oklabFromBytes(...sage);
    const targetHue = Math.atan2(target.b, target.a);
    const targetChroma = Math.hypot(target.a, target.b);
    let shaded = 0;
    let lit = 0;
    for (let index = 0; index < weights.data.length; index++) {
      if (weights.data[index] === 0) continue;
      const original = oklabFromBytes(...pixelAt(source, index));
      const painted = oklabFromBytes(...pixelAt(output, index));
      const chroma = Math.hypot(painted.a, painted.b);
      // 8-bit rounding moves hue a little on dark pixels; 0.1 rad is far below a visible hue shift.
      expect(Math.abs(Math.atan2(painted.b, painted.a) - targetHue)).toBeLessThan(0.1);
      if (original.l <= mean) {
        // Shade: the swatch scaled in linear light, so chroma per lightness is the swatch's.
        expect(chroma / painted.l).toBeCloseTo(targetChroma / target.l, 1);
        shaded++;
      } else {
        // Light: brighter than the swatch, and paler, as a highlight on paint is.
        expect(painted.l).toBeGreaterThan(target.l - 0.01);
        expect(chroma).toBeLessThanOrEqual(targetChroma + 0.01);
        lit++;
      }
    }
    expect(shaded).toBeGreaterThan(0);
    expect(lit).toBeGreaterThan(0);
  });

  it('keeps the highlights of a dark swatch from saturating', async () => {
    // A dark doorway with one sunlit patch four times as light as the rest.
    const data = new Uint8Array(10 * 3).fill(40);
    data.fill(200, 0, 3);
    const source: RasterImage = { data, width: 10, height: 1, channels: 3 };
    const output = { ...source, data: Uint8Array.from(data) };
    const burgundy: [number, number, number] = [110, 28, 44];
    await recolourRegion(
      source,
      output,
      { data: new Uint8Array(10).fill(255), width: 10, height: 1 },
      burgundy,
    );
    const patch = oklabFromBytes(...pixelAt(output, 0));
    const rest = oklabFromBytes(...pixelAt(output, 5));
    const target = oklabFromBytes(...burgundy);
    expect(patch.l).toBeGreaterThan(rest.l);
    expect(patch.l).toBeLessThan(1);
    expect(Math.hypot(patch.a, patch.b)).toBeLessThan(Math.hypot(target.a, target.b));
  });

  it('keeps the lightness order of the original, so shadows and texture survive', async () => {
    const source = syntheticFacade();
    const output = { ...source, data: Uint8Array.from(source.data) };
    const weights = leftHalf(source);
    await recolourRegion(source, output, weights, sage);
    const region = [...weights.data.keys()].filter((index) => weights.data[index] === 255);
    const before = region.map((index) => oklabFromBytes(...pixelAt(source, index)).l);
    const after = region.map((index) => oklabFromBytes(...pixelAt(output, index)).l);
    for (let first = 0; first < region.length; first++) {
      for (let second = 0; second < region.length; second++) {
        if ((before[first] as number) < (before[second] as number) - 1e-9) {
          expect(after[first] as number).toBeLessThanOrEqual(after[second] as number);
        }
      }
    }
    // The lightest pixel stays clearly lighter than the darkest: the shadow is still there.
    expect(Math.max(...after) - Math.min(...after)).toBeGreaterThan(0.1);
  });

  it('gives the region, on average, the lightness of the swatch', async () => {
    const source = syntheticFacade();
    const output = { ...source, data: Uint8Array.from(source.data) };
    const weights = leftHalf(source);
    await recolourRegion(source, output, weights, sage);
    expect(meanRegionLightness(output, weights)).toBeCloseTo(oklabFromBytes(...sage).l, 1);
  });

  it('leaves every pixel outside the region byte for byte as it was', async () => {
    const source = syntheticFacade();
    const output = { ...source, data: Uint8Array.from(source.data) };
    const weights = leftHalf(source);
    await recolourRegion(source, output, weights, [110, 28, 44]);
    for (let index = 0; index < weights.data.length; index++) {
      if (weights.data[index] !== 0) continue;
      expect(pixelAt(output, index)).toEqual(pixelAt(source, index));
    }
  });

  it('keeps the alpha channel of RGBA images', async () => {
    const data = Uint8Array.from([100, 100, 100, 128, 150, 150, 150, 255]);
    const source: RasterImage = { data, width: 2, height: 1, channels: 4 };
    const output = { ...source, data: Uint8Array.from(data) };
    await recolourRegion(
      source,
      output,
      { data: new Uint8Array([255, 255]), width: 2, height: 1 },
      [178, 34, 34],
    );
    expect(output.data[3]).toBe(128);
    expect(output.data[7]).toBe(255);
    expect(output.data[0]).toBeGreaterThan(output.data[1] as number);
  });

  it('does nothing for an empty region', async () => {
    const source = syntheticFacade();
    const output = { ...source, data: Uint8Array.from(source.data) };
    await recolourRegion(source, output, { data: new Uint8Array(128), width: 16, height: 8 }, sage);
    expect(output.data).toEqual(source.data);
  });
});

describe('the fast kernel against the definition computed directly', () => {
  /**
   * The definition without any of the speed-ups: exact cube roots per pixel, the weighted
   * mean in floating point, the paint table read at round(1024 × L / mean), then the blend.
   */
  function reference(source: RasterImage, weights: EditWeights, target: readonly [number, number, number]) {
    const output = Uint8Array.from(source.data);
    const lightnessOf = new Float64Array(weights.data.length);
    for (let index = 0; index < lightnessOf.length; index++) {
      if (weights.data[index] !== 0) lightnessOf[index] = oklabFromBytes(...pixelAt(source, index)).l;
    }
    const lightness = (index: number) => lightnessOf[index] as number;
    let sum = 0;
    let total = 0;
    for (let index = 0; index < weights.data.length; index++) {
      const weight = weights.data[index] as number;
      sum += weight === 0 ? 0 : lightness(index) * weight;
      total += weight;
    }
    const mean = sum / total;
    const table = paintTable(target);
    for (let index = 0; index < weights.data.length; index++) {
      const weight = weights.data[index] as number;
      if (weight === 0) continue;
      const step = Math.min(17 * 1024, Math.round((1024 * lightness(index)) / mean)) * 3;
      for (let channel = 0; channel < 3; channel++) {
        const offset = index * source.channels + channel;
        output[offset] = Math.round(
          ((output[offset] as number) * (255 - weight) + (table[step + channel] as number) * weight) / 255,
        );
      }
    }
    return output;
  }

  /**
   * Shading, texture and noise: tens of thousands of distinct colours, and a soft-edged
   * round region (weights between 0 and 255) with holes.
   */
  function noisyPhoto(width: number, height: number) {
    const data = new Uint8Array(width * height * 3);
    const weightData = new Uint8Array(width * height);
    let seed = 7;
    const noise = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed / 2147483648) * 24 - 12;
    };
    const radius = Math.min(width, height) * 0.45;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const index = y * width + x;
        data[index * 3] = Math.max(0, Math.min(255, 40 + (x * 200) / width + noise()));
        data[index * 3 + 1] = Math.max(0, Math.min(255, 20 + (y * 150) / height + noise()));
        data[index * 3 + 2] = Math.max(0, Math.min(255, 90 + ((x * y) % 60) + noise()));
        const distance = Math.hypot(x - width * 0.45, y - height * 0.47);
        weightData[index] =
          (x + y) % 17 === 0 ? 0 : Math.max(0, Math.min(255, Math.round((radius - distance) * 32)));
      }
    }
    return {
      source: { data, width, height, channels: 3 } as RasterImage,
      weights: { data: weightData, width, height },
    };
  }

  /** Largest byte difference, bytes changed outside the region, mean ΔE2000 inside (every `every`th pixel). */
  function compare(
    source: RasterImage,
    weights: EditWeights,
    painted: ArrayLike<number>,
    expected: ArrayLike<number>,
    every: number,
  ) {
    const deltaE = differenceCiede2000();
    const colour = (bytes: ArrayLike<number>, index: number) => ({
      mode: 'rgb' as const,
      r: (bytes[index * 3] as number) / 255,
      g: (bytes[index * 3 + 1] as number) / 255,
      b: (bytes[index * 3 + 2] as number) / 255,
    });
    let total = 0;
    let count = 0;
    let largestDifference = 0;
    let changedOutside = 0;
    for (let index = 0; index < weights.data.length; index++) {
      for (let channel = 0; channel < 3; channel++) {
        const offset = index * 3 + channel;
        const byte = painted[offset] as number;
        largestDifference = Math.max(largestDifference, Math.abs(byte - (expected[offset] as number)));
        if (weights.data[index] === 0 && byte !== source.data[offset]) changedOutside++;
      }
      if (weights.data[index] === 0 || index % every !== 0) continue;
      total += deltaE(colour(painted, index), colour(expected, index));
      count++;
    }
    return { largestDifference, changedOutside, count, meanDeltaE: total / count };
  }

  it('paints a many-coloured photo within one 8-bit level of it (mean ΔE2000 < 0.05), nothing outside', () => {
    const { source, weights } = noisyPhoto(200, 150);
    for (const target of [
      [156, 171, 134],
      [110, 28, 44],
      [245, 245, 240],
    ] as const) {
      const expected = reference(source, weights, target);
      const output = { ...source, data: Uint8Array.from(source.data) };
      recolourPixels(source, output, weights, target);
      const result = compare(source, weights, output.data, expected, 1);
      expect(result.largestDifference).toBeLessThanOrEqual(1);
      expect(result.changedOutside).toBe(0);
      expect(result.count).toBeGreaterThan(8000);
      expect(result.meanDeltaE).toBeLessThan(0.05);
    }
  });

  it('stays within one 8-bit level of it when the mean is taken on a grid (a region box over 1 MP)', () => {
    // A 1.3 MP box: the mean is measured on every second pixel of every second row.
    const { source, weights } = noisyPhoto(1400, 1300);
    const target = [156, 171, 134] as const;
    const expected = reference(source, weights, target);
    const output = { ...source, data: Uint8Array.from(source.data) };
    recolourPixels(source, output, weights, target);
    const result = compare(source, weights, output.data, expected, 11);
    expect(result.largestDifference).toBeLessThanOrEqual(1);
    expect(result.changedOutside).toBe(0);
    expect(result.count).toBeGreaterThan(50_000);
    expect(result.meanDeltaE).toBeLessThan(0.05);
  }, 30_000);
});

describe('regionBounds on any view of the weights', () => {
  it('finds the same box as a pixel-by-pixel search, whatever the width and byte offset', () => {
    const naive = (data: Uint8Array, width: number, height: number) => {
      let box: { left: number; top: number; right: number; bottom: number } | null = null;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          if (data[y * width + x] === 0) continue;
          box = box ?? { left: x, top: y, right: x + 1, bottom: y + 1 };
          box = {
            left: Math.min(box.left, x),
            top: Math.min(box.top, y),
            right: Math.max(box.right, x + 1),
            bottom: Math.max(box.bottom, y + 1),
          };
        }
      }
      return box;
    };
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let trial = 0; trial < 400; trial++) {
      const width = 1 + Math.floor(random() * 37);
      const height = 1 + Math.floor(random() * 23);
      const byteOffset = Math.floor(random() * 4);
      const data = new Uint8Array(width * height + byteOffset).subarray(byteOffset);
      const marks = Math.floor(random() * 4);
      for (let mark = 0; mark < marks; mark++)
        data[Math.floor(random() * data.length)] = 1 + Math.floor(random() * 255);
      expect(regionBounds({ data, width, height })).toEqual(naive(data, width, height));
    }
  });
});
