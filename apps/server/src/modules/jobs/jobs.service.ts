import { randomUUID } from 'node:crypto';
import {
  composePrompt,
  type Job,
  type TransformationRequest,
  transformationRequestSchema,
} from '@facelift/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromJson, toIsoString } from '../../db/dialect.ts';
import { createImageEditRequest } from '../../engines/image-edit-request.ts';
import type { ImageEngine } from '../../engines/image-engine.ts';
import type { JobQueue } from '../../integrations/job-queue/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import {
  claimJob,
  countGenerations,
  findJobById,
  findJobForUser,
  finishJob,
  insertJob,
  type JobRow,
  listJobsForProject,
  listUnfinishedJobs,
  listUnfinishedJobsOfProject,
  markJobStoring,
  requeueJob,
} from './jobs.repository.ts';

type StoredInput = ReturnType<typeof transformationRequestSchema.parse>;

export interface JobSettings {
  /** Credits per transformation, by directives mode. */
  costs: { options: number; inpainting: number };
  timeoutMs: number;
  /** Attempts before an interrupted job is failed and refunded instead of retried. */
  maxAttempts: number;
  /** Generations allowed on the free tier (null: no limit). */
  freeTierGenerationLimit: number | null;
}

export interface JobsDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  engine: ImageEngine;
  queue: JobQueue;
  credits: CreditsService;
  projects: ProjectsService;
  settings: JobSettings;
  log: FastifyBaseLogger;
  /** A running job counts as interrupted once it has run this long (0: any running job). */
  staleRunningAfterMs: number;
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    projectId: row.project_id,
    status: row.status,
    prompt: row.prompt,
    cost: row.cost,
    createdAt: toIsoString(row.created_at),
    startedAt: toIsoString(row.started_at),
    finishedAt: toIsoString(row.finished_at),
    resultId: row.result_id,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
  };
}

function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new AppError(
          'ENGINE_FAILED',
          'The transformation took too long and was stopped. Your credits were refunded.',
        ),
      );
    }, timeoutMs);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

async function isFreeTier(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<boolean> {
  const user = await db.selectFrom('user').select('packageTier').where('id', '=', userId).executeTakeFirst();
  return user?.packageTier !== 'paid';
}

/**
 * Transformation jobs (PRODUCT §6): accepted at once with the cost reserved, run by a worker,
 * stored as a project history item and only then charged; any failure gives the credits back.
 */
export class JobsService {
  constructor(private readonly deps: JobsDependencies) {}

  async createTransformation(
    userId: string,
    projectId: string,
    request: TransformationRequest,
  ): Promise<Job> {
    const { db, dialect, credits, projects, queue, settings } = this.deps;
    const input = transformationRequestSchema.parse(request);
    await projects.requireProject(userId, projectId);
    if (input.directives.mode === 'inpainting' && !input.mask && !input.useElementRegions) {
      throw new AppError('VALIDATION_FAILED', 'Paint the area to change first.');
    }
    const id = randomUUID();
    const prompt = composePrompt(input.directives);
    const cost = settings.costs[input.directives.mode];
    const limit = settings.freeTierGenerationLimit;
    // One transaction: a job never exists without its credits held, nor credits held without a
    // job. The reservation locks the user's ledger first, so two requests at once cannot both
    // pass the free-tier count.
    await db.transaction().execute(async (transaction) => {
      await credits.reserve(userId, cost, id, { transaction, reason: 'transformation' });
      if (limit !== null && (await isFreeTier(transaction, userId))) {
        if ((await countGenerations(transaction, userId)) >= limit) {
          throw new AppError(
            'NO_CREDITS',
            `The free plan includes ${limit} generations. Buy credits to continue.`,
          );
        }
      }
      await insertJob(transaction, dialect, {
        id,
        userId,
        projectId,
        input,
        prompt,
        cost,
        createdAt: new Date(),
      });
    });
    await queue.enqueue(id);
    const job = toJob((await findJobById(db, id)) as JobRow);
    await this.publish(job);
    return job;
  }

  async getJob(userId: string, jobId: string): Promise<Job> {
    const row = await findJobForUser(this.deps.db, jobId, userId);
    if (!row) throw new AppError('NOT_FOUND', 'Job not found');
    return toJob(row);
  }

  /** Progress goes out on the project's live-update stream, to every tab and instance. */
  private publish(job: Job): Promise<void> {
    return this.deps.projects.publish({ type: 'job.updated', projectId: job.projectId, job });
  }

  async listProjectJobs(userId: string, projectId: string): Promise<Job[]> {
    await this.deps.projects.requireProject(userId, projectId);
    return (await listJobsForProject(this.deps.db, projectId, userId)).map(toJob);
  }

  /** Runs one job to its end. Safe to call twice: only the worker that claims it runs it. */
  async runJob(jobId: string): Promise<void> {
    const { db, dialect, engine, credits, projects, settings, log } = this.deps;
    const claimed = await claimJob(db, dialect, jobId, new Date());
    if (!claimed) return;
    const userId = claimed.user_id;
    const publish = async () => {
      const row = await findJobById(db, jobId);
      if (row) await this.publish(toJob(row));
    };
    await publish();
    try {
      const input = fromJson<StoredInput>(claimed.input);
      const { bytes: image } = await projects.readSourceImage(
        userId,
        claimed.project_id,
        input.sourceResultId,
      );
      const regions = input.useElementRegions
        ? await projects.readElementRegions(userId, claimed.project_id)
        : {};
      const result = await withTimeout(
        async (signal) =>
          engine.edit(
            await createImageEditRequest({
              image,
              mask: input.mask ? Buffer.from(input.mask.split(',')[1] ?? '', 'base64') : null,
              regions,
              directives: input.directives,
              signal,
            }),
          ),
        settings.timeoutMs,
      );
      if (!(await markJobStoring(db, jobId))) {
        // Ended while the engine worked (project deleted, or judged interrupted): its credits
        // are already back and its result is not wanted.
        log.info({ jobId }, 'result dropped: the job was ended while it ran');
        return;
      }
      await publish();
      const stored = await projects.addHistoryItem(userId, claimed.project_id, {
        transformedImage: result.image,
        prompt: claimed.prompt,
        sourceResultId: input.sourceResultId ?? null,
      });
      const charged = await credits.commit(jobId);
      if (charged.status !== 'committed') {
        // Only when a stale-job sweep on another process refunded this job meanwhile.
        log.warn(
          { jobId, status: charged.status },
          'result stored for a job whose credits were already refunded',
        );
      }
      await finishJob(db, dialect, jobId, { status: 'done', resultId: stored.id }, new Date());
    } catch (error) {
      const isKnown = error instanceof AppError;
      if (!isKnown) log.error({ err: error, jobId }, 'transformation failed');
      await credits.release(jobId);
      await finishJob(
        db,
        dialect,
        jobId,
        {
          status: 'failed',
          errorCode: isKnown ? error.code : 'INTERNAL_ERROR',
          errorMessage: isKnown ? error.message : 'An unknown error occurred',
        },
        new Date(),
      );
    }
    await publish();
  }

  /**
   * Ends every unfinished job of a project about to be deleted and gives their credits back
   * (docs/decisions/021-ending-jobs.md). A worker still running one finds it ended and drops
   * its result.
   */
  async endProjectJobs(projectId: string): Promise<number> {
    const { db, dialect, credits } = this.deps;
    const rows = await listUnfinishedJobsOfProject(db, projectId);
    for (const row of rows) {
      await credits.release(row.id, { reason: 'refunded: project deleted' });
      await finishJob(
        db,
        dialect,
        row.id,
        {
          status: 'failed',
          errorCode: 'CANCELLED',
          errorMessage: 'The project was deleted. Your credits were refunded.',
        },
        new Date(),
      );
    }
    return rows.length;
  }

  /**
   * After a restart: queued jobs are queued again; jobs cut off while running are retried
   * until they reach maxAttempts, then failed and refunded; jobs cut off while storing are
   * failed and refunded (their result may be half-written).
   */
  async recoverInterruptedJobs(): Promise<{ requeued: number; failed: number }> {
    const { db, dialect, credits, queue, settings } = this.deps;
    let requeued = 0;
    let failed = 0;
    const staleBefore = Date.now() - this.deps.staleRunningAfterMs;
    for (const row of await listUnfinishedJobs(db)) {
      const isLiveElsewhere =
        row.status !== 'queued' &&
        row.started_at !== null &&
        new Date(row.started_at).getTime() > staleBefore;
      if (this.deps.staleRunningAfterMs > 0 && isLiveElsewhere) continue;
      const canRetry =
        row.status === 'queued' || (row.status === 'running' && row.attempts < settings.maxAttempts);
      if (canRetry) {
        if (row.status !== 'queued') await requeueJob(db, row.id);
        await queue.enqueue(row.id);
        requeued += 1;
      } else {
        await credits.release(row.id);
        await finishJob(
          db,
          dialect,
          row.id,
          {
            status: 'failed',
            errorCode: 'INTERRUPTED',
            errorMessage:
              'The transformation was interrupted by a server restart. Your credits were refunded.',
          },
          new Date(),
        );
        failed += 1;
      }
      const updated = await findJobById(db, row.id);
      if (updated) await this.publish(toJob(updated));
    }
    return { requeued, failed };
  }
}
