import { type EditWeights, inSlices, type RasterImage } from '../raster-image.ts';

export type LightnessDirection = 'darker' | 'lighter';

/*
 * "The roof darker" keeps the roof's own colours, texture and shading and changes only how
 * much light it reflects. Scaling all three channels in linear light by the same factor keeps
 * each pixel's chromaticity (its hue) exactly, as a darker paint of the same tint would look;
 * lighter moves a third of the way towards white in linear light. Both are per channel, so a
 * 256-entry table per direction is the whole computation.
 */
const darkerFactor = 0.55;
const lighterShare = 1 / 3;

function shiftTable(direction: LightnessDirection): Uint8Array {
  const table = new Uint8Array(256);
  for (let value = 0; value < 256; value++) {
    const channel = value / 255;
    const linear = channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    const shifted = direction === 'darker' ? linear * darkerFactor : linear + (1 - linear) * lighterShare;
    const encoded = shifted <= 0.0031308 ? shifted * 12.92 : 1.055 * shifted ** (1 / 2.4) - 0.055;
    table[value] = Math.round(Math.min(1, Math.max(0, encoded)) * 255);
  }
  return table;
}
const tables: Record<LightnessDirection, Uint8Array> = {
  darker: shiftTable('darker'),
  lighter: shiftTable('lighter'),
};

/**
 * Makes the weighted area of `source` darker or lighter into `output`. Pixels of weight 0 are
 * never written; partial weights blend, as recolourRegion does.
 */
export async function shiftRegionLightness(
  source: RasterImage,
  output: RasterImage,
  weights: EditWeights,
  direction: LightnessDirection,
  signal?: AbortSignal,
): Promise<void> {
  if (
    source.width !== weights.width ||
    source.height !== weights.height ||
    output.channels !== source.channels
  ) {
    throw new RangeError('Source, output and weights must have the same size and channels');
  }
  const table = tables[direction];
  const { channels, data } = source;
  const outputData = output.data;
  await inSlices(
    weights.data.length,
    (start, end) => {
      for (let index = start, offset = start * channels; index < end; index++, offset += channels) {
        const weight = weights.data[index] as number;
        if (weight === 0) continue;
        for (let channel = 0; channel < 3; channel++) {
          const shifted = table[data[offset + channel] as number] as number;
          outputData[offset + channel] =
            weight === 255
              ? shifted
              : Math.round(
                  ((outputData[offset + channel] as number) * (255 - weight) + shifted * weight) / 255,
                );
        }
      }
    },
    signal,
  );
}
