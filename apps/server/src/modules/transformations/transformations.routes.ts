import { jobSchema, transformationAcceptedSchema, transformationRequestSchema } from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobsService } from '../jobs/jobs.service.ts';

/** Transformations are jobs: accepted at once (202) with the cost reserved, followed over SSE. */
export const transformationsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService }> = async (app, { jobs }) => {
  app.post(
    '/api/projects/:projectId/transformations',
    {
      bodyLimit: 48 * 1024 * 1024,
      schema: {
        tags: ['transformations'],
        summary: 'Start a transformation of the project image; progress arrives on the project events stream',
        params: z.object({ projectId: z.string().min(1) }),
        body: transformationRequestSchema,
        response: { 202: transformationAcceptedSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const job = await jobs.createTransformation(user.id, request.params.projectId, request.body);
      return reply.status(202).send({ job });
    },
  );

  app.get(
    '/api/jobs/:jobId',
    {
      schema: {
        tags: ['transformations'],
        summary: 'One job of the signed-in user',
        params: z.object({ jobId: z.string().min(1) }),
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return jobs.getJob(user.id, request.params.jobId);
    },
  );

  app.get(
    '/api/projects/:projectId/jobs',
    {
      schema: {
        tags: ['transformations'],
        summary: 'Recent jobs of a project, newest first (to resume following one after a reload)',
        params: z.object({ projectId: z.string().min(1) }),
        response: { 200: z.object({ jobs: z.array(jobSchema) }) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { jobs: await jobs.listProjectJobs(user.id, request.params.projectId) };
    },
  );
};
