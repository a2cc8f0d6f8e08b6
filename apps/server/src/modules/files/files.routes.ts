import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentTypeForKey } from '../../integrations/blob-store/blob-store.ts';
import type { ProjectFilesService } from '../projects/project-files.service.ts';

/**
 * Serves project files to their owner only (docs/product.md, Accounts). Keys never change content
 * (new results get new names), so browsers may keep them for a year, privately.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ projectFiles: ProjectFilesService }> = async (
  app,
  { projectFiles },
) => {
  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['projects'],
        summary: 'A project file (original, result, thumbnail, region), for its owner only',
        params: z.object({ '*': z.string().min(1).max(500) }),
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const key = request.params['*'];
      const file = await projectFiles.openFile(user.id, key);
      return reply
        .header('content-type', contentTypeForKey(key))
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(file.stream);
    },
  );
};
