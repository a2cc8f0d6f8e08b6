/**
 * The studio's instant preview (docs/product.md, Studio and preview): the preview executor
 * (apps/web's paintPreview, what the browser's worker runs) painting a 1.5 MP view with a wall
 * region over half of it, per swatch, next to the offline engine's full-resolution job (12 MP,
 * decode, mask, recolour, PNG encode) for the same paint. Node runs the same JavaScript as the
 * browser's V8 (CPU time, like the job's, since the machine is shared); the worker's photo and mask decodes are cached after the first swatch.
 */
import { createEmptyDirectives, findSwatch, type RgbBytes, swatchRgb } from '@facelift/shared';
import sharp from 'sharp';
import { LocalImageEngine } from '../apps/server/src/engines/local/local-image-engine.ts';
import { maskWeights, paintPreview } from '../apps/web/src/features/preview/preview-paint.ts';
import { type BenchRow, cpuMilliseconds, median, medianCpu, ms, times } from './bench-table.ts';

const swatchKeys = ['sage', 'anthracite', 'burgundy', 'white', 'navyBlue', 'terracotta'];

function viewPixels(width: number, height: number): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      pixels[offset] = (x / width) * 200 + 30;
      pixels[offset + 1] = (y / height) * 180 + 40;
      pixels[offset + 2] = 120 + ((x * y) % 17);
      pixels[offset + 3] = 255;
    }
  }
  return pixels;
}

function leftHalfMaskRgba(width: number, height: number): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < width * height; index++)
    data[index * 4 + 3] = index % width < width / 2 ? 0 : 255;
  return data;
}

export async function rows(): Promise<BenchRow[]> {
  // 1500 × 1000: a 1.5 MP view, the largest the studio paints.
  const width = 1500;
  const height = 1000;
  const view = viewPixels(width, height);
  const mask = leftHalfMaskRgba(width, height);
  const colours = swatchKeys.flatMap((key) => {
    const swatch = findSwatch(key);
    return swatch ? [swatchRgb(swatch) as RgbBytes] : [];
  });
  // Warm up, then time each swatch (mask read included, as the worker does per request).
  paintPreview(view, width, height, [
    { weights: maskWeights(mask, width, height), rgb: colours[0] as RgbBytes },
  ]);
  const perSwatch: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const rgb of colours) {
      perSwatch.push(
        await cpuMilliseconds(() =>
          paintPreview(view, width, height, [{ weights: maskWeights(mask, width, height), rgb }]),
        ),
      );
    }
  }
  const previewMs = median(perSwatch);

  const fullWidth = 4000;
  const fullHeight = 3000;
  const image = await sharp(Buffer.from(viewPixels(fullWidth, fullHeight)), {
    raw: { width: fullWidth, height: fullHeight, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: 90 })
    .toBuffer();
  const wall = await sharp(Buffer.from(leftHalfMaskRgba(fullWidth, fullHeight)), {
    raw: { width: fullWidth, height: fullHeight, channels: 4 },
  })
    .png()
    .toBuffer();
  const engine = new LocalImageEngine();
  const jobMs = await medianCpu(
    () =>
      engine.edit({
        image,
        prompt: '',
        outputSize: '1536x1024',
        directives: {
          ...createEmptyDirectives(),
          selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
        },
        elementRegions: { walls: wall },
      }),
    3,
  );
  return [
    {
      what: 'Instant preview per swatch, 1.5 MP view (wall over half; CPU time)',
      now: `${ms(previewMs)} (${times(previewMs / jobMs)} of the job)`,
      baseline: `offline engine job, 12 MP: ${ms(jobMs)}`,
      target: '≤ 100 ms',
      met: previewMs <= 100,
    },
  ];
}
