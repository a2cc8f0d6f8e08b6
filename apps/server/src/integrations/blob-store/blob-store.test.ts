import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
// s3rver ships no types; it is a dev-only local S3-compatible server.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from './blob-store.factory.ts';
import { assertValidKey, type BlobStore, contentTypeForKey } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

interface StoreUnderTest {
  name: string;
  open(): Promise<{ store: BlobStore; dispose(): Promise<void> }>;
}

const bucket = 'facelift-test';

const stores: StoreUnderTest[] = [
  {
    name: 'local disk',
    async open() {
      const root = await mkdtemp(path.join(tmpdir(), 'facelift-blobs-'));
      return { store: new LocalBlobStore(root), dispose: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver on 127.0.0.1)',
    async open() {
      const directory = await mkdtemp(path.join(tmpdir(), 'facelift-s3rver-'));
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: bucket }],
      });
      const address = (await server.run()) as AddressInfo;
      const store = new S3BlobStore({
        bucket,
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${address.port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        store,
        async dispose() {
          store.destroy();
          await server.close();
          await rm(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

for (const { name, open } of stores) {
  describe(`blob store: ${name}`, () => {
    let store: BlobStore;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ store, dispose } = await open());
    });
    afterAll(async () => {
      await dispose?.();
    });

    it('puts, gets, streams and replaces objects', async () => {
      const key = 'users/u1/projects/p1/original.png';
      expect(await store.get(key)).toBeNull();
      expect(await store.open(key)).toBeNull();
      await store.put(key, Buffer.from('first'), 'image/png');
      await store.put(key, Buffer.from('second version'), 'image/png');
      expect((await store.get(key))?.toString()).toBe('second version');
      const object = await store.open(key);
      expect(object?.size).toBe('second version'.length);
      expect(object ? await text(object.stream) : null).toBe('second version');
    });

    it('deletes one object, and a missing one without error', async () => {
      const key = 'users/u1/projects/p2/generated/1.png';
      await store.put(key, Buffer.from('x'), 'image/png');
      await store.delete(key);
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
    });

    it('deletes a project folder recursively and nothing beside it', async () => {
      const keep = 'users/u2/projects/keep/original.png';
      const keepSibling = 'users/u2/projects/p3-other/original.png';
      const doomed = [
        'users/u2/projects/p3/original.png',
        'users/u2/projects/p3/original.thumb.webp',
        'users/u2/projects/p3/generated/1700000000000.png',
        'users/u2/projects/p3/generated/1700000000000.thumb.webp',
        'users/u2/projects/p3/regions/walls-1.png',
      ];
      for (const key of [keep, keepSibling, ...doomed]) await store.put(key, Buffer.from(key), 'image/png');
      expect(await store.list('users/u2/projects/p3/')).toEqual([...doomed].sort());
      expect(await store.deletePrefix('users/u2/projects/p3/')).toBe(doomed.length);
      expect(await store.list('users/u2/projects/p3/')).toEqual([]);
      expect(await store.list('users/u2/projects/')).toEqual([keep, keepSibling].sort());
      expect(await store.deletePrefix('users/u2/projects/nothing-here/')).toBe(0);
    });

    it('refuses keys that could escape the store', async () => {
      await expect(store.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /Invalid blob key/,
      );
      await expect(store.get('users/../../etc/passwd')).rejects.toThrow(/Invalid blob key/);
      await expect(store.deletePrefix('users/u1')).rejects.toThrow(/must end with/);
    });
  });
}

describe('blob store helpers', () => {
  it('knows the content type of every key we write', () => {
    expect(contentTypeForKey('a/original.png')).toBe('image/png');
    expect(contentTypeForKey('a/original.thumb.webp')).toBe('image/webp');
    expect(contentTypeForKey('a/photo.JPG')).toBe('image/jpeg');
    expect(contentTypeForKey('a/unknown.bin')).toBe('application/octet-stream');
  });

  it('validates keys', () => {
    expect(() => assertValidKey('users/u/projects/p/original.png')).not.toThrow();
    for (const bad of ['', '/abs.png', 'a//b.png', 'a/./b.png', 'a/../b.png', 'a/b c.png', 'a\\b.png']) {
      expect(() => assertValidKey(bad), bad).toThrow();
    }
  });

  it('builds the configured store and throws on an unknown one', () => {
    const local = createBlobStore({ driver: 'local', localDirectory: undefined, s3: null }, '/tmp/x');
    expect(local.name).toBe('local');
    expect(() => createBlobStore({ driver: 's3', localDirectory: undefined, s3: null }, '/tmp/x')).toThrow(
      /S3_BUCKET/,
    );
    expect(() =>
      createBlobStore({ driver: 'ftp' as 'local', localDirectory: undefined, s3: null }, '/tmp/x'),
    ).toThrow(/Unknown blob store: ftp/);
  });
});
