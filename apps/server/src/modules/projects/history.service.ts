import { randomUUID } from 'node:crypto';
import type { HistoryItem, StoredImage } from '@facelift/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type ProcessedImage,
  prepareGeneratedImage,
  processUploadedImage,
  type UploadLimits,
} from './image-processing.ts';
import type { ProjectFilesService } from './project-files.service.ts';
import { generatedThumbnailKeyOf, nextFileTimestamp, projectKeys } from './project-keys.ts';
import { type ImageColumns, toHistoryItem, toStoredImage } from './project-views.ts';
import * as repository from './projects.repository.ts';
import type { ProjectsService } from './projects.service.ts';

/** What the job pipeline stores as a new history item. */
export interface NewHistoryItem {
  /** The engine's result (PNG preferred; stored as generated/{ms}.png). */
  transformedImage: Buffer;
  /** The engine's thumbnail and size of it, when it made them (no decode here then). */
  made?: { thumbnail: Buffer; width: number; height: number };
  prompt: string;
  /** The history item whose result was the source; the project's original when absent. */
  sourceResultId?: string | null;
  /**
   * The file timestamp of the result (projectKeys.generated); the job pipeline records the key
   * before the file is written so that a crash while storing leaves no unknown file.
   */
  fileTimestamp?: number;
}

/** A project's source image for a transformation, with its bytes. */
export interface SourceImage extends StoredImage {
  bytes: Buffer;
}

/**
 * A project's history (docs/product.md, Studio and preview): every result, newest first, with
 * the image it started from; "Save generated"; the source image of the next transformation.
 */
export class HistoryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly projects: ProjectsService,
    private readonly files: ProjectFilesService,
    private readonly limits: UploadLimits,
  ) {}

  /**
   * Stores a transformation result as the newest history item and tells every open tab.
   * The job pipeline calls this with the engine's image; the result is stored at
   * users/{uid}/projects/{id}/generated/{ms}.png.
   */
  async addHistoryItem(userId: string, projectId: string, input: NewHistoryItem): Promise<HistoryItem> {
    const image = await prepareGeneratedImage(input.transformedImage, input.made);
    return this.storeHistoryItem(
      userId,
      projectId,
      image,
      input.prompt,
      input.sourceResultId ?? null,
      input.fileTimestamp,
    );
  }

  /** The history item whose result is stored at `resultKey`, or null when none was recorded. */
  async findHistoryItemIdByResultKey(projectId: string, resultKey: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('project_history_item')
      .select('id')
      .where('project_id', '=', projectId)
      .where('result_key', '=', resultKey)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** Removes a generated result and its thumbnail that no history item refers to. */
  async removeUnrecordedResult(resultKey: string): Promise<void> {
    await Promise.all([this.files.remove(resultKey), this.files.remove(generatedThumbnailKeyOf(resultKey))]);
  }

  /** A history item from a browser upload (a chat image saved to the project, say): fully checked. */
  async addUploadedHistoryItem(
    userId: string,
    projectId: string,
    input: { image: Buffer; prompt: string; sourceResultId?: string | null },
  ): Promise<HistoryItem> {
    await this.projects.requireProject(userId, projectId);
    const image = await processUploadedImage(input.image, this.limits);
    return this.storeHistoryItem(userId, projectId, image, input.prompt, input.sourceResultId ?? null);
  }

  private async storeHistoryItem(
    userId: string,
    projectId: string,
    image: ProcessedImage,
    prompt: string,
    sourceResultId: string | null,
    fileTimestamp?: number,
  ): Promise<HistoryItem> {
    const project = await this.projects.requireProject(userId, projectId);
    const source = await this.resolveSource(project, sourceResultId);
    const timestamp = fileTimestamp ?? nextFileTimestamp();
    const row: repository.HistoryItemRow = {
      id: randomUUID(),
      project_id: projectId,
      source_key: source.key,
      source_thumbnail_key: source.thumbnailKey,
      source_width: source.width,
      source_height: source.height,
      result_key: projectKeys.generated(userId, projectId, timestamp),
      result_thumbnail_key: projectKeys.generatedThumbnail(userId, projectId, timestamp),
      result_width: image.width,
      result_height: image.height,
      prompt,
      created_at: fromDate(this.dialect, new Date(timestamp)),
      saved_at: null,
    };
    try {
      // The two files are independent: written side by side (decision 103), both settled
      // before any clean-up below, so a write still in flight cannot outlive its removal.
      const written = await Promise.allSettled([
        this.files.put(row.result_key, image.png, 'image/png'),
        this.files.put(row.result_thumbnail_key, image.thumbnail, 'image/webp'),
      ]);
      for (const outcome of written) if (outcome.status === 'rejected') throw outcome.reason;
      await this.db.transaction().execute(async (transaction) => {
        await repository.insertHistoryItem(transaction, row);
        await repository.touchProject(transaction, this.dialect, projectId);
      });
    } catch (error) {
      await Promise.all([this.files.remove(row.result_key), this.files.remove(row.result_thumbnail_key)]);
      throw error;
    }
    const item = toHistoryItem(row);
    await this.projects.publish({ type: 'history.added', projectId, item });
    return item;
  }

  private async resolveSource(
    project: repository.ProjectRow,
    sourceResultId: string | null,
  ): Promise<ImageColumns> {
    if (!sourceResultId) {
      return {
        key: project.original_key,
        thumbnailKey: project.original_thumbnail_key,
        width: project.original_width,
        height: project.original_height,
      };
    }
    const item = await repository.findHistoryItem(this.db, project.id, sourceResultId);
    if (!item) throw new AppError('NOT_FOUND', 'The source image is not part of this project');
    return {
      key: item.result_key,
      thumbnailKey: item.result_thumbnail_key,
      width: item.result_width,
      height: item.result_height,
    };
  }

  /**
   * Checks, before any credit is held, that the project is the user's and that `sourceResultId`
   * (when given) is one of its results; NOT_FOUND otherwise.
   */
  async requireTransformationSource(
    userId: string,
    projectId: string,
    sourceResultId: string | null,
  ): Promise<void> {
    const project = await this.projects.requireProject(userId, projectId);
    await this.resolveSource(project, sourceResultId);
  }

  /**
   * The image a transformation starts from: a history item's result (`sourceResultId`) or the
   * project's original. For the job pipeline.
   */
  async readSourceImage(
    userId: string,
    projectId: string,
    sourceResultId?: string | null,
  ): Promise<SourceImage> {
    const project = await this.projects.requireProject(userId, projectId);
    const source = await this.resolveSource(project, sourceResultId ?? null);
    const bytes = await this.files.get(source.key);
    if (!bytes) throw new AppError('NOT_FOUND', 'The source image file is missing');
    return { ...toStoredImage(source), bytes };
  }

  /** "Save generated" (docs/product.md, Studio and preview): marks a result as saved to the project; idempotent. */
  async saveHistoryItem(userId: string, projectId: string, itemId: string): Promise<HistoryItem> {
    await this.projects.requireProject(userId, projectId);
    const existing = await repository.findHistoryItem(this.db, projectId, itemId);
    if (!existing) throw new AppError('NOT_FOUND', 'Result not found');
    if (existing.saved_at) return toHistoryItem(existing);
    await repository.markHistoryItemSaved(this.db, this.dialect, itemId, new Date());
    const saved = await repository.findHistoryItem(this.db, projectId, itemId);
    if (!saved) throw new AppError('NOT_FOUND', 'Result not found');
    const item = toHistoryItem(saved);
    await this.projects.publish({ type: 'history.saved', projectId, item });
    return item;
  }
}
