import { randomUUID } from 'node:crypto';
import {
  fileUrl,
  type Project,
  type ProjectEvent,
  type ProjectSummary,
  projectSummaryResultLimit,
} from '@facelift/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate, toIsoString } from '../../db/dialect.ts';
import { contentTypeForKey } from '../../integrations/blob-store/blob-store.ts';
import { type ProjectEventBus, publishOrLog } from '../../integrations/project-events/project-event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { processUploadedOriginal, type UploadLimits } from './image-processing.ts';
import type { ProjectFilesService } from './project-files.service.ts';
import { projectFolder, projectKeys } from './project-keys.ts';
import { originalOf, toChatMessage, toHistoryItem, toRegion } from './project-views.ts';
import * as repository from './projects.repository.ts';

export const projectNotFound = () => new AppError('NOT_FOUND', 'Project not found');

export type ProjectDeletingListener = (userId: string, projectId: string) => Promise<void>;

/** Lists kept at most this long, a bound for writes made outside this process. */
const listCacheTtlMs = 5_000;
/** Users whose lists are kept; a full cache starts over (refilling costs one read each). */
const listCacheMaxEntries = 10_000;

interface CachedList {
  version: number;
  storedAt: number;
  /** Shared by every answer until replaced: never changed in place. */
  projects: ProjectSummary[];
}

/**
 * Projects (docs/product.md, Studio and preview; Accounts): every read and write is by owner;
 * another user's project is a 404. Files are written before rows and rows removed before
 * files, so a failure never leaves a project half-visible; leftover files are logged. The
 * project's history, chat and marked areas have their own services beside this one; all of
 * them tell open tabs through `publish`.
 */
export class ProjectsService {
  private readonly deletingListeners: ProjectDeletingListener[] = [];
  /**
   * Each user's unsearched list (every dashboard's read), valid while no project or history
   * write has run since (repository.writeVersion). SQLite only: there every write goes
   * through this process. On PostgreSQL other instances and the worker write too, and their
   * changes would reach this cache only as later notices, so the list is read every time
   * (docs/decisions/120-lean-request-path.md).
   */
  private readonly lists = new Map<string, CachedList>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly files: ProjectFilesService,
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
      await this.files.put(row.original_key, image.data, contentTypeForKey(row.original_key));
      await this.files.put(row.original_thumbnail_key, image.thumbnail, 'image/webp');
      await repository.insertProject(this.db, row);
    } catch (error) {
      await this.files.removeFolder(projectFolder(userId, projectId));
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
    const searched = search?.trim() || undefined;
    const isCached = !searched && this.dialect === 'sqlite';
    // Read before the rows: a write that lands meanwhile leaves this list under an old number.
    const version = repository.writeVersion();
    const now = Date.now();
    if (isCached) {
      const cached = this.lists.get(userId);
      if (cached && cached.version === version && now - cached.storedAt < listCacheTtlMs)
        return cached.projects;
    }
    const projects = await this.readProjects(userId, searched);
    if (isCached) {
      if (this.lists.size >= listCacheMaxEntries) this.lists.clear();
      this.lists.set(userId, { version, storedAt: now, projects });
    }
    return projects;
  }

  private async readProjects(userId: string, search: string | undefined): Promise<ProjectSummary[]> {
    const rows = await repository.listOwnedProjects(this.db, userId, search);
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
    await this.files.removeFolder(projectFolder(userId, projectId));
  }

  /** Pushes an event to every open tab of the project; a lost event is logged, the change stays. */
  publish(event: ProjectEvent): Promise<void> {
    return publishOrLog(this.events, event, this.log);
  }
}
