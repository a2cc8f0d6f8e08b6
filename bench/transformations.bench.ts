/**
 * Job overhead: a whole job (accept → queue → worker → engine → store → charge) with the
 * OpenAI engine against a zero-latency fake provider, next to one PNG encode of the image,
 * both wall-clock medians of the same run. The local engine's figures are in recolour.bench.ts.
 */
import { performance } from 'node:perf_hooks';
import { startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import sharp from 'sharp';
import { sameOriginHeaders, signUp } from '../apps/server/test/support/auth-helpers.ts';
import { createProject } from '../apps/server/test/support/project-helpers.ts';
import { createTestApp } from '../apps/server/test/support/test-app.ts';
import { type BenchRow, median, ms, times } from './bench-table.ts';

const runs = 5;

/** A synthetic facade with texture: noise over a wall colour, so encoders and recolour do real work. */
async function texturedImage(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let index = 0; index < pixels.length; index += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed % 40) - 20;
    pixels[index] = 180 + noise;
    pixels[index + 1] = 170 + noise;
    pixels[index + 2] = 160 + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function measure(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await work();
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function rows(): Promise<BenchRow[]> {
  const fake = await startFakeOpenAiServer();
  const testApp = await createTestApp('sqlite', {
    IMAGE_ENGINE: 'openai',
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseUrl,
    FREE_TIER_MAX_GENERATIONS: '1000',
  });
  try {
    const { cookie } = await signUp(testApp.app, { email: 'bench@example.com', password: 'password-123' });
    const me = (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
    await testApp.app.services.credits.grant({
      userId: me.id,
      amount: 100,
      source: 'admin',
      reason: 'bench',
    });
    const image = await texturedImage(1536, 1024);
    const project = await createProject(testApp.app, cookie, 'Bench', image);
    const runJob = async () => {
      const accepted = await testApp.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/transformations`,
        headers: sameOriginHeaders(testApp.app, cookie),
        payload: {
          directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
          useElementRegions: false,
        },
      });
      const jobId = accepted.json().job.id;
      for (;;) {
        const job = (
          await testApp.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie } })
        ).json();
        if (job.status === 'done') return;
        if (job.status === 'failed') throw new Error(job.error.message);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const jobMs = await measure(runJob);
    const encodeMs = await measure(() => sharp(image).png().toBuffer());
    return [
      {
        what: 'Job overhead, 1.5 MP, zero-latency provider',
        now: `${ms(jobMs)} (${times(jobMs / encodeMs)})`,
        baseline: `one PNG encode ${ms(encodeMs)}`,
        target: '≤ 1.5× baseline',
        met: jobMs <= 1.5 * encodeMs,
      },
    ];
  } finally {
    await testApp.close();
    await fake.close();
  }
}
