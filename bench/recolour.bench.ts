/**
 * Local recolour: a whole offline-engine edit (decode, region mask, OKLab recolour, PNG
 * encode) of a photo-like 12 MP JPEG with a wall region over half of it, against sharp's
 * `tint` with the same PNG encode of the same image. CPU time of the process (libvips
 * threads included), the edit and `tint` taking turns round by round so that a change in the
 * machine's load moves both (docs/decisions/122-recolour-paint-kernel.md); the ratio is the
 * median over 21 rounds of each round's own ratio, printed with its quartiles
 * (docs/decisions/261-recolour-row-in-rounds.md); the longest event-loop stall shows the
 * slicing works (on a loaded machine it also counts the time the process waited for a core).
 * The region is the mask as stored (one grey channel, docs/decisions/031-straight-job-input.md);
 * the same edit on the RGBA contract PNG, as masks were stored before, is measured beside it.
 */
import { createEmptyDirectives } from '@facelift/shared';
import sharp from 'sharp';
import { LocalImageEngine } from '../apps/server/src/engines/local/local-image-engine.ts';
import { decodeMaskWeights, fastPngLevel } from '../apps/server/src/engines/raster-image.ts';
import { processMaskPng } from '../apps/server/src/modules/projects/image-processing.ts';
import { type BenchRow, cpuInTurns, medianCpu, ms, times } from './bench-table.ts';

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

export async function rows(): Promise<BenchRow[]> {
  const width = 4000;
  const height = 3000;
  const image = await photoLike(width, height);
  const contractWall = await leftHalfMask(width, height);
  const limits = { maxBytes: 100 * 1024 * 1024, maxPixels: 50_000_000 };
  const storedWall = (await processMaskPng(contractWall, limits)).png;
  const engine = new LocalImageEngine();
  let longestStall = 0;
  const edit = async (wall: Buffer) => {
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    try {
      await engine.edit({
        image,
        prompt: '',
        outputSize: '1536x1024',
        directives: {
          ...createEmptyDirectives(),
          selectedItems: [{ type: 'walls', value: 'itemColor-sage' }],
        },
        elementRegions: { walls: wall },
      });
    } finally {
      clearInterval(ticker);
    }
  };
  // The same PNG level as the job's own encode, so that only the recolour's work differs.
  const tint = () => sharp(image).tint('#9cab86').png({ compressionLevel: fastPngLevel }).toBuffer();
  // Three warm-up rounds: after one, the first measured edit still took about 15 % more CPU
  // than the later ones; 21 rounds, since one round's ratio swings ±10 % on the shared machine.
  const turns = await cpuInTurns([tint, () => edit(storedWall), () => edit(contractWall)], 3, 21);
  const [tintMs = Number.NaN, localMs = Number.NaN, rgbaEditMs = Number.NaN] = turns.medians;
  const noRatio = { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  const [, local = noRatio, rgbaEdit = noRatio] = turns.ratios;
  const spread = (ratio: typeof noRatio) =>
    `${times(ratio.median)}, middle half of rounds ${times(ratio.low)}–${times(ratio.high)}`;
  const rgbaReadMs = await medianCpu(() => decodeMaskWeights(contractWall, width, height));
  const greyReadMs = await medianCpu(() => decodeMaskWeights(storedWall, width, height));
  return [
    {
      what: 'Local recolour, 12 MP (CPU time)',
      now: `${ms(localMs)} (${spread(local)}; longest event-loop stall ${ms(longestStall)})`,
      baseline: `sharp tint ${ms(tintMs)}; on an RGBA mask ${ms(rgbaEditMs)} (${spread(rgbaEdit)})`,
      target: '≤ 1.5× baseline',
      met: local.median <= 1.5,
    },
    {
      what: 'Region mask read, 12 MP (CPU time)',
      now: `${ms(greyReadMs)} (stored grey channel)`,
      baseline: `${ms(rgbaReadMs)} (RGBA contract PNG)`,
      target: 'below the RGBA read',
      met: greyReadMs < rgbaReadMs,
    },
  ];
}
