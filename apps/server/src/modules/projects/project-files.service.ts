import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BlobObject, BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseProjectKey } from './project-keys.ts';
import * as repository from './projects.repository.ts';

export const storeFullMessage =
  'There is no room left to store files right now, so nothing was saved. Please try again later.';

/** No space, no quota left, or a file larger than the system allows. */
function isOutOfSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}

/**
 * Project files in the blob store (docs/architecture.md, Server layers): what the other
 * project services write and read, and the owner-only file door of GET /api/files. A file
 * that cannot be removed is logged, never shown: the row that pointed to it is already gone.
 */
export class ProjectFilesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly blobs: BlobStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores a file. A full disk (or quota) is told as what it is, in words a user understands;
   * the callers remove what they wrote before and give credits back, so nothing is half kept.
   */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.blobs.put(key, bytes, contentType);
    } catch (error) {
      if (isOutOfSpace(error)) {
        this.log.error({ err: error, key }, 'file store full');
        throw new AppError('STORAGE_FULL', storeFullMessage);
      }
      throw error;
    }
  }

  get(key: string): Promise<Buffer | null> {
    return this.blobs.get(key);
  }

  /** A file for its owner: the key must be under one of the user's existing projects. */
  async openFile(userId: string, key: string): Promise<BlobObject> {
    const owner = parseProjectKey(key);
    if (!owner || owner.userId !== userId) throw new AppError('NOT_FOUND', 'File not found');
    if (!(await repository.findOwnedProject(this.db, userId, owner.projectId))) {
      throw new AppError('NOT_FOUND', 'File not found');
    }
    let file: BlobObject | null;
    try {
      file = await this.blobs.open(key);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('Invalid blob key')) {
        throw new AppError('NOT_FOUND', 'File not found');
      }
      throw error;
    }
    if (!file) throw new AppError('NOT_FOUND', 'File not found');
    return file;
  }

  /** Removes one file; a failure is logged. */
  async remove(key: string): Promise<void> {
    try {
      await this.blobs.delete(key);
    } catch (error) {
      this.log.error({ err: error, key }, 'file not deleted');
    }
  }

  /** Removes every file under a folder (a deleted project's); a failure is logged. */
  async removeFolder(prefix: string): Promise<void> {
    try {
      await this.blobs.deletePrefix(prefix);
    } catch (error) {
      this.log.error({ err: error, prefix }, 'project files not deleted');
    }
  }
}
