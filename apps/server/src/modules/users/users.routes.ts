import { meResponseSchema, publicConfigSchema } from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ config: Config; users: UsersService }> = async (
  app,
  { config, users },
) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user profile and credit balance; null when signed out',
        response: { 200: meResponseSchema.nullable() },
      },
    },
    // Signed out is a normal state for this question, not an error: the app asks on every page
    // load and a 401 would put an error in the browser console each time.
    async (request) => {
      const user = await request.getSessionUser();
      return user ? users.getProfile(user.id) : null;
    },
  );

  app.get(
    '/api/config',
    { schema: { tags: ['account'], summary: 'Public settings', response: { 200: publicConfigSchema } } },
    async () => ({
      isGoogleSignInEnabled: config.auth.google !== null,
      imageEngine: config.imageEngine.engine,
    }),
  );
};
