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

/** Provider codes meaning the safety system refused the prompt or image (CONTRACTS.md). */
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
 * Turns an error from the OpenAI SDK into an AppError with a message a user can act on.
 * Authentication messages are never passed through: the provider echoes part of the key.
 */
export function mapOpenAiError(error: unknown, timeoutMs: number): AppError {
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
    return new AppError(
      'ENGINE_FAILED',
      `The image service did not answer within ${Math.round(timeoutMs / 1000)} seconds. Try again later.`,
      details({ reason: 'timeout', retryable: true }),
    );
  }
  if (error instanceof APIConnectionError) {
    return new AppError(
      'ENGINE_FAILED',
      'The image service could not be reached. Try again later.',
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
        "The image service's safety system refused this request. Change the prompt or the image and try again.",
        details({ reason: 'moderation', status, providerCode: code }),
      );
    }
    if (error instanceof AuthenticationError) {
      return new AppError(
        'ENGINE_FAILED',
        "The image service rejected the server's API key. Please check your API key or try again later.",
        details({ reason: 'authentication', status }),
      );
    }
    if (error instanceof PermissionDeniedError) {
      return new AppError(
        'ENGINE_FAILED',
        'The image service refused access for this API key (the organisation may need verification for gpt-image-1).',
        details({ reason: 'permission', status }),
      );
    }
    if (error instanceof RateLimitError) {
      const isQuota = code === 'insufficient_quota';
      return new AppError(
        'ENGINE_FAILED',
        isQuota
          ? 'The image service account has run out of quota. Please check your API key or try again later.'
          : 'The image service is busy (rate limit reached). Try again in a minute.',
        details({ reason: isQuota ? 'quota' : 'rate_limited', status, retryable: !isQuota }),
      );
    }
    if (typeof status === 'number' && status >= 500) {
      return new AppError(
        'ENGINE_FAILED',
        'The image service had an internal error. Try again later.',
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
