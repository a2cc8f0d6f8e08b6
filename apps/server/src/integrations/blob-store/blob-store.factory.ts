import path from 'node:path';
import type { Config } from '../../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/** The configured blob store; throws on a driver it does not know. */
export function createBlobStore(files: Config['files'], dataDirectory: string): BlobStore {
  const driver: string = files.driver;
  switch (driver) {
    case 'local':
      return new LocalBlobStore(files.localDirectory ?? path.join(dataDirectory, 'files'));
    case 's3': {
      if (!files.s3) throw new Error('The s3 blob store needs S3_BUCKET');
      return new S3BlobStore(files.s3);
    }
    default:
      throw new Error(`Unknown blob store: ${driver}`);
  }
}
