import { type ApiErrorBody, errorCodeOfRule } from '@facelift/shared';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailableMessage, isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { AppError, errorCodeForStatus } from '../lib/app-error.ts';

/** The first failed rule that asked for its own error code, as the AppError it stands for. */
function ruleError(issues: readonly { message?: string; params: unknown }[]): AppError | null {
  for (const issue of issues) {
    const code = errorCodeOfRule((issue.params as { params?: unknown }).params);
    if (code) return new AppError(code, issue.message ?? code);
  }
  return null;
}

/**
 * The one error handler: AppErrors keep their code and message, request validation
 * failures list the bad fields, and anything unexpected is logged with the request id
 * and answered with a generic message so that no internal detail leaks.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      const requestId = request.id;
      let body: ApiErrorBody;
      let status: number;
      const rule = hasZodFastifySchemaValidationErrors(error) ? ruleError(error.validation) : null;
      if (error instanceof AppError) {
        status = error.statusCode;
        body = { error: { code: error.code, message: error.message, requestId, details: error.details } };
      } else if (rule) {
        // A shared-schema rule that names its own code (errorCodeParams) answers like a service would.
        status = rule.statusCode;
        body = { error: { code: rule.code, message: rule.message, requestId } };
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        status = 400;
        const details = error.validation.map((issue) => ({
          path: issue.instancePath,
          message: issue.message,
        }));
        body = {
          error: { code: 'VALIDATION_FAILED', message: 'The request is not valid.', requestId, details },
        };
      } else if (isDatabaseUnavailable(error)) {
        // The database is unreachable for a moment: say so, not "internal error" (docs/decisions/113-faults.md).
        status = 503;
        body = { error: { code: 'SERVICE_UNAVAILABLE', message: databaseUnavailableMessage, requestId } };
      } else {
        status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
        const isClientError = status < 500;
        body = {
          error: {
            code: errorCodeForStatus(status),
            message: isClientError ? error.message : 'Internal server error',
            requestId,
          },
        };
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.error.code, status }, 'request refused');
      return reply.status(status).send(body);
    });
  },
  { name: 'error-handler' },
);
