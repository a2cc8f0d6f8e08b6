/**
 * Storage: the bytes the server keeps for the original of a camera-like 12 MP JPEG of about
 * 1 MB uploaded through the API, against the upload itself, and the CPU time to decode what
 * is stored against decoding the upload (both with sharp, same run).
 */
import sharp from 'sharp';
import { sameOriginHeaders, signUp } from '../apps/server/test/support/auth-helpers.ts';
import { createProject } from '../apps/server/test/support/project-helpers.ts';
import { createTestApp } from '../apps/server/test/support/test-app.ts';
import { type BenchRow, medianCpu, megabytes, ms, times } from './bench-table.ts';

/** Gradients with a little sensor-like noise: about 1 MB as a quality-75 JPEG at 12 MP. */
async function cameraLikeJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed % 19) - 9;
      const offset = (y * width + x) * 3;
      pixels[offset] = (x / width) * 180 + 40 + noise;
      pixels[offset + 1] = (y / height) * 160 + 50 + noise;
      pixels[offset + 2] = 110 + ((x >> 5) % 9) * 6 + noise;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 75 })
    .toBuffer();
}

export async function rows(): Promise<BenchRow[]> {
  const upload = await cameraLikeJpeg(4000, 3000);
  const testApp = await createTestApp('sqlite');
  try {
    const { cookie } = await signUp(testApp.app, { email: 'bench@example.com', password: 'password-123' });
    const project = await createProject(testApp.app, cookie, 'Bench', upload);
    const original = await testApp.app.inject({
      method: 'GET',
      url: project.original.url,
      headers: sameOriginHeaders(testApp.app, cookie),
    });
    if (original.statusCode !== 200) throw new Error(`original not served: ${original.statusCode}`);
    const stored = original.rawPayload;
    const format = (await sharp(stored).metadata()).format;
    const decodeStored = await medianCpu(() => sharp(stored).raw().toBuffer(), 3);
    const decodeUpload = await medianCpu(() => sharp(upload).raw().toBuffer(), 3);
    return [
      {
        what: `Stored original of a ${megabytes(upload.length)} 12 MP JPEG`,
        now: `${megabytes(stored.length)} ${format} (${times(stored.length / upload.length)}), decodes in ${ms(decodeStored)} CPU`,
        baseline: `the upload, decodes in ${ms(decodeUpload)} CPU`,
        target: '≤ 3× the upload',
        met: stored.length <= 3 * upload.length,
      },
    ];
  } finally {
    await testApp.close();
  }
}
