import { contractToPaintedCanvas, decodeMask, encodeMask, isMarkedMaskPixel } from '@facelift/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const width = 48;
const height = 32;

/**
 * What a studio or another tool may send: contract pixels (transparent inside a rectangle,
 * opaque black elsewhere), a white-on-black stroke, and fringes the rule does not mark.
 */
function mixedMask(): Buffer {
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      if (x >= 10 && x < 30 && y >= 5 && y < 20) continue; // (0,0,0,0): marked
      if (y === 25)
        pixels.fill(255, offset, offset + 4); // opaque white: marked
      else if (y === 27)
        pixels.set([255, 255, 255, 128], offset); // half transparent: not marked
      else if (y === 29)
        pixels.set([255, 201, 200, 255], offset); // one channel at 200: not marked
      else pixels[offset + 3] = 255; // opaque black: not marked
    }
  }
  return pixels;
}

function expectedWeights(rgba: Buffer): Buffer {
  const weights = Buffer.alloc(width * height);
  for (let index = 0; index < weights.length; index++) {
    const o = index * 4;
    weights[index] = isMarkedMaskPixel(
      rgba[o] as number,
      rgba[o + 1] as number,
      rgba[o + 2] as number,
      rgba[o + 3] as number,
    )
      ? 255
      : 0;
  }
  return weights;
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`stored masks ${title}`, () => {
    let testApp: TestApp;
    let app: FastifyInstance;

    beforeAll(async () => {
      testApp = await createTestApp(dialect);
      app = testApp.app;
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('stores a saved region as one grey channel of its weights, which the studio reads back to the same mask', async () => {
      const { cookie } = await signUp(app, {
        email: `masks-${Date.now()}@example.com`,
        password: 'a long password',
      });
      const project = await createProject(app, cookie, 'Masks', await solidPng(width, height));
      const rgba = mixedMask();
      const sent = await sharp(rgba, { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
      const put = (payload: Buffer) =>
        app.inject({
          method: 'PUT',
          url: `/api/projects/${project.id}/regions/walls`,
          headers: { ...sameOriginHeaders(app, cookie), 'content-type': 'image/png' },
          payload,
        });
      const saved = await put(sent);
      expect(saved.statusCode).toBe(200);
      const region = saved.json().regions[0];

      // The stored file: one 8-bit grey channel, 255 exactly where the mask rule marks.
      const userId = region.key.split('/')[1] as string;
      const stored = (await app.services.regions.readElementRegions(userId, project.id)).walls as Buffer;
      const metadata = await sharp(stored).metadata();
      expect(metadata).toMatchObject({
        format: 'png',
        channels: 1,
        depth: 'uchar',
        width,
        height,
        hasAlpha: false,
      });
      const raw = await sharp(stored).toColourspace('b-w').raw().toBuffer();
      const expected = expectedWeights(rgba);
      expect(raw.equals(expected)).toBe(true);
      expect(expected.filter((weight) => weight === 255).length).toBe(20 * 15 + width);

      // The studio downloads it to edit: as a browser decodes it (RGBA), the mask rule gives
      // the same marked pixels, and sending that mask back stores the same bytes.
      const download = await app.inject({ method: 'GET', url: region.url, headers: { cookie } });
      expect(download.statusCode).toBe(200);
      const asBrowser = await sharp(download.rawPayload).ensureAlpha().toColourspace('srgb').raw().toBuffer();
      const bitmask = decodeMask({ width, height, data: asBrowser });
      expect(Buffer.from(bitmask.data).equals(Buffer.from(expected.map((weight) => weight / 255)))).toBe(
        true,
      );
      const painted = contractToPaintedCanvas({ width, height, data: asBrowser });
      expect(painted.filter((_, index) => index % 4 === 3 && painted[index] === 255).length).toBe(
        20 * 15 + width,
      );
      const resent = await sharp(Buffer.from(encodeMask(bitmask)), { raw: { width, height, channels: 4 } })
        .png()
        .toBuffer();
      expect((await put(resent)).statusCode).toBe(200);
      const again = (await app.services.regions.readElementRegions(userId, project.id)).walls as Buffer;
      expect(again.equals(stored)).toBe(true);
      // The stored grey file itself, sent back as it is, means the same mask.
      expect((await put(stored)).statusCode).toBe(200);
      const third = (await app.services.regions.readElementRegions(userId, project.id)).walls as Buffer;
      expect(third.equals(stored)).toBe(true);
    });
  });
}
