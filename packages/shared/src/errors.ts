/**
 * Stable error codes carried on the wire. The server maps each to an HTTP status;
 * the web app translates by code and falls back to the English message.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'NO_CREDITS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  // The file store has no room left (a full disk or quota): nothing was saved.
  'STORAGE_FULL',
  'INTERNAL_ERROR',
  // The image engine cannot serve this request (the local engine asked for a redesign, say).
  'ENGINE_UNSUPPORTED',
  // The image provider refused the content of the request (moderation).
  'CONTENT_REJECTED',
  // The image provider failed in a way nobody can act on: an empty or unreadable answer.
  'ENGINE_FAILED',
  // The image provider refused the server's key or account: bad key, no access, no quota.
  'ENGINE_KEY_REJECTED',
  // The image provider is busy, down, unreachable or too slow: trying again later may work.
  'ENGINE_BUSY',
  // The request needs a marked or painted area that is not there.
  'AREA_NOT_MARKED',
  // An uploaded image has more pixels than allowed (checked from its header, before decoding).
  'IMAGE_TOO_LARGE',
  // An uploaded file claims to be an image but cannot be read: empty, truncated or corrupt.
  'INVALID_IMAGE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The JSON body of every error response. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; requestId?: string; details?: unknown };
}

/**
 * Lets a schema rule answer with its own error code instead of VALIDATION_FAILED (a zod
 * refinement's `params`): the browser shows that code's hint, as if a service had refused.
 */
/* @__NO_SIDE_EFFECTS__ */
export function errorCodeParams(code: ErrorCode): { errorCode: ErrorCode } {
  return { errorCode: code };
}

/** The error code a failed schema rule asked for with `errorCodeParams`, if any. */
export function errorCodeOfRule(params: unknown): ErrorCode | null {
  if (!params || typeof params !== 'object' || !('errorCode' in params)) return null;
  const code = params.errorCode;
  return typeof code === 'string' && (errorCodes as readonly string[]).includes(code)
    ? (code as ErrorCode)
    : null;
}
