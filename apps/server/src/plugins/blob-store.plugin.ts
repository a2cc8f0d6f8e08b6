import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createBlobStore } from '../integrations/blob-store/blob-store.factory.ts';
import type { BlobStore } from '../integrations/blob-store/blob-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Project files: local disk or an S3-compatible bucket (FILE_STORE). */
    blobStore: BlobStore;
  }
}

export const blobStorePlugin = fp<{ config: Config; store?: BlobStore }>(
  async (app, { config, store }) => {
    const blobStore = store ?? createBlobStore(config.files, config.dataDirectory);
    app.decorate('blobStore', blobStore);
    app.log.info({ store: blobStore.name }, 'file store ready');
  },
  { name: 'blob-store' },
);
