/**
 * Local engine speed: `npx tsx apps/server/src/engines/local/local-engine.bench.ts`.
 *
 * Times a full edit (decode, region masks, OKLab recolour, PNG encode) on a generated
 * photo-like 1.5 MP and 12 MP image with a wall region covering half of it, against sharp's
 * `tint` plus the same PNG encode on the same image, and reports the longest stall of the
 * event loop during the edit (the engine works in slices so the server stays responsive).
 */
import { createEmptyDirectives } from '@facelift/shared';
import sharp from 'sharp';
import { LocalImageEngine } from './local-image-engine.ts';

const runs = 3;

/** Smooth gradients with fine texture, saved as a camera-like JPEG. */
async function photoLike(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x / width) * 200 + 30;
      pixels[offset + 1] = (y / height) * 180 + 40;
      pixels[offset + 2] = 120 + ((x * y) % 17);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(1)
    .jpeg({ quality: 90 })
    .toBuffer();
}

function leftHalfMask(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 4);
  for (let index = 0; index < width * height; index++)
    data[index * 4 + 3] = index % width < width / 2 ? 0 : 255;
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const engine = new LocalImageEngine();
for (const [label, width, height] of [
  ['1.5 MP', 1500, 1000],
  ['12 MP', 4000, 3000],
] as const) {
  const image = await photoLike(width, height);
  const wall = await leftHalfMask(width, height);
  const localTimes: number[] = [];
  const tintTimes: number[] = [];
  const stalls: number[] = [];
  for (let run = 0; run < runs; run++) {
    let last = performance.now();
    let longestStall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    let started = performance.now();
    await engine.edit({
      image,
      prompt: '',
      outputSize: '1536x1024',
      directives: {
        ...createEmptyDirectives(),
        selectedItems: [{ type: 'wallColor', value: 'itemColor-sage' }],
      },
      elementRegions: { wallColor: wall },
    });
    localTimes.push(performance.now() - started);
    clearInterval(ticker);
    stalls.push(longestStall);
    started = performance.now();
    await sharp(image).tint('#9cab86').png({ compressionLevel: 4 }).toBuffer();
    tintTimes.push(performance.now() - started);
  }
  console.log(
    `${label}: local recolour ${median(localTimes).toFixed(0)} ms (longest event-loop stall ${median(stalls).toFixed(0)} ms); sharp tint ${median(tintTimes).toFixed(0)} ms (median of ${runs})`,
  );
}
