import type { ErrorCode } from '@facelift/shared';

/** HTTP status for every error code: the single place where codes meet HTTP. */
export const statusByErrorCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  NO_CREDITS: 402,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_FULL: 507,
  INTERNAL_ERROR: 500,
  ENGINE_UNSUPPORTED: 422,
  CONTENT_REJECTED: 422,
  ENGINE_FAILED: 502,
  ENGINE_KEY_REJECTED: 502,
  ENGINE_BUSY: 503,
  AREA_NOT_MARKED: 422,
  IMAGE_TOO_LARGE: 413,
  INVALID_IMAGE: 422,
};

/** The one error type services throw; the error handler turns it into a response. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return statusByErrorCode[this.code];
  }
}

/** Fallback code for errors raised by Fastify or its plugins, which carry only a status. */
export function errorCodeForStatus(status: number): ErrorCode {
  const match = (Object.entries(statusByErrorCode) as [ErrorCode, number][]).find(
    ([, value]) => value === status,
  );
  if (match) return match[0];
  return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
}
