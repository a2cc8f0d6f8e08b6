import type { ApiErrorBody } from '@facelift/shared';
import { ApiError } from '../../../lib/api-client.ts';

export interface UploadOptions {
  /** Called with 0–100 as the request body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

/**
 * Sends a form with XMLHttpRequest, whose upload events give real progress (fetch has none).
 * Errors follow docs/product.md, Messages: "Not authenticated" on 401, the server's message, else "Upload failed".
 */
export function uploadWithProgress<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', url);
    request.responseType = 'text';
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let parsed: unknown;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(100);
        resolve(parsed as T);
        return;
      }
      if (request.status === 401) {
        reject(new ApiError('NOT_AUTHENTICATED', 'Not authenticated', 401));
        return;
      }
      const error = (parsed as ApiErrorBody | undefined)?.error;
      reject(
        error?.message
          ? new ApiError(error.code, error.message, request.status, error.details)
          : new ApiError('INTERNAL_ERROR', 'Upload failed', request.status),
      );
    });
    request.addEventListener('error', () => reject(new ApiError('NETWORK_ERROR', 'Upload failed', 0)));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
