import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng, twoColourJpeg, withExifSegment } from './support/image-fixtures.ts';
import { type MultipartFile, multipartBody } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Hostile uploads beyond the ones `projects.api.test.ts` already refuses (zero bytes, text named
 * .png, truncated JPEG, a PNG declaring 100,000 × 100,000, SVG, 25 MB): each is refused with a
 * clear code and stores nothing, or, when it is a real image, is stored re-encoded with nothing
 * of the attacker's bytes; the server answers its health check after each.
 */

/** Every file under a directory, relative to it. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

/** A 64 × 64 RGB PNG whose image data inflates to `inflatedBytes` (a zip bomb inside IDAT). */
function pngWithInflatingData(inflatedBytes: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(64, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(inflatedBytes))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An APP1 segment of `size` bytes that claims to be EXIF. */
function hugeExifSegment(size: number): Buffer {
  const payload = Buffer.alloc(size, 0x41);
  Buffer.from('Exif\0\0', 'latin1').copy(payload);
  return payload;
}

const script = '<html><body><script>alert(document.cookie)</script></body></html>';

describe('hostile uploads', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    // A low pixel limit makes a real, fully valid decompression bomb cheap to build.
    testApp = await createTestApp('sqlite', { UPLOAD_MAX_PIXELS: '1000000', WRITE_RATE_LIMIT_MAX: '1000' });
    app = testApp.app;
    ({ cookie } = await signUp(app, { email: 'hostile@example.com', password: 'a long password' }));
    userId = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  function upload(name: string, file: MultipartFile) {
    const { payload, headers } = multipartBody({ name }, file);
    return app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...sameOriginHeaders(app, cookie), ...headers },
      payload,
    });
  }

  async function expectHealthy() {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }

  it('refuses each with a clear code and stores nothing', async () => {
    const goodPng = await solidPng(32, 24);
    const corruptPng = Buffer.from(goodPng);
    // Flip bytes inside the image data: the chunk's checksum no longer matches.
    const idat = corruptPng.indexOf('IDAT', 0, 'latin1');
    for (let offset = idat + 6; offset < idat + 14; offset += 1)
      corruptPng.writeUInt8(corruptPng.readUInt8(offset) ^ 0xff, offset);
    const goodJpeg = await twoColourJpeg(64, 64);
    const corruptJpeg = Buffer.concat([
      goodJpeg.subarray(0, 200),
      Buffer.alloc(400, 0xff),
      goodJpeg.subarray(600),
    ]);
    const realBomb = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(realBomb.length).toBeLessThan(50_000);

    const hostile: { name: string; file: MultipartFile; code: string; status: number }[] = [
      {
        name: 'HTML named .jpg',
        file: { filename: 'photo.jpg', contentType: 'image/jpeg', content: Buffer.from(script) },
        code: 'UNSUPPORTED_MEDIA_TYPE',
        status: 415,
      },
      {
        name: 'HTML sent as text/html',
        file: { filename: 'page.html', contentType: 'text/html', content: Buffer.from(script) },
        code: 'UNSUPPORTED_MEDIA_TYPE',
        status: 415,
      },
      {
        name: 'HTML in front of a PNG',
        file: {
          filename: 'facade.png',
          contentType: 'image/png',
          content: Buffer.concat([Buffer.from(script), goodPng]),
        },
        code: 'UNSUPPORTED_MEDIA_TYPE',
        status: 415,
      },
      {
        name: 'PNG with corrupt image data',
        file: { filename: 'facade.png', contentType: 'image/png', content: corruptPng },
        code: 'INVALID_IMAGE',
        status: 422,
      },
      {
        name: 'JPEG with garbage in its scan',
        file: { filename: 'facade.jpg', contentType: 'image/jpeg', content: corruptJpeg },
        code: 'INVALID_IMAGE',
        status: 422,
      },
      {
        name: 'real 2-megapixel PNG of a few KB over a 1-megapixel limit',
        file: { filename: 'bomb.png', contentType: 'image/png', content: realBomb },
        code: 'IMAGE_TOO_LARGE',
        status: 413,
      },
    ];
    for (const { name, file, code, status } of hostile) {
      const response = await upload(name, file);
      expect({ name, status: response.statusCode, code: response.json().error?.code }).toEqual({
        name,
        status,
        code,
      });
      expect(response.json().error.message, name).toMatch(/\w/);
      await expectHealthy();
    }
    const list = await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
    expect(list.json().projects).toEqual([]);
    expect(await app.services.blobStore.list(`users/${userId}/`)).toEqual([]);
  });

  it('stores a PNG with HTML appended (a polyglot) re-encoded, without the HTML', async () => {
    const polyglot = Buffer.concat([await solidPng(32, 24), Buffer.from(script)]);
    const response = await upload('Polyglot', {
      filename: 'facade.png',
      contentType: 'image/png',
      content: polyglot,
    });
    expect(response.statusCode).toBe(201);
    const stored = await app.inject({
      method: 'GET',
      url: response.json().original.url,
      headers: { cookie },
    });
    expect(stored.headers['content-type']).toMatch(/^image\//);
    expect(stored.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    await expectHealthy();
  });

  it('strips a huge EXIF block (12 segments of 64 KB) and keeps the picture', async () => {
    let jpeg = await twoColourJpeg(40, 20);
    for (let segment = 0; segment < 12; segment += 1) jpeg = withExifSegment(jpeg, hugeExifSegment(65_000));
    expect(jpeg.length).toBeGreaterThan(700_000);
    const response = await upload('Huge EXIF', {
      filename: 'exif.jpg',
      contentType: 'image/jpeg',
      content: jpeg,
    });
    expect(response.statusCode).toBe(201);
    const stored = await app.inject({
      method: 'GET',
      url: response.json().original.url,
      headers: { cookie },
    });
    expect(stored.rawPayload.length).toBeLessThan(50_000);
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([40, 20]);
    await expectHealthy();
  });

  it('reads only the pixels a PNG declares when its data would inflate to 64 MB', async () => {
    const response = await upload('Zip bomb', {
      filename: 'zip.png',
      contentType: 'image/png',
      content: pngWithInflatingData(64 * 1024 * 1024),
    });
    expect(response.statusCode).toBe(201);
    const stored = await app.inject({
      method: 'GET',
      url: response.json().original.url,
      headers: { cookie },
    });
    const metadata = await sharp(stored.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([64, 64]);
    await expectHealthy();
  });

  it('never lets a file name choose where the file goes', async () => {
    const before = await filesUnder(testApp.dataDirectory);
    const names = [
      '../../../../tmp/owned.png',
      '..\\..\\owned.png',
      '/etc/owned.png',
      'a/../../owned.png',
      '%2e%2e%2fowned.png',
    ];
    for (const filename of names) {
      const response = await upload(filename, {
        filename,
        contentType: 'image/png',
        content: await solidPng(8, 8),
      });
      expect(response.statusCode, filename).toBe(201);
      expect(response.json().original.url, filename).not.toContain('owned');
      await expectHealthy();
    }
    const added = (await filesUnder(testApp.dataDirectory)).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) {
      expect(file.includes('owned') || file.includes('..'), file).toBe(false);
    }
  });
});
