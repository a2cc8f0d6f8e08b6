import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is never
 * cached so a deploy is picked up at once. Any unknown non-API GET answers with the app
 * (SPA fallback) so deep links work; unknown API paths get a JSON 404. Source maps stay on
 * disk for error reports and are never served (docs/decisions/104-app-shell.md); a missing
 * asset is a 404, not the app.
 */
export const webAppPlugin = fp<{ distDirectory: string }>(
  async (app, { distDirectory }) => {
    const hasBuild = existsSync(path.join(distDirectory, 'index.html'));
    if (!hasBuild) app.log.warn({ distDirectory }, 'web app not built: run `npm run build`');
    else {
      await app.register(fastifyStatic, {
        root: distDirectory,
        wildcard: true,
        index: 'index.html',
        allowedPath: (pathName) => !pathName.endsWith('.map'),
        setHeaders(response, filePath) {
          const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          response.header(
            'Cache-Control',
            isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      const isAsset = request.url.startsWith('/assets/');
      if (isApi || isAsset || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
        throw new AppError('NOT_FOUND', 'Not found');
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
