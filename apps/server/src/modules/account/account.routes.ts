import { deleteAccountRequestSchema } from '@facelift/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import type { AccountService } from './account.service.ts';

/** A Google-only account confirms deletion by having signed in this recently. */
const freshSignInMs = 10 * 60_000;

/** Download my data and delete my account (docs/decisions/026-account-deletion-and-export.md). */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get(
    '/api/account/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Download my data: a zip of every file, the projects, their history and the credits',
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const zip = await account.exportData(user.id);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="facelift-data-${day}.zip"`)
        .send(zip);
    },
  );

  app.post(
    '/api/account/delete',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete my account and everything in it (password, or a fresh Google sign-in, to confirm)',
        body: deleteAccountRequestSchema,
      },
      // Each attempt checks a password: a handful a minute per account is plenty.
      config: {
        rateLimit: {
          max: 5,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'),
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const context = await app.auth.$context;
      const credential = await context.internalAdapter.findCredentialAccount(user.id);
      if (credential?.password) {
        const password = request.body.password ?? '';
        if (!password || !(await context.password.verify({ password, hash: credential.password }))) {
          throw new AppError('FORBIDDEN', 'The password is not right.', { reason: 'WRONG_PASSWORD' });
        }
      } else {
        const session = await app.auth.api.getSession({
          headers: new Headers({ cookie: request.headers.cookie ?? '' }),
        });
        const signedInAt = session ? new Date(session.session.createdAt).getTime() : 0;
        if (Date.now() - signedInAt > freshSignInMs) {
          throw new AppError(
            'FORBIDDEN',
            'Sign in with Google again, then delete the account within 10 minutes.',
            {
              reason: 'SIGN_IN_AGAIN',
            },
          );
        }
      }
      await account.deleteAccount(user.id);
      await app.forgetSessions();
      return reply.status(204).send();
    },
  );
};
