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
        summary: 'The signed-in user profile and credit balance',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return users.getProfile(user.id);
    },
  );

  app.get(
    '/api/config',
    { schema: { tags: ['account'], summary: 'Public settings', response: { 200: publicConfigSchema } } },
    async () => ({ isGoogleSignInEnabled: config.auth.google !== null }),
  );
};
