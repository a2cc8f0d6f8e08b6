import type { ApiErrorBody, ErrorCode } from '@facelift/shared';

/** An error answered by our API: a stable code to translate by, and the English message. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The sign-in provider's own error code, when the error came from it. */
  get authCode(): string | undefined {
    const details = this.details as { authCode?: unknown } | undefined;
    return typeof details?.authCode === 'string' ? details.authCode : undefined;
  }
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'object';
}

/** fetch for our own JSON API: same-origin cookies, JSON in and out, errors thrown as ApiError. */
export async function apiRequest<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'The server cannot be reached. Check your connection.', 0);
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(body)) {
      throw new ApiError(body.error.code, body.error.message, response.status, body.error.details);
    }
    throw new ApiError('INTERNAL_ERROR', `Request failed (${response.status})`, response.status);
  }
  return body as T;
}
