import { randomUUID } from 'node:crypto';
import {
  type ChatContentItem,
  type ChatMessage,
  type ElementRegion,
  fileUrl,
  type HistoryItem,
  type Project,
  type ProjectEvent,
  type ProjectSummary,
  projectSummaryResultLimit,
  type RegionElement,
  type StoredImage,
} from '@facelift/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate, fromJson, toIsoString, toJson } from '../../db/dialect.ts';
import {
  type BlobObject,
  type BlobStore,
  contentTypeForKey,
} from '../../integrations/blob-store/blob-store.ts';
import { type ProjectEventBus, publishOrLog } from '../../integrations/project-events/project-event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import {
  type ProcessedImage,
  prepareGeneratedImage,
  processMaskPng,
  processUploadedImage,
  processUploadedOriginal,
  type UploadLimits,
} from './image-processing.ts';
import {
  generatedThumbnailKeyOf,
  nextFileTimestamp,
  parseProjectKey,
  projectFolder,
  projectKeys,
} from './project-keys.ts';
import * as repository from './projects.repository.ts';

const projectNotFound = () => new AppError('NOT_FOUND', 'Project not found');

interface ImageColumns {
  key: string;
  thumbnailKey: string;
  width: number;
  height: number;
}

function toStoredImage(image: ImageColumns): StoredImage {
  return {
    key: image.key,
    url: fileUrl(image.key),
    thumbnailUrl: fileUrl(image.thumbnailKey),
    width: image.width,
    height: image.height,
  };
}

function originalOf(row: repository.ProjectRow): StoredImage {
  return toStoredImage({
    key: row.original_key,
    thumbnailKey: row.original_thumbnail_key,
    width: row.original_width,
    height: row.original_height,
  });
}

function toHistoryItem(row: repository.HistoryItemRow): HistoryItem {
  return {
    id: row.id,
    projectId: row.project_id,
    original: toStoredImage({
      key: row.source_key,
      thumbnailKey: row.source_thumbnail_key,
      width: row.source_width,
      height: row.source_height,
    }),
    transformed: toStoredImage({
      key: row.result_key,
      thumbnailKey: row.result_thumbnail_key,
      width: row.result_width,
      height: row.result_height,
    }),
    prompt: row.prompt,
    createdAt: toIsoString(row.created_at),
    savedAt: toIsoString(row.saved_at),
  };
}

type StoredChatContentItem =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image: ImageColumns };

function toChatMessage(row: repository.ChatMessageRow): ChatMessage {
  const content = fromJson<StoredChatContentItem[]>(row.content).map(
    (item): ChatContentItem =>
      item.type === 'input_text' ? item : { type: 'input_image', image: toStoredImage(item.image) },
  );
  const image = row.image ? fromJson<ImageColumns>(row.image) : null;
  return {
    id: row.id,
    role: row.role,
    content,
    image: image ? toStoredImage(image) : null,
    createdAt: toIsoString(row.created_at),
  };
}

function toRegion(row: repository.RegionRow): ElementRegion {
  return {
    element: row.element,
    key: row.key,
    url: fileUrl(row.key),
    width: row.width,
    height: row.height,
    updatedAt: toIsoString(row.updated_at),
  };
}

export type ProjectDeletingListener = (userId: string, projectId: string) => Promise<void>;

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

/** A chat message to append; images are stored as project files. */
export interface NewChatMessage {
  role: 'user' | 'assistant';
  text?: string;
  /** Reference images the user attached (already checked uploads or generated PNGs). */
  attachments?: Buffer[];
  /** The image an assistant reply generated. */
  generatedImage?: Buffer;
}

/** A project's source image for a transformation, with its bytes. */
export interface SourceImage extends StoredImage {
  bytes: Buffer;
}

/**
 * Projects (docs/product.md, Studio and preview; Accounts): every read and write is by owner; another user's project is a
 * 404. Files are written before rows and rows removed before files, so a failure never
 * leaves a project half-visible; leftover files are logged.
 */
export class ProjectsService {
  private readonly deletingListeners: ProjectDeletingListener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly blobs: BlobStore,
    private readonly events: ProjectEventBus,
    private readonly limits: UploadLimits,
    private readonly log: FastifyBaseLogger,
    private readonly credits: CreditsService,
  ) {}

  /** The project row, or NOT_FOUND when it does not exist or belongs to someone else. */
  async requireProject(userId: string, projectId: string): Promise<repository.ProjectRow> {
    const row = await repository.findOwnedProject(this.db, userId, projectId);
    if (!row) throw projectNotFound();
    return row;
  }

  /** Creates a project from its name and original photo (the upload creates it: docs/product.md, Studio and preview). */
  async createProject(userId: string, input: { name: string; image: Buffer }): Promise<Project> {
    // Confirming a project needs credits (docs/product.md, Credits and tiers); checked here too, not only in the browser.
    if ((await this.credits.balanceOf(userId)) <= 0) {
      throw new AppError('NO_CREDITS', 'No credits available');
    }
    const image = await processUploadedOriginal(input.image, this.limits);
    const projectId = randomUUID();
    const now = fromDate(this.dialect, new Date());
    const row: repository.ProjectRow = {
      id: projectId,
      user_id: userId,
      name: input.name,
      original_key: projectKeys.original(userId, projectId, image.format),
      original_thumbnail_key: projectKeys.originalThumbnail(userId, projectId),
      original_width: image.width,
      original_height: image.height,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.blobs.put(row.original_key, image.data, contentTypeForKey(row.original_key));
      await this.blobs.put(row.original_thumbnail_key, image.thumbnail, 'image/webp');
      await repository.insertProject(this.db, row);
    } catch (error) {
      await this.removeFiles(projectFolder(userId, projectId));
      throw error;
    }
    return this.getProject(userId, projectId);
  }

  async getProject(userId: string, projectId: string): Promise<Project> {
    const row = await this.requireProject(userId, projectId);
    const [history, chat, regions] = await Promise.all([
      repository.listHistoryItems(this.db, projectId),
      repository.listChatMessages(this.db, projectId),
      repository.listRegions(this.db, projectId),
    ]);
    return {
      id: row.id,
      name: row.name,
      createdAt: toIsoString(row.created_at),
      updatedAt: toIsoString(row.updated_at),
      original: originalOf(row),
      history: history.map(toHistoryItem),
      chatHistory: chat.map(toChatMessage),
      regions: regions.map(toRegion),
    };
  }

  /** The user's projects, newest first; `search` matches a part of the name, ignoring case. */
  async listProjects(userId: string, search?: string): Promise<ProjectSummary[]> {
    const rows = await repository.listOwnedProjects(this.db, userId, search?.trim() || undefined);
    const history = await repository.summarizeHistory(
      this.db,
      rows.map((row) => row.id),
      projectSummaryResultLimit,
    );
    return rows.map((row) => {
      const summary = history.get(row.id);
      return {
        id: row.id,
        name: row.name,
        createdAt: toIsoString(row.created_at),
        updatedAt: toIsoString(row.updated_at),
        original: originalOf(row),
        historyCount: summary?.count ?? 0,
        recentResults: (summary?.recent ?? []).map((item) => ({
          id: item.id,
          thumbnailUrl: fileUrl(item.result_thumbnail_key),
        })),
      };
    });
  }

  async renameProject(userId: string, projectId: string, name: string): Promise<Project> {
    await this.requireProject(userId, projectId);
    await repository.renameProject(this.db, this.dialect, projectId, name);
    await this.publish({ type: 'project.renamed', projectId, name });
    return this.getProject(userId, projectId);
  }

  /**
   * Runs before a project's rows are deleted: the job pipeline ends the project's jobs and
   * releases their credits here (docs/decisions/021-ending-jobs.md).
   */
  onProjectDeleting(listener: ProjectDeletingListener): void {
    this.deletingListeners.push(listener);
  }

  /**
   * Deletes the rows first (the project disappears at once, everywhere), then every file
   * under the project's folder. A file that cannot be removed is logged, never shown.
   */
  async deleteProject(userId: string, projectId: string): Promise<void> {
    await this.requireProject(userId, projectId);
    // Jobs are deleted with the project; whatever they hold must be given back first.
    for (const listener of this.deletingListeners) await listener(userId, projectId);
    const isDeleted = await repository.deleteProject(this.db, projectId);
    if (!isDeleted) throw projectNotFound();
    await this.publish({ type: 'project.deleted', projectId });
    await this.removeFiles(projectFolder(userId, projectId));
  }

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
    await Promise.all([this.removeFile(resultKey), this.removeFile(generatedThumbnailKeyOf(resultKey))]);
  }

  /** A history item from a browser upload (a chat image saved to the project, say): fully checked. */
  async addUploadedHistoryItem(
    userId: string,
    projectId: string,
    input: { image: Buffer; prompt: string; sourceResultId?: string | null },
  ): Promise<HistoryItem> {
    await this.requireProject(userId, projectId);
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
    const project = await this.requireProject(userId, projectId);
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
      await this.blobs.put(row.result_key, image.png, 'image/png');
      await this.blobs.put(row.result_thumbnail_key, image.thumbnail, 'image/webp');
      await this.db.transaction().execute(async (transaction) => {
        await repository.insertHistoryItem(transaction, row);
        await repository.touchProject(transaction, this.dialect, projectId);
      });
    } catch (error) {
      await Promise.all([this.removeFile(row.result_key), this.removeFile(row.result_thumbnail_key)]);
      throw error;
    }
    const item = toHistoryItem(row);
    await this.publish({ type: 'history.added', projectId, item });
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
   * The image a transformation starts from: a history item's result (`sourceResultId`) or the
   * project's original. For the job pipeline.
   */
  async readSourceImage(
    userId: string,
    projectId: string,
    sourceResultId?: string | null,
  ): Promise<SourceImage> {
    const project = await this.requireProject(userId, projectId);
    const source = await this.resolveSource(project, sourceResultId ?? null);
    const bytes = await this.blobs.get(source.key);
    if (!bytes) throw new AppError('NOT_FOUND', 'The source image file is missing');
    return { ...toStoredImage(source), bytes };
  }

  /** "Save generated" (docs/product.md, Studio and preview): marks a result as saved to the project; idempotent. */
  async saveHistoryItem(userId: string, projectId: string, itemId: string): Promise<HistoryItem> {
    await this.requireProject(userId, projectId);
    const existing = await repository.findHistoryItem(this.db, projectId, itemId);
    if (!existing) throw new AppError('NOT_FOUND', 'Result not found');
    if (existing.saved_at) return toHistoryItem(existing);
    await repository.markHistoryItemSaved(this.db, this.dialect, itemId, new Date());
    const saved = await repository.findHistoryItem(this.db, projectId, itemId);
    if (!saved) throw new AppError('NOT_FOUND', 'Result not found');
    const item = toHistoryItem(saved);
    await this.publish({ type: 'history.saved', projectId, item });
    return item;
  }

  /** Appends a chat message (docs/product.md, Chat); images become project files. */
  async appendChatMessage(userId: string, projectId: string, input: NewChatMessage): Promise<ChatMessage> {
    await this.requireProject(userId, projectId);
    const written: string[] = [];
    const storeImage = async (bytes: Buffer): Promise<ImageColumns> => {
      const image = await prepareGeneratedImage(bytes);
      const timestamp = nextFileTimestamp();
      const key = projectKeys.chatImage(userId, projectId, timestamp);
      const thumbnailKey = projectKeys.chatImageThumbnail(userId, projectId, timestamp);
      written.push(key, thumbnailKey);
      await this.blobs.put(key, image.png, 'image/png');
      await this.blobs.put(thumbnailKey, image.thumbnail, 'image/webp');
      return { key, thumbnailKey, width: image.width, height: image.height };
    };
    try {
      const content: StoredChatContentItem[] = [];
      if (input.text !== undefined) content.push({ type: 'input_text', text: input.text });
      for (const attachment of input.attachments ?? []) {
        content.push({ type: 'input_image', image: await storeImage(attachment) });
      }
      const image = input.generatedImage ? await storeImage(input.generatedImage) : null;
      const row: repository.ChatMessageRow = {
        id: randomUUID(),
        project_id: projectId,
        role: input.role,
        content: toJson(content),
        image: image ? toJson(image) : null,
        created_at: fromDate(this.dialect, new Date()),
      };
      await repository.insertChatMessage(this.db, row);
      const message = toChatMessage(row);
      await this.publish({ type: 'chat.added', projectId, message });
      return message;
    } catch (error) {
      await Promise.all(written.map((key) => this.removeFile(key)));
      throw error;
    }
  }

  async listElementRegions(userId: string, projectId: string): Promise<ElementRegion[]> {
    await this.requireProject(userId, projectId);
    return (await repository.listRegions(this.db, projectId)).map(toRegion);
  }

  /** Saves (or replaces) the mask-contract PNG of one element's region (docs/product.md, Marking and selection). */
  async saveElementRegion(
    userId: string,
    projectId: string,
    element: RegionElement,
    maskPng: Buffer,
  ): Promise<ElementRegion[]> {
    await this.requireProject(userId, projectId);
    const mask = await processMaskPng(maskPng, this.limits);
    const previous = await repository.findRegion(this.db, projectId, element);
    const key = projectKeys.region(userId, projectId, element, nextFileTimestamp());
    await this.blobs.put(key, mask.png, 'image/png');
    try {
      await repository.upsertRegion(this.db, {
        project_id: projectId,
        element,
        key,
        width: mask.width,
        height: mask.height,
        updated_at: fromDate(this.dialect, new Date()),
      });
    } catch (error) {
      await this.removeFile(key);
      throw error;
    }
    if (previous && previous.key !== key) await this.removeFile(previous.key);
    return this.publishRegions(projectId);
  }

  async deleteElementRegion(
    userId: string,
    projectId: string,
    element: RegionElement,
  ): Promise<ElementRegion[]> {
    await this.requireProject(userId, projectId);
    const previous = await repository.findRegion(this.db, projectId, element);
    if (previous) {
      await repository.deleteRegion(this.db, projectId, element);
      await this.removeFile(previous.key);
    }
    return this.publishRegions(projectId);
  }

  /**
   * Stores the inpainting mask a transformation was sent with, like a region mask: checked,
   * re-encoded and kept as a binary PNG in the project's folder. Returns its key.
   */
  async saveInpaintingMask(
    userId: string,
    projectId: string,
    jobId: string,
    maskPng: Buffer,
  ): Promise<string> {
    const mask = await processMaskPng(maskPng, this.limits);
    const key = projectKeys.inpaintingMask(userId, projectId, jobId);
    await this.blobs.put(key, mask.png, 'image/png');
    return key;
  }

  /** A stored inpainting mask's bytes, for the job that owns it. */
  async readInpaintingMask(userId: string, projectId: string, key: string): Promise<Buffer> {
    const owner = parseProjectKey(key);
    if (owner?.userId !== userId || owner.projectId !== projectId) {
      throw new AppError('NOT_FOUND', 'The inpainting mask is not part of this project');
    }
    const bytes = await this.blobs.get(key);
    if (!bytes) throw new AppError('NOT_FOUND', 'The inpainting mask file is missing');
    return bytes;
  }

  /** Removes a stored inpainting mask whose job was never created; a failure is only logged. */
  removeInpaintingMask(key: string): Promise<void> {
    return this.removeFile(key);
  }

  /** The saved region masks by element, as PNG bytes: what engines take (docs/product.md, Image engines). */
  async readElementRegions(
    userId: string,
    projectId: string,
  ): Promise<Partial<Record<RegionElement, Buffer>>> {
    await this.requireProject(userId, projectId);
    const rows = await repository.listRegions(this.db, projectId);
    const regions: Partial<Record<RegionElement, Buffer>> = {};
    for (const row of rows) {
      const bytes = await this.blobs.get(row.key);
      if (bytes) regions[row.element] = bytes;
    }
    return regions;
  }

  private async publishRegions(projectId: string): Promise<ElementRegion[]> {
    const regions = (await repository.listRegions(this.db, projectId)).map(toRegion);
    await this.publish({ type: 'regions.updated', projectId, regions });
    return regions;
  }

  /** A file for its owner: the key must be under one of the user's existing projects. */
  async openFile(userId: string, key: string): Promise<BlobObject> {
    const owner = parseProjectKey(key);
    if (!owner || owner.userId !== userId) throw new AppError('NOT_FOUND', 'File not found');
    await this.requireProject(userId, owner.projectId).catch(() => {
      throw new AppError('NOT_FOUND', 'File not found');
    });
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

  /** Pushes an event to every open tab of the project; a lost event is logged, the change stays. */
  publish(event: ProjectEvent): Promise<void> {
    return publishOrLog(this.events, event, this.log);
  }

  private async removeFiles(prefix: string): Promise<void> {
    try {
      await this.blobs.deletePrefix(prefix);
    } catch (error) {
      this.log.error({ err: error, prefix }, 'project files not deleted');
    }
  }

  private async removeFile(key: string): Promise<void> {
    try {
      await this.blobs.delete(key);
    } catch (error) {
      this.log.error({ err: error, key }, 'file not deleted');
    }
  }
}
