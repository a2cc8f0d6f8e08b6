import type { Readable } from 'node:stream';

/** A stored object, ready to stream to a client. */
export interface BlobObject {
  stream: Readable;
  size: number;
}

/**
 * Where project files live (docs/architecture.md, Server layers): local disk by default, any S3-compatible bucket in
 * production. Keys are relative paths such as `users/{uid}/projects/{id}/original.png`.
 */
export interface BlobStore {
  readonly name: 'local' | 's3';
  /** Stores (or replaces) the object at `key`. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when there is none. */
  open(key: string): Promise<BlobObject | null>;
  /** Removes one object; missing objects are not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder, ending in "/"); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every key under `prefix`, for cleanups and tests. */
  list(prefix: string): Promise<string[]>;
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are made by our code; this refuses anything that could escape the store's root. */
export function assertValidKey(key: string): void {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid blob key: ${key}`);
  }
}

export function assertValidPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`A prefix must end with "/": ${prefix}`);
  assertValidKey(prefix.slice(0, -1));
}

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  json: 'application/json',
};

/** The content type a key is served with, from its extension. */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[extension] ?? 'application/octet-stream';
}
