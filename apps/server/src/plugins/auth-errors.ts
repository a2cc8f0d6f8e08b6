import type { ErrorCode } from '@facelift/shared';
import { AppError } from '../lib/app-error.ts';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'NOT_AUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_FAILED';
}

/**
 * better-auth answers `{ code, message }`; we answer in our error shape and keep its code in
 * `details.authCode` so the web app can translate "User already exists" and the like.
 */
export function authErrorToAppError(status: number, body: string, rateLimitedMessage: string): AppError {
  if (status === 429) return new AppError('RATE_LIMITED', rateLimitedMessage);
  let authCode: string | undefined;
  let message = 'Sign-in failed';
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string') authCode = parsed.code;
    if (typeof parsed.message === 'string' && parsed.message.length > 0) message = parsed.message;
  } catch {
    // Keep the generic message.
  }
  const code = authCode?.startsWith('USER_ALREADY_EXISTS') ? 'CONFLICT' : codeForStatus(status);
  return new AppError(code, message, authCode ? { authCode } : undefined);
}
