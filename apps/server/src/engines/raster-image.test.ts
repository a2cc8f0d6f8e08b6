import { isMarkedMaskPixel } from '@facelift/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeMaskWeights, encodeMaskWeights, isWeightsEmpty } from './raster-image.ts';

describe('decodeMaskWeights', () => {
  it('marks exactly the pixels the mask rule marks: contract runs, white on black, fringes, any width', async () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const [width, height] of [
      [37, 23],
      [64, 16],
      [1, 5],
      [301, 7],
    ] as const) {
      const pixels = Buffer.alloc(width * height * 4);
      for (let index = 0; index < width * height; index++) {
        const kind = random();
        // Runs of contract pixels (as the editor writes them) between scattered other pixels.
        if (kind < 0.45) pixels[index * 4 + 3] = index % 16 < 8 ? 255 : 0;
        else if (kind < 0.6) pixels.fill(255, index * 4, index * 4 + 4);
        else
          for (let channel = 0; channel < 4; channel++)
            pixels[index * 4 + channel] =
              random() < 0.5 ? Math.floor(random() * 256) : 255 - Math.floor(random() * 60);
      }
      const png = await sharp(pixels, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
      const weights = await decodeMaskWeights(png, width, height);
      const expected = new Uint8Array(width * height);
      for (let index = 0; index < expected.length; index++) {
        const offset = index * 4;
        expected[index] = isMarkedMaskPixel(
          pixels[offset] as number,
          pixels[offset + 1] as number,
          pixels[offset + 2] as number,
          pixels[offset + 3] as number,
        )
          ? 255
          : 0;
      }
      expect(Buffer.from(weights.data).equals(Buffer.from(expected))).toBe(true);
    }
  });
});

describe('isWeightsEmpty', () => {
  it('finds a single marked weight anywhere, on any view of the bytes', () => {
    for (const length of [1, 3, 4, 9, 64, 1001]) {
      for (const byteOffset of [0, 1, 2, 3]) {
        const data = new Uint8Array(length + byteOffset).subarray(byteOffset);
        expect(isWeightsEmpty({ data, width: length, height: 1 })).toBe(true);
        for (const at of [0, length >> 1, length - 1]) {
          data.fill(0);
          data[at] = 1;
          expect(isWeightsEmpty({ data, width: length, height: 1 })).toBe(false);
        }
      }
    }
  });
});

describe('stored masks (one grey channel of weights)', () => {
  it('encodeMaskWeights writes one channel that reads back as the same weights, at any size', async () => {
    const width = 37;
    const height = 23;
    const data = new Uint8Array(width * height);
    for (let index = 0; index < data.length; index++) data[index] = (index * 7) % 5 < 2 ? 255 : 0;
    const png = await encodeMaskWeights({ data, width, height });
    expect(await sharp(png).metadata()).toMatchObject({ channels: 1, depth: 'uchar', hasAlpha: false });
    expect(Buffer.from((await decodeMaskWeights(png, width, height)).data).equals(Buffer.from(data))).toBe(
      true,
    );
    // Scaled like the RGBA read: nearest neighbour from the same contract image.
    const contract = Buffer.alloc(width * height * 4);
    for (let index = 0; index < data.length; index++) contract[index * 4 + 3] = data[index] === 255 ? 0 : 255;
    const contractPng = await sharp(contract, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const [fromGrey, fromRgba] = await Promise.all([
      decodeMaskWeights(png, 90, 41),
      decodeMaskWeights(contractPng, 90, 41),
    ]);
    expect(Buffer.from(fromGrey.data).equals(Buffer.from(fromRgba.data))).toBe(true);
  });

  it('reads a grey PNG from elsewhere by the mask rule: marked above 200', async () => {
    const grey = Buffer.from([0, 128, 200, 201, 230, 255, 7, 255, 0, 0, 255]);
    const png = await sharp(grey, { raw: { width: grey.length, height: 1, channels: 1 } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const weights = await decodeMaskWeights(png, grey.length, 1);
    expect([...weights.data]).toEqual([0, 0, 0, 255, 255, 255, 0, 255, 0, 0, 255]);
  });

  it('applies the rule to stray grey values anywhere in a large mask of 0 and 255', async () => {
    // Past the first blocks of words the scan tests together, at block edges and in the tail.
    const width = 1001;
    const height = 7;
    const grey = new Uint8Array(width * height);
    for (let index = 0; index < grey.length; index++) grey[index] = index % 3 === 0 ? 255 : 0;
    const strays = [0, 255, 256, 1023, 1024, 3000, 4095, grey.length - 2, grey.length - 1];
    strays.forEach((at, number) => {
      grey[at] = number % 2 === 0 ? 201 : 200;
    });
    const png = await sharp(grey, { raw: { width, height, channels: 1 } })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const weights = await decodeMaskWeights(png, width, height);
    const expected = grey.map((value) => (value > 200 ? 255 : 0));
    expect(Buffer.from(weights.data).equals(Buffer.from(expected))).toBe(true);
  });
});
