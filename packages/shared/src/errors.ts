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
  'INTERNAL_ERROR',
  // The image engine cannot serve this request (the local engine asked for a redesign, say).
  'ENGINE_UNSUPPORTED',
  // The image provider refused the content of the request (moderation).
  'CONTENT_REJECTED',
  // The image provider failed: bad key, quota, outage, timeout or an empty answer.
  'ENGINE_FAILED',
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
