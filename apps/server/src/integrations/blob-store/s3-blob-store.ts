import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertValidKey, assertValidPrefix, type BlobObject, type BlobStore } from './blob-store.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible server (MinIO, R2, s3rver…); the AWS endpoint when unset. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`: most self-hosted servers need it. */
  forcePathStyle: boolean;
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound'))
  );
}

/** Objects in an S3-compatible bucket. */
export class S3BlobStore implements BlobStore {
  readonly name = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Only send checksums where S3 requires them: many S3-compatible servers reject the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!response.Body) return null;
      return Buffer.from(await response.Body.transformToByteArray());
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<BlobObject | null> {
    assertValidKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!response.Body) return null;
      return { stream: response.Body as Readable, size: response.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    // DeleteObjects takes at most 1000 keys per call.
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      const response = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true },
        }),
      );
      const failed = response.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(
          `Could not delete ${failed.length} objects under ${prefix}: ${failed[0]?.Message ?? ''}`,
        );
      }
    }
    return keys.length;
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const response = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of response.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = response.IsTruncated ? response.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  destroy(): void {
    this.client.destroy();
  }
}
