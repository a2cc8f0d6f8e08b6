import type { ElementRegion, RegionElement } from '@facelift/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import { processMaskPng, type UploadLimits } from './image-processing.ts';
import type { ProjectFilesService } from './project-files.service.ts';
import { nextFileTimestamp, parseProjectKey, projectKeys } from './project-keys.ts';
import { toRegion } from './project-views.ts';
import * as repository from './projects.repository.ts';
import type { ProjectsService } from './projects.service.ts';

/**
 * The areas a user marked (docs/product.md, Marking and selection): one region mask per
 * building element, saved with the project, and the inpainting mask each transformation was
 * sent with. Both are mask-contract PNGs in the blob store; engines take their bytes.
 */
export class RegionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly projects: ProjectsService,
    private readonly files: ProjectFilesService,
    private readonly limits: UploadLimits,
  ) {}

  async listElementRegions(userId: string, projectId: string): Promise<ElementRegion[]> {
    await this.projects.requireProject(userId, projectId);
    return (await repository.listRegions(this.db, projectId)).map(toRegion);
  }

  /** Saves (or replaces) the mask-contract PNG of one element's region (docs/product.md, Marking and selection). */
  async saveElementRegion(
    userId: string,
    projectId: string,
    element: RegionElement,
    maskPng: Buffer,
  ): Promise<ElementRegion[]> {
    await this.projects.requireProject(userId, projectId);
    const mask = await processMaskPng(maskPng, this.limits);
    const previous = await repository.findRegion(this.db, projectId, element);
    const key = projectKeys.region(userId, projectId, element, nextFileTimestamp());
    await this.files.put(key, mask.png, 'image/png');
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
      await this.files.remove(key);
      throw error;
    }
    if (previous && previous.key !== key) await this.files.remove(previous.key);
    return this.publishRegions(projectId);
  }

  async deleteElementRegion(
    userId: string,
    projectId: string,
    element: RegionElement,
  ): Promise<ElementRegion[]> {
    await this.projects.requireProject(userId, projectId);
    const previous = await repository.findRegion(this.db, projectId, element);
    if (previous) {
      await repository.deleteRegion(this.db, projectId, element);
      await this.files.remove(previous.key);
    }
    return this.publishRegions(projectId);
  }

  /** The saved region masks by element, as PNG bytes: what engines take (docs/product.md, Image engines). */
  async readElementRegions(
    userId: string,
    projectId: string,
  ): Promise<Partial<Record<RegionElement, Buffer>>> {
    await this.projects.requireProject(userId, projectId);
    const rows = await repository.listRegions(this.db, projectId);
    const regions: Partial<Record<RegionElement, Buffer>> = {};
    for (const row of rows) {
      const bytes = await this.files.get(row.key);
      if (bytes) regions[row.element] = bytes;
    }
    return regions;
  }

  private async publishRegions(projectId: string): Promise<ElementRegion[]> {
    const regions = (await repository.listRegions(this.db, projectId)).map(toRegion);
    await this.projects.publish({ type: 'regions.updated', projectId, regions });
    return regions;
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
    await this.files.put(key, mask.png, 'image/png');
    return key;
  }

  /** A stored inpainting mask's bytes, for the job that owns it. */
  async readInpaintingMask(userId: string, projectId: string, key: string): Promise<Buffer> {
    const owner = parseProjectKey(key);
    if (owner?.userId !== userId || owner.projectId !== projectId) {
      throw new AppError('NOT_FOUND', 'The inpainting mask is not part of this project');
    }
    const bytes = await this.files.get(key);
    if (!bytes) throw new AppError('NOT_FOUND', 'The inpainting mask file is missing');
    return bytes;
  }

  /** Removes a stored inpainting mask whose job was never created; a failure is only logged. */
  removeInpaintingMask(key: string): Promise<void> {
    return this.files.remove(key);
  }
}
