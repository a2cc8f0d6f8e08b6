import {
  elementRegionSchema,
  historyItemSchema,
  type ProjectEvent,
  projectListQuerySchema,
  projectListResponseSchema,
  projectNameSchema,
  projectSchema,
  regionElements,
  renameProjectSchema,
} from '@facelift/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ProjectEventBus } from '../../integrations/project-events/project-event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import { multipartPlugin } from '../../plugins/multipart.plugin.ts';
import type { HistoryService } from './history.service.ts';
import { readMultipartUpload } from './multipart-upload.ts';
import type { ProjectsService } from './projects.service.ts';
import type { RegionsService } from './regions.service.ts';

const projectParams = z.object({ projectId: z.string().min(1).max(100) });
const historyItemParams = projectParams.extend({ itemId: z.string().min(1).max(100) });
const regionParams = projectParams.extend({ element: z.enum(regionElements) });
const regionsResponse = z.object({ regions: z.array(elementRegionSchema) });
const heartbeatMs = 25_000;
/**
 * Live-update streams one account may hold open on one instance: plenty for every tab a person
 * uses, and a ceiling on the connections and memory one account can take.
 */
export const maxEventStreamsPerAccount = 12;

function readName(value: string | undefined): string {
  const parsed = projectNameSchema.safeParse(value ?? '');
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'Give the project a name.');
  return parsed.data;
}

/** The project API (docs/product.md, Accounts): owner-only, another user's project is a 404. */
export interface ProjectsRoutesOptions {
  config: Config;
  projects: ProjectsService;
  history: HistoryService;
  regions: RegionsService;
  projectEvents: ProjectEventBus;
}

export const projectsRoutes: FastifyPluginAsyncZod<ProjectsRoutesOptions> = async (
  app,
  { config, projects, history, regions, projectEvents },
) => {
  const maxBytes = config.uploads.maxBytes;

  // Region masks arrive as a raw PNG body (the mask editor's canvas blob).
  app.addContentTypeParser('image/png', { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) =>
    done(null, body),
  );

  // Uploads arrive as multipart forms. The parser is registered for these routes only:
  // @fastify/multipart adds two hooks to every request of its scope (for files saved to disk,
  // which this app never does), a cost every read paid (docs/decisions/120-lean-request-path.md).
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipartPlugin, { maxFileBytes: maxBytes });

    uploads.post(
      '/api/projects',
      {
        schema: {
          tags: ['projects'],
          summary: 'Create a project from a name and its original photo (multipart: name, image)',
          consumes: ['multipart/form-data'],
          response: { 201: projectSchema },
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        const upload = await readMultipartUpload(request, maxBytes);
        const name = readName(upload.fields.name);
        if (!upload.file) throw new AppError('VALIDATION_FAILED', 'Please select an image file');
        const project = await projects.createProject(user.id, { name, image: upload.file });
        return reply.status(201).send(project);
      },
    );

    uploads.post(
      '/api/projects/:projectId/history',
      {
        schema: {
          tags: ['projects'],
          summary: 'Append an image to the history (multipart: image, prompt, sourceResultId?)',
          consumes: ['multipart/form-data'],
          params: projectParams,
          response: { 201: historyItemSchema },
        },
      },
      async (request, reply) => {
        const user = await request.requireUser();
        // The project is checked before the body is read: nobody uploads into another's project.
        await projects.requireProject(user.id, request.params.projectId);
        const upload = await readMultipartUpload(request, maxBytes);
        if (!upload.file) throw new AppError('VALIDATION_FAILED', 'Please select an image file');
        const item = await history.addUploadedHistoryItem(user.id, request.params.projectId, {
          image: upload.file,
          prompt: (upload.fields.prompt ?? '').slice(0, 8000),
          sourceResultId: upload.fields.sourceResultId || null,
        });
        return reply.status(201).send(item);
      },
    );
  });

  app.get(
    '/api/projects',
    {
      schema: {
        tags: ['projects'],
        summary: "The signed-in user's projects, newest first, optionally searched by name",
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { projects: await projects.listProjects(user.id, request.query.search) };
    },
  );

  app.get(
    '/api/projects/:projectId',
    {
      schema: {
        tags: ['projects'],
        summary: 'One project: original, history, chat and regions',
        params: projectParams,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return projects.getProject(user.id, request.params.projectId);
    },
  );

  app.patch(
    '/api/projects/:projectId',
    {
      schema: {
        tags: ['projects'],
        summary: 'Rename a project',
        params: projectParams,
        body: renameProjectSchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return projects.renameProject(user.id, request.params.projectId, request.body.name);
    },
  );

  app.delete(
    '/api/projects/:projectId',
    {
      schema: {
        tags: ['projects'],
        summary: 'Delete a project with every file it has',
        params: projectParams,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await projects.deleteProject(user.id, request.params.projectId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/projects/:projectId/history/:itemId/save',
    {
      schema: {
        tags: ['projects'],
        summary:
          'Save a result to the project ("Save generated", docs/product.md, Studio and preview); idempotent',
        params: historyItemParams,
        response: { 200: historyItemSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return history.saveHistoryItem(user.id, request.params.projectId, request.params.itemId);
    },
  );

  app.get(
    '/api/projects/:projectId/regions',
    {
      schema: {
        tags: ['projects'],
        summary: 'The element regions saved on the project',
        params: projectParams,
        response: { 200: regionsResponse },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { regions: await regions.listElementRegions(user.id, request.params.projectId) };
    },
  );

  app.put(
    '/api/projects/:projectId/regions/:element',
    {
      schema: {
        tags: ['projects'],
        summary: "Save one element's region: a mask-contract PNG as the body (image/png)",
        consumes: ['image/png'],
        params: regionParams,
        response: { 200: regionsResponse },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the region as an image/png body.');
      }
      const { projectId, element } = request.params;
      return { regions: await regions.saveElementRegion(user.id, projectId, element, request.body) };
    },
  );

  app.delete(
    '/api/projects/:projectId/regions/:element',
    {
      schema: {
        tags: ['projects'],
        summary: "Remove one element's region",
        params: regionParams,
        response: { 200: regionsResponse },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { projectId, element } = request.params;
      return { regions: await regions.deleteElementRegion(user.id, projectId, element) };
    },
  );

  const openStreams = new Set<() => void>();
  const streamsPerUser = new Map<string, number>();
  app.addHook('preClose', async () => {
    for (const close of openStreams) close();
  });

  app.get(
    '/api/projects/:projectId/events',
    {
      schema: {
        tags: ['projects'],
        summary: 'Server-sent events: project changes and job progress (ProjectEvent in @facelift/shared)',
        params: projectParams,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { projectId } = request.params;
      await projects.requireProject(user.id, projectId);
      const openForUser = streamsPerUser.get(user.id) ?? 0;
      if (openForUser >= maxEventStreamsPerAccount) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many open live-update connections. Close a few tabs and try again.',
        );
      }
      streamsPerUser.set(user.id, openForUser + 1);

      reply.hijack();
      const stream = reply.raw;
      const send = (event: ProjectEvent) => {
        stream.write(`data: ${JSON.stringify(event)}\n\n`);
        if (event.type === 'project.deleted') close();
      };
      const unsubscribe = projectEvents.subscribe(projectId, send);
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), heartbeatMs);
      let isClosed = false;
      function close() {
        if (isClosed) return;
        isClosed = true;
        const left = (streamsPerUser.get(user.id) ?? 1) - 1;
        if (left > 0) streamsPerUser.set(user.id, left);
        else streamsPerUser.delete(user.id);
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(close);
        stream.end();
      }
      openStreams.add(close);
      // The response closes when the client goes away (tab closed, EventSource.close()).
      stream.on('close', close);
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // Subscribed before the headers go out: once a client sees them, it misses nothing.
      stream.write('retry: 3000\n: connected\n\n');
    },
  );
};
