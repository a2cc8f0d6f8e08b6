import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { rectangleMask } from './support/masks.ts';
import { type MultipartFile, multipartBody } from './support/multipart.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const width = 96;
const height = 64;

/** A facade: a beige wall on the left half, blue sky on the right. */
function facadeImage(): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 60, g: 120, b: 220 } } })
    .composite([
      {
        input: { create: { width: 48, height, channels: 3, background: { r: 200, g: 185, b: 160 } } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

async function reference(colour: { r: number; g: number; b: number }): Promise<MultipartFile> {
  return {
    field: 'images',
    filename: 'reference.png',
    contentType: 'image/png',
    content: await solidPng(24, 24, colour),
  };
}

async function sendChat(
  testApp: TestApp,
  cookie: string,
  projectId: string,
  fields: Record<string, string>,
  files: MultipartFile[] = [],
) {
  const body = multipartBody(fields, files);
  return testApp.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/chat`,
    headers: { ...sameOriginHeaders(testApp.app, cookie), ...body.headers },
    payload: body.payload,
  });
}

async function waitForJob(testApp: TestApp, cookie: string, jobId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (
      await testApp.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie } })
    ).json();
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function balanceOf(testApp: TestApp, cookie: string): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().balance;
}

async function projectView(testApp: TestApp, cookie: string, projectId: string) {
  return (
    await testApp.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: { cookie } })
  ).json();
}

async function chatFiles(testApp: TestApp, projectFolder: string): Promise<string[]> {
  return readdir(path.join(testApp.dataDirectory, 'files', projectFolder, 'chat')).catch(() => []);
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`chat with the offline engine ${title}`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, { IMAGE_ENGINE: 'local' });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    async function newUserWithProject(email: string, markWalls = true) {
      const { cookie } = await signUp(testApp.app, { email, password: 'password-123' });
      const project = await createProject(testApp.app, cookie, 'Chat test', await facadeImage());
      if (markWalls) {
        const saved = await testApp.app.inject({
          method: 'PUT',
          url: `/api/projects/${project.id}/regions/walls`,
          headers: { ...sameOriginHeaders(testApp.app, cookie), 'content-type': 'image/png' },
          payload: await rectangleMask(width, height, { left: 0, top: 0, right: 48, bottom: height }),
        });
        expect(saved.statusCode).toBe(200);
      }
      return { cookie, project };
    }

    it('holds 1.5 credits, answers with an image and keeps them; the history is kept in order', async () => {
      const { cookie, project } = await newUserWithProject(`image-${dialect}@example.com`);
      const accepted = await sendChat(testApp, cookie, project.id, { text: '  paint the walls sage  ' }, [
        await reference({ r: 150, g: 170, b: 130 }),
        await reference({ r: 250, g: 250, b: 250 }),
      ]);
      expect(accepted.statusCode).toBe(202);
      const { message, job } = accepted.json();
      expect(message.role).toBe('user');
      expect(message.content[0]).toEqual({ type: 'input_text', text: 'paint the walls sage' });
      expect(message.content.filter((item: { type: string }) => item.type === 'input_image')).toHaveLength(2);
      expect(job).toMatchObject({ kind: 'chat', cost: 1.5, projectId: project.id });
      expect(await balanceOf(testApp, cookie)).toBe(3.5);

      const finished = await waitForJob(testApp, cookie, job.id);
      expect(finished).toMatchObject({ status: 'done', cost: 1.5 });
      expect(await balanceOf(testApp, cookie)).toBe(3.5);
      const view = await projectView(testApp, cookie, project.id);
      expect(view.chatHistory.map((entry: { role: string }) => entry.role)).toEqual(['user', 'assistant']);
      const reply = view.chatHistory[1];
      expect(reply.id).toBe(finished.resultId);
      expect(reply.content).toEqual([
        { type: 'input_text', text: 'Painted the walls sage. Everything else is unchanged.' },
      ]);
      expect(reply.image).toMatchObject({ width, height });
      // The reply's image is served to its owner; the sky (outside the walls) is untouched.
      const image = await testApp.app.inject({ method: 'GET', url: reply.image.url, headers: { cookie } });
      expect(image.statusCode).toBe(200);
      const { data, info } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
      const sky = (40 * width + 80) * info.channels;
      expect([data[sky], data[sky + 1], data[sky + 2]]).toEqual([60, 120, 220]);
    });

    it('keeps nothing for a text-only reply, and that reply is no generation of the free tier', async () => {
      const { cookie, project } = await newUserWithProject(`text-${dialect}@example.com`);
      const text = await sendChat(testApp, cookie, project.id, { text: 'add a balcony', language: 'fr' });
      expect(text.statusCode).toBe(202);
      expect(await balanceOf(testApp, cookie)).toBe(3.5);
      const finished = await waitForJob(testApp, cookie, text.json().job.id);
      expect(finished).toMatchObject({ status: 'done', cost: 0 });
      expect(await balanceOf(testApp, cookie)).toBe(5);
      const reply = (await projectView(testApp, cookie, project.id)).chatHistory[1];
      expect(reply.image).toBeNull();
      expect(reply.content[0].text).toMatch(/^Hors ligne, je peux seulement repeindre/);

      // Free tier (2 generations): two image replies are allowed after the text reply, a third is not.
      for (let count = 0; count < 2; count++) {
        const accepted = await sendChat(testApp, cookie, project.id, { text: 'paint the walls white' });
        expect(accepted.statusCode).toBe(202);
        expect((await waitForJob(testApp, cookie, accepted.json().job.id)).status).toBe('done');
      }
      const refused = await sendChat(testApp, cookie, project.id, { text: 'paint the walls red' });
      expect(refused.statusCode).toBe(402);
      // Sales are closed and this account is not the installation's first (admin): sales open soon.
      expect(refused.json().error.message).toBe(
        'The free plan includes 2 generations. Credit sales open soon: you can buy more then.',
      );
      expect(await balanceOf(testApp, cookie)).toBe(2);
      // The refused message was not kept.
      expect((await projectView(testApp, cookie, project.id)).chatHistory).toHaveLength(6);
    });

    it('refuses a fourth reference image, a file that is not an image, and empty text, keeping nothing', async () => {
      const { cookie, project } = await newUserWithProject(`checks-${dialect}@example.com`);
      const grey = await reference({ r: 128, g: 128, b: 128 });
      const four = await sendChat(testApp, cookie, project.id, { text: 'paint the walls sage' }, [
        grey,
        grey,
        grey,
        grey,
      ]);
      expect(four.statusCode).toBe(400);
      expect(four.json().error.message).toBe('You can only upload up to 3 images.');
      const notImage = await sendChat(testApp, cookie, project.id, { text: 'paint the walls sage' }, [
        {
          field: 'images',
          filename: 'evil.png',
          contentType: 'image/png',
          content: Buffer.from('<svg></svg>'),
        },
      ]);
      expect(notImage.statusCode).toBe(415);
      const empty = await sendChat(testApp, cookie, project.id, { text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(await balanceOf(testApp, cookie)).toBe(5);
      expect((await projectView(testApp, cookie, project.id)).chatHistory).toEqual([]);
      expect(
        await chatFiles(
          testApp,
          `users/${(await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().id}/projects/${project.id}`,
        ),
      ).toEqual([]);
    });

    it("keeps the chat its owner's: another account sees, sends and saves nothing", async () => {
      const { cookie, project } = await newUserWithProject(`owner-${dialect}@example.com`);
      const accepted = await sendChat(testApp, cookie, project.id, { text: 'paint the walls sage' });
      const finished = await waitForJob(testApp, cookie, accepted.json().job.id);
      const { cookie: other } = await signUp(testApp.app, {
        email: `other-${dialect}@example.com`,
        password: 'password-123',
      });
      expect(
        (
          await testApp.app.inject({
            method: 'GET',
            url: `/api/projects/${project.id}`,
            headers: { cookie: other },
          })
        ).statusCode,
      ).toBe(404);
      expect((await sendChat(testApp, other, project.id, { text: 'paint the walls red' })).statusCode).toBe(
        404,
      );
      const save = await testApp.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/chat/${finished.resultId}/save`,
        headers: sameOriginHeaders(testApp.app, other),
      });
      expect(save.statusCode).toBe(404);
      const view = await projectView(testApp, cookie, project.id);
      const image = await testApp.app.inject({
        method: 'GET',
        url: view.chatHistory[1].image.url,
        headers: { cookie: other },
      });
      expect(image.statusCode).toBe(404);
      expect(await balanceOf(testApp, other)).toBe(5);
    });

    it('saves a reply image to the project once, as a result usable as the next base; deleting the project deletes the chat files', async () => {
      const { cookie, project } = await newUserWithProject(`save-${dialect}@example.com`);
      const accepted = await sendChat(testApp, cookie, project.id, { text: 'paint the walls sage' }, [
        await reference({ r: 10, g: 200, b: 10 }),
      ]);
      const finished = await waitForJob(testApp, cookie, accepted.json().job.id);
      const save = () =>
        testApp.app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/chat/${finished.resultId}/save`,
          headers: sameOriginHeaders(testApp.app, cookie),
        });
      const first = await save();
      expect(first.statusCode).toBe(201);
      const item = first.json();
      expect(item.prompt).toBe('paint the walls sage');
      expect((await save()).json().id).toBe(item.id);
      const view = await projectView(testApp, cookie, project.id);
      expect(view.history.map((entry: { id: string }) => entry.id)).toEqual([item.id]);
      expect(view.chatHistory[1].savedResultId).toBe(item.id);
      // The saved result is the base of the next chat message.
      const next = await sendChat(testApp, cookie, project.id, {
        text: 'the walls lighter',
        sourceResultId: item.id,
      });
      expect(next.statusCode).toBe(202);
      expect((await waitForJob(testApp, cookie, next.json().job.id)).status).toBe('done');

      const me = (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      const folder = `users/${me.id}/projects/${project.id}`;
      expect((await chatFiles(testApp, folder)).length).toBeGreaterThanOrEqual(6);
      const deleted = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(testApp.app, cookie),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await chatFiles(testApp, folder)).toEqual([]);
    });
  });

  describe.skipIf(!isAvailable)(`chat with the OpenAI engine (fake server) ${title}`, () => {
    let fake: FakeOpenAiServer;
    let testApp: TestApp;
    let cookie: string;
    let projectId: string;

    beforeAll(async () => {
      fake = await startFakeOpenAiServer();
      testApp = await createTestApp(dialect, {
        IMAGE_ENGINE: 'openai',
        OPENAI_API_KEY: fake.apiKey,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MAX_RETRIES: '0',
        OPENAI_TIMEOUT_MS: '5000',
        FREE_TIER_MAX_GENERATIONS: '100',
      });
      ({ cookie } = await signUp(testApp.app, {
        email: `openai-chat-${dialect}@example.com`,
        password: 'password-123',
      }));
      projectId = (await createProject(testApp.app, cookie, 'Chat', await facadeImage())).id;
    });
    afterAll(async () => {
      await testApp?.close();
      await fake?.close();
    });
    beforeEach(() => {
      fake.chatAnswer = 'image';
      fake.responsesCalls.length = 0;
      fake.uploads.length = 0;
    });

    it('sends only the last message with the facade, mask and references, and charges 1.5 for an image', async () => {
      const before = await balanceOf(testApp, cookie);
      await waitForJob(
        testApp,
        cookie,
        (await sendChat(testApp, cookie, projectId, { text: 'first message' })).json().job.id,
      );
      fake.responsesCalls.length = 0;
      fake.uploads.length = 0;
      const mask = await rectangleMask(width, height, { left: 0, top: 0, right: 48, bottom: height });
      const accepted = await sendChat(testApp, cookie, projectId, { text: 'Blue shutters please' }, [
        await reference({ r: 0, g: 0, b: 255 }),
        { field: 'mask', filename: 'mask.png', contentType: 'image/png', content: mask },
      ]);
      expect(accepted.statusCode).toBe(202);
      const finished = await waitForJob(testApp, cookie, accepted.json().job.id);
      expect(finished.status).toBe('done');
      expect(await balanceOf(testApp, cookie)).toBe(before - 3);
      const call = fake.responsesCalls[0];
      expect(call?.body.model).toBe('gpt-4o-mini');
      expect(call?.body.input).toHaveLength(1);
      expect(call?.body.input?.[0]?.content?.[0]).toEqual({
        type: 'input_text',
        text: 'Blue shutters please',
      });
      expect(call?.images).toHaveLength(2);
      expect(call?.body.tools?.[0]).toMatchObject({ type: 'image_generation', quality: 'high' });
      expect(call?.mask?.transparentShare).toBeGreaterThan(0.4);
      expect(fake.uploads.every((upload) => upload.purpose === 'vision' && upload.type === 'image/png')).toBe(
        true,
      );
      const reply = (await projectView(testApp, cookie, projectId)).chatHistory.at(-1);
      expect(reply.content).toEqual([{ type: 'input_text', text: 'Here is the facade.' }]);
      expect(reply.image).not.toBeNull();
    });

    it('charges nothing for text only or no answer, and refunds a provider failure', async () => {
      const before = await balanceOf(testApp, cookie);
      fake.chatAnswer = 'text';
      expect(
        (
          await waitForJob(
            testApp,
            cookie,
            (await sendChat(testApp, cookie, projectId, { text: 'ideas?' })).json().job.id,
          )
        ).cost,
      ).toBe(0);
      fake.chatAnswer = 'nothing';
      expect(
        (
          await waitForJob(
            testApp,
            cookie,
            (await sendChat(testApp, cookie, projectId, { text: 'hello' })).json().job.id,
          )
        ).status,
      ).toBe('done');
      const empty = (await projectView(testApp, cookie, projectId)).chatHistory.at(-1);
      expect(empty).toMatchObject({ role: 'assistant', content: [], image: null });
      expect(await balanceOf(testApp, cookie)).toBe(before);

      fake.chatAnswer = 'image';
      fake.failNext('server-error');
      const failed = await waitForJob(
        testApp,
        cookie,
        (await sendChat(testApp, cookie, projectId, { text: 'paint it' })).json().job.id,
      );
      expect(failed.status).toBe('failed');
      expect(failed.error.code).toBe('ENGINE_BUSY');
      expect(await balanceOf(testApp, cookie)).toBe(before);
      fake.failNext('moderation');
      const refused = await waitForJob(
        testApp,
        cookie,
        (await sendChat(testApp, cookie, projectId, { text: 'paint it' })).json().job.id,
      );
      expect(refused.error.code).toBe('CONTENT_REJECTED');
      expect(await balanceOf(testApp, cookie)).toBe(before);
    });
  });
}
