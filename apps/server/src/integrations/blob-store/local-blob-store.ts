import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, assertValidPrefix, type BlobObject, type BlobStore } from './blob-store.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Files on local disk under one root directory (default `$DATA_DIR/files`). */
export class LocalBlobStore implements BlobStore {
  readonly name = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, body);
      await rename(temporary, target);
    } catch (error) {
      // A write cut short (a full disk) leaves no half file behind.
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(key: string): Promise<BlobObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidPrefix(prefix);
    const keys = await this.list(prefix);
    await rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    return keys.length;
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix);
    const folder = this.pathOf(prefix.slice(0, -1));
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
        .map((entry) =>
          path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .sort();
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }
}
