import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/**
 * multipart/form-data for the routes that take uploads (project originals, history images,
 * chat attachments), registered in their scope only: @fastify/multipart hooks every request of
 * its scope (docs/decisions/120-lean-request-path.md). Parts are read into memory by the route
 * that expects them, each with its own byte limit; nothing touches disk.
 */
export const multipartPlugin = fp<{ maxFileBytes: number }>(
  async (app, { maxFileBytes }) => {
    await app.register(multipart, {
      limits: { fileSize: maxFileBytes, files: 4, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
  },
  { name: 'multipart' },
);
