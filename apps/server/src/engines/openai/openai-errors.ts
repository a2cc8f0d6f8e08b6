import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { AppError } from '../../lib/app-error.ts';

/** Provider codes meaning the safety system refused the prompt or image (OpenAI's documented error codes). */
const moderationCodes = new Set([
  'moderation_blocked',
  'image_content_policy_violation',
  'content_policy_violation',
]);

/** Removes anything shaped like an API key from provider text before it is shown or logged. */
export function redactSecrets(text: string): string {
  return text.replace(/\b(sk|rk|pk)-[A-Za-z0-9_*\-.]{4,}/g, '[redacted]');
}

/**
 * Turns an error from the OpenAI SDK into an AppError saying what happened; the code carries
 * what to do about it, which the web app adds as the hint (docs/decisions/082-hints-by-cause.md),
 * so no message here ends with advice. Authentication messages are never passed through: the
 * provider echoes part of the key.
 */
export function mapOpenAiError(error: unknown, timeoutMs: number, attempts = 1): AppError {
  if (error instanceof AppError) return error;
  const details = (extra: Record<string, unknown> = {}) => ({ engine: 'openai', ...extra });
  if (error instanceof APIUserAbortError) {
    return new AppError(
      'ENGINE_FAILED',
      'The image edit was cancelled before the image service answered.',
      details({ reason: 'aborted' }),
    );
  }
  if (error instanceof APIConnectionTimeoutError) {
    const seconds = Math.round(timeoutMs / 1000);
    return new AppError(
      'ENGINE_BUSY',
      attempts > 1
        ? `The image service did not answer within ${seconds} seconds, ${attempts} times in a row.`
        : `The image service did not answer within ${seconds} seconds.`,
      details({ reason: 'timeout', retryable: true }),
    );
  }
  if (error instanceof APIConnectionError) {
    return new AppError(
      'ENGINE_BUSY',
      'The image service could not be reached.',
      details({ reason: 'connection', retryable: true }),
    );
  }
  if (error instanceof APIError) {
    const status = error.status;
    const code = typeof error.code === 'string' ? error.code : null;
    const providerMessage = redactSecrets(error.message ?? '');
    if (code && moderationCodes.has(code)) {
      return new AppError(
        'CONTENT_REJECTED',
        "The image service's safety system refused this request.",
        details({ reason: 'moderation', status, providerCode: code }),
      );
    }
    if (error instanceof AuthenticationError) {
      return new AppError(
        'ENGINE_KEY_REJECTED',
        "The image service rejected the server's API key.",
        details({ reason: 'authentication', status }),
      );
    }
    if (error instanceof PermissionDeniedError) {
      return new AppError(
        'ENGINE_KEY_REJECTED',
        'The image service refused access for this API key (the organisation may need verification for gpt-image-1).',
        details({ reason: 'permission', status }),
      );
    }
    if (error instanceof RateLimitError) {
      const isQuota = code === 'insufficient_quota';
      return new AppError(
        isQuota ? 'ENGINE_KEY_REJECTED' : 'ENGINE_BUSY',
        isQuota
          ? 'The image service account has run out of quota.'
          : 'The image service is busy (rate limit reached).',
        details({ reason: isQuota ? 'quota' : 'rate_limited', status, retryable: !isQuota }),
      );
    }
    if (typeof status === 'number' && status >= 500) {
      return new AppError(
        'ENGINE_BUSY',
        'The image service had an internal error.',
        details({ reason: 'provider_error', status, retryable: true }),
      );
    }
    return new AppError(
      'ENGINE_FAILED',
      `The image service refused the request: ${providerMessage || `HTTP ${status}`}`,
      details({ reason: 'rejected', status, providerCode: code }),
    );
  }
  return new AppError('ENGINE_FAILED', 'The image edit failed unexpectedly.', details({ reason: 'unknown' }));
}
