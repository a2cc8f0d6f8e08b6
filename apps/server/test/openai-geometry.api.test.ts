import type { HistoryItem, Project } from '@facelift/shared';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const background = { r: 128, g: 128, b: 128 };
const circleColour = { r: 20, g: 40, b: 230 };
const discColour: [number, number, number] = [230, 30, 40];

/** A grey photo with a blue circle near its top. */
function photoWithCircle(width: number, height: number): Promise<Buffer> {
  const radius = Math.round(Math.min(width, height) * 0.12);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${Math.round(height * 0.18)}" r="${radius}" fill="rgb(${circleColour.r},${circleColour.g},${circleColour.b})"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/**
 * How round the pixels of one colour are: the ratio of their horizontal to vertical spread
 * (standard deviations), 1 for a circle. Moments rather than a bounding box, so that one
 * anti-aliased edge pixel does not swing the figure.
 */
async function roundness(image: Buffer, [r, g, b]: [number, number, number]) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  let sumXX = 0;
  let sumYY = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const offset = (y * info.width + x) * 3;
      const isMatch =
        Math.abs((data[offset] as number) - r) < 50 &&
        Math.abs((data[offset + 1] as number) - g) < 50 &&
        Math.abs((data[offset + 2] as number) - b) < 50;
      if (!isMatch) continue;
      count++;
      sumX += x;
      sumY += y;
      sumXX += x * x;
      sumYY += y * y;
    }
  }
  expect(count).toBeGreaterThan(100);
  const spreadX = Math.sqrt(sumXX / count - (sumX / count) ** 2);
  const spreadY = Math.sqrt(sumYY / count - (sumY / count) ** 2);
  return spreadX / spreadY;
}

const circle: [number, number, number] = [circleColour.r, circleColour.g, circleColour.b];

describe('OpenAI edits keep the photo undistorted (docs/decisions/081-faithful-ai-edit-geometry.md)', () => {
  let fake: FakeOpenAiServer;
  let testApp: TestApp;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    fake.answerMode = 'echo-disc';
    fake.answerColour = discColour;
    testApp = await createTestApp('sqlite', {
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      FREE_TIER_MAX_GENERATIONS: '100',
    });
    ({ cookie } = await signUp(testApp.app, { email: 'geometry@example.com', password: 'password-123' }));
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  it.each([
    ['4:3', 1200, 900, '1536x1024'],
    ['3:2', 1200, 800, '1536x1024'],
    ['9:16', 675, 1200, '1024x1536'],
    ['1:1', 900, 900, '1024x1024'],
  ] as const)(
    'a %s photo: circles stay circles and the result has the original size',
    async (_name, width, height, size) => {
      const { id: projectId } = await createProject(
        testApp.app,
        cookie,
        'Geometry',
        await photoWithCircle(width, height),
      );
      const accepted = await testApp.app.inject({
        method: 'POST',
        url: `/api/projects/${projectId}/transformations`,
        headers: sameOriginHeaders(testApp.app, cookie),
        payload: {
          directives: { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] },
          useElementRegions: false,
        },
      });
      expect(accepted.statusCode).toBe(202);
      const jobId = accepted.json().job.id as string;
      let job = accepted.json().job;
      for (let tries = 0; job.status !== 'done' && job.status !== 'failed' && tries < 300; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = (
          await testApp.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie } })
        ).json();
      }
      expect(job.status).toBe('done');

      // What the model saw: the whole frame at the model's size, the photo's circle still round.
      const sent = fake.imageEdits.at(-1);
      expect(sent?.size).toBe(size);
      const sentImage = sent?.images[0];
      expect(`${sentImage?.width}x${sentImage?.height}`).toBe(size);
      expect(Math.abs((await roundness(sentImage?.data as Buffer, circle)) - 1)).toBeLessThan(0.01);

      // What was stored: the original's size; its circle and the disc the model drew both round.
      const project: Project = (
        await testApp.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })
      ).json();
      const item = project.history.find((entry: HistoryItem) => entry.id === job.resultId);
      expect(item?.transformed).toMatchObject({ width, height });
      const stored = await testApp.app.inject({
        method: 'GET',
        url: item?.transformed.url as string,
        headers: { cookie },
      });
      const metadata = await sharp(stored.rawPayload).metadata();
      expect([metadata.width, metadata.height]).toEqual([width, height]);
      expect(Math.abs((await roundness(stored.rawPayload, circle)) - 1)).toBeLessThan(0.01);
      expect(Math.abs((await roundness(stored.rawPayload, discColour)) - 1)).toBeLessThan(0.01);
    },
  );
});
