import type { AddressInfo } from 'node:net';
import type { HistoryItem, Project } from '@facelift/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { MemoryProjectEventBus } from '../src/integrations/project-events/memory-project-event-bus.ts';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import {
  exifWithOrientationAndGps,
  pngDeclaring,
  solidPng,
  twoColourJpeg,
  withExifSegment,
} from './support/image-fixtures.ts';
import { type MultipartFile, multipartBody } from './support/multipart.ts';
import { openEventStream } from './support/sse-client.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createPostgresTestDatabase, testDialects } from './support/test-databases.ts';

let userCounter = 0;
async function newUser(app: FastifyInstance, prefix = 'owner') {
  userCounter += 1;
  const email = `${prefix}-${userCounter}-${Date.now()}@example.com`;
  const { response, cookie } = await signUp(app, { email, password: 'a long password' });
  expect(response.statusCode).toBe(200);
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return { cookie, id: me.json().id as string };
}

function pngFile(content: Buffer, filename = 'facade.png'): MultipartFile {
  return { filename, contentType: 'image/png', content };
}

function createProject(app: FastifyInstance, cookie: string | undefined, name: string, file?: MultipartFile) {
  const { payload, headers } = multipartBody({ name }, file);
  return app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { ...sameOriginHeaders(app, cookie), ...headers },
    payload,
  });
}

function appendHistory(
  app: FastifyInstance,
  cookie: string,
  projectId: string,
  file: MultipartFile,
  prompt = 'p',
) {
  const { payload, headers } = multipartBody({ prompt }, file);
  return app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/history`,
    headers: { ...sameOriginHeaders(app, cookie), ...headers },
    payload,
  });
}

async function fetchFile(app: FastifyInstance, cookie: string | undefined, url: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`projects API ${title}`, () => {
    let testApp: TestApp;
    let app: FastifyInstance;
    let baseUrl: string;

    beforeAll(async () => {
      testApp = await createTestApp(dialect);
      app = testApp.app;
      await app.listen({ host: '127.0.0.1', port: 0 });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('runs the whole lifecycle: create, read, list, rename, history, save, regions, files, delete', async () => {
      const owner = await newUser(app);
      const created = await createProject(
        app,
        owner.cookie,
        '  Maple House ',
        pngFile(await solidPng(64, 48)),
      );
      expect(created.statusCode).toBe(201);
      const project = created.json<Project>();
      expect(project).toMatchObject({ name: 'Maple House', history: [], chatHistory: [], regions: [] });
      expect(project.original).toMatchObject({
        key: `users/${owner.id}/projects/${project.id}/original.png`,
        width: 64,
        height: 48,
      });

      // The original and its thumbnail are served to the owner with the right types and caching.
      const original = await fetchFile(app, owner.cookie, project.original.url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect(original.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect((await sharp(original.rawPayload).metadata()).width).toBe(64);
      const thumbnail = await fetchFile(app, owner.cookie, project.original.thumbnailUrl);
      expect(thumbnail.headers['content-type']).toBe('image/webp');

      const fetched = await app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(fetched.json()).toEqual(project);

      const renamed = await app.inject({
        method: 'PATCH',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
        payload: { name: 'Maple House (north)' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().name).toBe('Maple House (north)');

      // The job pipeline's path: a result PNG stored as generated/{ms}.png.
      const fromJob = await app.services.history.addHistoryItem(owner.id, project.id, {
        transformedImage: await solidPng(64, 48, { r: 10, g: 200, b: 10 }),
        prompt: 'Change only the walls to sage.',
      });
      expect(fromJob.transformed.key).toMatch(
        new RegExp(`^users/${owner.id}/projects/${project.id}/generated/\\d{13}\\.png$`),
      );
      expect(fromJob.original.key).toBe(project.original.key);
      // The browser's path (a chat image saved to the project), based on the first result.
      const { payload, headers } = multipartBody(
        { prompt: 'second', sourceResultId: fromJob.id },
        pngFile(await solidPng(32, 24)),
      );
      const uploaded = await app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/history`,
        headers: { ...sameOriginHeaders(app, owner.cookie), ...headers },
        payload,
      });
      expect(uploaded.statusCode).toBe(201);
      const second = uploaded.json<HistoryItem>();
      expect(second.original.key).toBe(fromJob.transformed.key);

      const saved = await app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/history/${fromJob.id}/save`,
        headers: sameOriginHeaders(app, owner.cookie),
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().savedAt).toEqual(expect.any(String));

      const source = await app.services.history.readSourceImage(owner.id, project.id, fromJob.id);
      expect((await sharp(source.bytes).metadata()).width).toBe(64);

      // Element regions: a mask-contract PNG per element.
      const mask = await sharp({
        create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
      })
        .png()
        .toBuffer();
      const putRegion = await app.inject({
        method: 'PUT',
        url: `/api/projects/${project.id}/regions/walls`,
        headers: { ...sameOriginHeaders(app, owner.cookie), 'content-type': 'image/png' },
        payload: mask,
      });
      expect(putRegion.statusCode).toBe(200);
      expect(putRegion.json().regions).toEqual([
        expect.objectContaining({ element: 'walls', width: 64, height: 48 }),
      ]);
      const replaced = await app.inject({
        method: 'PUT',
        url: `/api/projects/${project.id}/regions/walls`,
        headers: { ...sameOriginHeaders(app, owner.cookie), 'content-type': 'image/png' },
        payload: mask,
      });
      expect(replaced.json().regions).toHaveLength(1);
      const regions = await app.services.regions.readElementRegions(owner.id, project.id);
      expect(Object.keys(regions)).toEqual(['walls']);
      const badRegion = await app.inject({
        method: 'PUT',
        url: `/api/projects/${project.id}/regions/chimney`,
        headers: { ...sameOriginHeaders(app, owner.cookie), 'content-type': 'image/png' },
        payload: mask,
      });
      expect(badRegion.statusCode).toBe(400);

      const message = await app.services.chatMessages.appendChatMessage(owner.id, project.id, {
        role: 'assistant',
        text: 'Here is a sage facade.',
        generatedImage: await solidPng(16, 16),
      });
      expect(message.image?.url).toContain('/chat/');

      const full = (
        await app.inject({
          method: 'GET',
          url: `/api/projects/${project.id}`,
          headers: { cookie: owner.cookie },
        })
      ).json<Project>();
      expect(full.history.map((item) => item.id)).toEqual([second.id, fromJob.id]);
      expect(full.chatHistory).toHaveLength(1);
      expect(full.regions).toHaveLength(1);

      const list = await app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: { cookie: owner.cookie },
      });
      expect(list.json().projects).toEqual([
        expect.objectContaining({
          id: project.id,
          historyCount: 2,
          recentResults: [
            { id: second.id, thumbnailUrl: second.transformed.thumbnailUrl },
            { id: fromJob.id, thumbnailUrl: fromJob.transformed.thumbnailUrl },
          ],
        }),
      ]);

      const folder = `users/${owner.id}/projects/${project.id}/`;
      // original + thumbnail, 2 results × 2, 1 region (the replaced one is gone), chat image × 2
      expect(await app.services.blobStore.list(folder)).toHaveLength(9);

      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await app.services.blobStore.list(folder)).toEqual([]);
      const gone = await app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}`,
        headers: { cookie: owner.cookie },
      });
      expect(gone.statusCode).toBe(404);
      expect((await fetchFile(app, owner.cookie, project.original.url)).statusCode).toBe(404);
      const rows = await app.db
        .selectFrom('project_history_item')
        .select('id')
        .where('project_id', '=', project.id)
        .execute();
      expect(rows).toEqual([]);
    });

    it('keeps every project route and file to its owner: 401 signed out, 404 for another user', async () => {
      const owner = await newUser(app);
      const stranger = await newUser(app, 'stranger');
      const project = (
        await createProject(app, owner.cookie, 'Private', pngFile(await solidPng(20, 20)))
      ).json<Project>();
      const item = await app.services.history.addHistoryItem(owner.id, project.id, {
        transformedImage: await solidPng(20, 20),
        prompt: 'x',
      });
      const mask = await solidPng(20, 20, { r: 0, g: 0, b: 0 });
      const image = pngFile(await solidPng(20, 20));
      const routes: { name: string; request: (cookie?: string) => Promise<LightMyRequestResponse> }[] = [
        {
          name: 'get',
          request: (cookie) =>
            app.inject({
              method: 'GET',
              url: `/api/projects/${project.id}`,
              headers: cookie ? { cookie } : {},
            }),
        },
        {
          name: 'rename',
          request: (cookie) =>
            app.inject({
              method: 'PATCH',
              url: `/api/projects/${project.id}`,
              headers: sameOriginHeaders(app, cookie),
              payload: { name: 'Mine now' },
            }),
        },
        {
          name: 'append history',
          request: (cookie) => {
            const { payload, headers } = multipartBody({ prompt: 'x' }, image);
            return app.inject({
              method: 'POST',
              url: `/api/projects/${project.id}/history`,
              headers: { ...sameOriginHeaders(app, cookie), ...headers },
              payload,
            });
          },
        },
        {
          name: 'save',
          request: (cookie) =>
            app.inject({
              method: 'POST',
              url: `/api/projects/${project.id}/history/${item.id}/save`,
              headers: sameOriginHeaders(app, cookie),
            }),
        },
        {
          name: 'list regions',
          request: (cookie) =>
            app.inject({
              method: 'GET',
              url: `/api/projects/${project.id}/regions`,
              headers: cookie ? { cookie } : {},
            }),
        },
        {
          name: 'put region',
          request: (cookie) =>
            app.inject({
              method: 'PUT',
              url: `/api/projects/${project.id}/regions/roof`,
              headers: { ...sameOriginHeaders(app, cookie), 'content-type': 'image/png' },
              payload: mask,
            }),
        },
        {
          name: 'delete region',
          request: (cookie) =>
            app.inject({
              method: 'DELETE',
              url: `/api/projects/${project.id}/regions/roof`,
              headers: sameOriginHeaders(app, cookie),
            }),
        },
        { name: 'original file', request: (cookie) => fetchFile(app, cookie, project.original.url) },
        { name: 'result file', request: (cookie) => fetchFile(app, cookie, item.transformed.url) },
        {
          name: 'thumbnail file',
          request: (cookie) => fetchFile(app, cookie, item.transformed.thumbnailUrl),
        },
        {
          name: 'delete',
          request: (cookie) =>
            app.inject({
              method: 'DELETE',
              url: `/api/projects/${project.id}`,
              headers: sameOriginHeaders(app, cookie),
            }),
        },
      ];
      for (const route of routes) {
        expect((await route.request()).statusCode, `${route.name} signed out`).toBe(401);
        expect((await route.request(stranger.cookie)).statusCode, `${route.name} by another user`).toBe(404);
      }
      // Creating and listing need a session too; a stranger's list does not show the project.
      expect((await createProject(app, undefined, 'Nope', image)).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
      const strangersList = await app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: { cookie: stranger.cookie },
      });
      expect(strangersList.json().projects).toEqual([]);
      // A path that tries to climb out of the store is just not found.
      const climbing = await fetchFile(
        app,
        stranger.cookie,
        `/api/files/users/${stranger.id}/projects/x/..%2F..%2F..%2Fapp.db`,
      );
      expect(climbing.statusCode).toBe(404);

      // The SSE stream too.
      const signedOut = await openEventStream(`${baseUrl}/api/projects/${project.id}/events`);
      expect(signedOut.status).toBe(401);
      const strangers = await openEventStream(
        `${baseUrl}/api/projects/${project.id}/events`,
        stranger.cookie,
      );
      expect(strangers.status).toBe(404);

      // Nothing changed for the owner.
      const intact = (
        await app.inject({
          method: 'GET',
          url: `/api/projects/${project.id}`,
          headers: { cookie: owner.cookie },
        })
      ).json<Project>();
      expect(intact.name).toBe('Private');
      expect(intact.history.map((entry) => [entry.id, entry.savedAt])).toEqual([[item.id, item.savedAt]]);
      expect(intact.regions).toEqual([]);
      expect((await fetchFile(app, owner.cookie, project.original.url)).statusCode).toBe(200);
    });

    it('refuses hostile uploads with clear codes, stays up and keeps no file', async () => {
      const owner = await newUser(app);
      const goodJpeg = await twoColourJpeg(64, 64);
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const hostile: { name: string; file: MultipartFile; code: string; status: number }[] = [
        {
          name: 'truncated JPEG',
          file: {
            filename: 'cut.jpg',
            contentType: 'image/jpeg',
            content: goodJpeg.subarray(0, goodJpeg.length / 2),
          },
          code: 'INVALID_IMAGE',
          status: 422,
        },
        {
          name: '100,000 × 100,000 PNG',
          file: pngFile(pngDeclaring(100_000, 100_000)),
          code: 'IMAGE_TOO_LARGE',
          status: 413,
        },
        {
          name: 'text named .png',
          file: pngFile(Buffer.from('just some text, not an image')),
          code: 'UNSUPPORTED_MEDIA_TYPE',
          status: 415,
        },
        {
          name: 'SVG',
          file: { filename: 'x.svg', contentType: 'image/svg+xml', content: svg },
          code: 'UNSUPPORTED_MEDIA_TYPE',
          status: 415,
        },
        { name: 'zero bytes', file: pngFile(Buffer.alloc(0)), code: 'INVALID_IMAGE', status: 422 },
        {
          name: '25 MB file',
          file: pngFile(Buffer.concat([pngDeclaring(10, 10), Buffer.alloc(25 * 1024 * 1024, 7)])),
          code: 'PAYLOAD_TOO_LARGE',
          status: 413,
        },
      ];
      for (const { name, file, code, status } of hostile) {
        const response = await createProject(app, owner.cookie, name, file);
        expect(response.statusCode, name).toBe(status);
        expect(response.json().error.code, name).toBe(code);
        expect(response.json().error.message, name).toMatch(/\w/);
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
      // No file at all: the message the browser shows for it.
      const missing = await createProject(app, owner.cookie, 'No file');
      expect(missing.statusCode).toBe(400);
      const list = await app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: { cookie: owner.cookie },
      });
      expect(list.json().projects).toEqual([]);
      expect(await app.services.blobStore.list(`users/${owner.id}/`)).toEqual([]);

      // The same checks guard appended history.
      const project = (
        await createProject(app, owner.cookie, 'Kept', pngFile(await solidPng(8, 8)))
      ).json<Project>();
      const refused = await appendHistory(
        app,
        owner.cookie,
        project.id,
        pngFile(pngDeclaring(100_000, 100_000)),
      );
      expect(refused.json().error.code).toBe('IMAGE_TOO_LARGE');
      expect(await app.services.blobStore.list(`users/${owner.id}/projects/${project.id}/`)).toHaveLength(2);
    });

    it('applies the EXIF orientation and strips every metadata block, GPS included', async () => {
      const owner = await newUser(app);
      const upload = withExifSegment(await twoColourJpeg(40, 20), exifWithOrientationAndGps(6));
      const before = await sharp(upload).metadata();
      expect(before).toMatchObject({ width: 40, height: 20, orientation: 6 });
      expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS pointer tag
      const response = await createProject(app, owner.cookie, 'Rotated', {
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
        content: upload,
      });
      expect(response.statusCode).toBe(201);
      const project = response.json<Project>();
      expect(project.original).toMatchObject({ width: 20, height: 40 });
      // A JPEG photo stays a JPEG, re-encoded once (docs/decisions/103-storage-and-job-path.md).
      expect(project.original.key).toBe(`users/${owner.id}/projects/${project.id}/original.jpg`);
      const served = await fetchFile(app, owner.cookie, project.original.url);
      expect(served.headers['content-type']).toBe('image/jpeg');
      const stored = served.rawPayload;
      const after = await sharp(stored).metadata();
      expect(after).toMatchObject({ format: 'jpeg', width: 20, height: 40, chromaSubsampling: '4:4:4' });
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from('Exif'))).toBe(false);
      // Orientation 6 turns the image a quarter clockwise: the red left half is now on top.
      const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [
        ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
      ];
      expect(pixel(10, 5)[0]).toBeGreaterThan(200);
      expect(pixel(10, 35)[2]).toBeGreaterThan(200);
      const thumbnail = await sharp(
        (await fetchFile(app, owner.cookie, project.original.thumbnailUrl)).rawPayload,
      ).metadata();
      expect(thumbnail.exif).toBeUndefined();
    });

    it('searches projects by a part of the name, ignoring case, newest first', async () => {
      const owner = await newUser(app);
      const image = pngFile(await solidPng(8, 8));
      for (const name of ['Maple House', 'Oak Villa', 'old maple barn', '100% brick']) {
        expect((await createProject(app, owner.cookie, name, image)).statusCode).toBe(201);
      }
      const search = async (text: string) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/projects?search=${encodeURIComponent(text)}`,
            headers: { cookie: owner.cookie },
          })
        )
          .json()
          .projects.map((project: { name: string }) => project.name);
      expect(await search('MAPLE')).toEqual(['old maple barn', 'Maple House']);
      expect(await search('villa')).toEqual(['Oak Villa']);
      expect(await search('%')).toEqual(['100% brick']);
      expect(await search('_')).toEqual([]);
      expect(await search('')).toHaveLength(4);
    });

    it('shows every write in the next list at once (lists are kept between writes)', async () => {
      const owner = await newUser(app);
      const image = pngFile(await solidPng(8, 8));
      const list = async () =>
        (await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: owner.cookie } }))
          .json()
          .projects.map(
            (project: Project & { historyCount: number }) => `${project.name}:${project.historyCount}`,
          );
      expect(await list()).toEqual([]);
      const first = (await createProject(app, owner.cookie, 'First', image)).json<Project>();
      expect(await list()).toEqual(['First:0']);
      expect(await list()).toEqual(['First:0']);
      const second = (await createProject(app, owner.cookie, 'Second', image)).json<Project>();
      expect(await list()).toEqual(['Second:0', 'First:0']);
      const renamed = await app.inject({
        method: 'PATCH',
        url: `/api/projects/${first.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
        payload: { name: 'First, renamed' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(await list()).toEqual(['Second:0', 'First, renamed:0']);
      expect((await appendHistory(app, owner.cookie, second.id, image)).statusCode).toBe(201);
      expect(await list()).toEqual(['Second:1', 'First, renamed:0']);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/projects/${first.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await list()).toEqual(['Second:1']);
    });

    it('hides a deleted project at once even when its files cannot be removed, and logs it', async () => {
      const owner = await newUser(app);
      const project = (
        await createProject(app, owner.cookie, 'Sticky files', pngFile(await solidPng(8, 8)))
      ).json<Project>();
      const folder = `users/${owner.id}/projects/${project.id}/`;
      const deletePrefix = vi
        .spyOn(app.services.blobStore, 'deletePrefix')
        .mockRejectedValueOnce(new Error('storage unavailable'));
      const logged = vi.spyOn(app.log, 'error');
      try {
        const deleted = await app.inject({
          method: 'DELETE',
          url: `/api/projects/${project.id}`,
          headers: sameOriginHeaders(app, owner.cookie),
        });
        expect(deleted.statusCode).toBe(204);
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ prefix: folder }),
          'project files not deleted',
        );
      } finally {
        deletePrefix.mockRestore();
        logged.mockRestore();
      }
      // The files are still there, but nothing reaches them.
      expect(await app.services.blobStore.list(folder)).toHaveLength(2);
      expect((await fetchFile(app, owner.cookie, project.original.url)).statusCode).toBe(404);
      const list = await app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: { cookie: owner.cookie },
      });
      expect(list.json().projects).toEqual([]);
    });

    it('refuses to create a project without credits', async () => {
      const owner = await newUser(app);
      await app.db.deleteFrom('credit_entry').where('user_id', '=', owner.id).execute();
      const response = await createProject(app, owner.cookie, 'Broke', pngFile(await solidPng(8, 8)));
      expect(response.statusCode).toBe(402);
      expect(response.json().error).toMatchObject({ code: 'NO_CREDITS', message: 'No credits available' });
    });

    it('pushes project changes over SSE to every open stream', async () => {
      const owner = await newUser(app);
      const project = (
        await createProject(app, owner.cookie, 'Live', pngFile(await solidPng(16, 16)))
      ).json<Project>();
      const url = `${baseUrl}/api/projects/${project.id}/events`;
      const first = await openEventStream(url, owner.cookie);
      const second = await openEventStream(url, owner.cookie);
      expect(first.status).toBe(200);
      expect(first.contentType).toMatch(/^text\/event-stream/);

      const added = await appendHistory(
        app,
        owner.cookie,
        project.id,
        pngFile(await solidPng(16, 16)),
        'new result',
      );
      const item = added.json<HistoryItem>();
      for (const stream of [first, second]) {
        const event = await stream.next((candidate) => candidate.type === 'history.added');
        expect(event).toEqual({ type: 'history.added', projectId: project.id, item });
      }
      await app.services.projects.publish({
        type: 'job.updated',
        projectId: project.id,
        job: {
          id: 'job-1',
          kind: 'transformation',
          projectId: project.id,
          status: 'running',
          version: 1,
          prompt: 'p',
          cost: 1,
          createdAt: new Date().toISOString(),
          startedAt: null,
          finishedAt: null,
          resultId: null,
          error: null,
        },
      });
      expect(await first.next((event) => event.type === 'job.updated')).toMatchObject({
        job: { status: 'running' },
      });
      await app.inject({
        method: 'PATCH',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
        payload: { name: 'Live (renamed)' },
      });
      expect(await second.next((event) => event.type === 'project.renamed')).toMatchObject({
        name: 'Live (renamed)',
      });
      second.close();
      // A client that goes away is unsubscribed.
      if (app.services.projectEvents instanceof MemoryProjectEventBus) {
        const bus = app.services.projectEvents;
        await expect.poll(() => bus.subscriberCount(project.id)).toBe(1);
      }
      await app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
      });
      expect(await first.next((event) => event.type === 'project.deleted')).toEqual({
        type: 'project.deleted',
        projectId: project.id,
      });
      first.close();
      if (app.services.projectEvents instanceof MemoryProjectEventBus) {
        const bus = app.services.projectEvents;
        await expect.poll(() => bus.subscriberCount(project.id)).toBe(0);
      }
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'project events across two instances on one PostgreSQL',
  () => {
    it('delivers a change made through one instance to the SSE clients of the other', async () => {
      const database = await createPostgresTestDatabase();
      if (database.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
      const { mkdtemp, rm } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const path = await import('node:path');
      const dataDirectory = await mkdtemp(path.join(tmpdir(), 'facelift-two-instances-'));
      const environment = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDirectory,
        DATABASE_URL: database.database.url,
        AUTH_SECRET: 'a-shared-secret-for-both-instances-0123456789',
        PUBLIC_URL: 'http://127.0.0.1:3000',
        WEB_DIST_DIR: path.join(dataDirectory, 'web-dist'),
      };
      const writer = await buildApp(loadConfig(environment), { logger: false });
      const reader = await buildApp(loadConfig(environment), { logger: false });
      try {
        await writer.ready();
        await reader.listen({ host: '127.0.0.1', port: 0 });
        expect(writer.services.projectEvents.name).toBe('postgres');
        const owner = await newUser(writer);
        const project = (
          await createProject(writer, owner.cookie, 'Shared', pngFile(await solidPng(16, 16)))
        ).json<Project>();
        const port = (reader.server.address() as AddressInfo).port;
        const stream = await openEventStream(
          `http://127.0.0.1:${port}/api/projects/${project.id}/events`,
          owner.cookie,
        );
        expect(stream.status).toBe(200);
        const added = await appendHistory(writer, owner.cookie, project.id, pngFile(await solidPng(16, 16)));
        expect(added.statusCode).toBe(201);
        const event = await stream.next((candidate) => candidate.type === 'history.added');
        expect(event).toMatchObject({ projectId: project.id, item: { id: added.json().id } });
        stream.close();
      } finally {
        await reader.close();
        await writer.close();
        await database.dispose();
        await rm(dataDirectory, { recursive: true, force: true });
      }
    });
  },
);

describe('projects on the S3 file store (s3rver)', () => {
  it('stores a project in the bucket, serves it and deletes every object', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    // @ts-expect-error s3rver ships no types
    const { default: S3rver } = await import('s3rver');
    const directory = await mkdtemp(path.join(tmpdir(), 'facelift-s3rver-'));
    const server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory,
      configureBuckets: [{ name: 'facelift-projects' }],
    });
    const address = (await server.run()) as AddressInfo;
    const testApp = await createTestApp('sqlite', {
      S3_BUCKET: 'facelift-projects',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      const { app } = testApp;
      expect(app.services.blobStore.name).toBe('s3');
      const owner = await newUser(app);
      const project = (
        await createProject(app, owner.cookie, 'In a bucket', pngFile(await solidPng(12, 10)))
      ).json<Project>();
      await app.services.history.addHistoryItem(owner.id, project.id, {
        transformedImage: await solidPng(12, 10),
        prompt: 'p',
      });
      const folder = `users/${owner.id}/projects/${project.id}/`;
      expect(await app.services.blobStore.list(folder)).toHaveLength(4);
      const original = await fetchFile(app, owner.cookie, project.original.url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      expect((await sharp(original.rawPayload).metadata()).width).toBe(12);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, owner.cookie),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await app.services.blobStore.list(folder)).toEqual([]);
    } finally {
      await testApp.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
