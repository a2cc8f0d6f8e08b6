import { randomUUID } from 'node:crypto';
import {
  composePrompt,
  type Directives,
  type Job,
  type JobKind,
  type NoCreditsDetails,
  type ParsedTransformationRequest,
} from '@facelift/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromJson, toIsoString } from '../../db/dialect.ts';
import { createImageEditRequest } from '../../engines/image-edit-request.ts';
import type { ImageEditResult, ImageEngine } from '../../engines/image-engine.ts';
import type { JobQueue } from '../../integrations/job-queue/job-queue.ts';
import { type ProjectEventBus, publishOrLog } from '../../integrations/project-events/project-event-bus.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { HistoryService } from '../projects/history.service.ts';
import { nextFileTimestamp, projectKeys } from '../projects/project-keys.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { RegionsService } from '../projects/regions.service.ts';
import type { UsersService } from '../users/users.service.ts';
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
  setJobCost,
  takeOverStaleJob,
  touchJob,
} from './jobs.repository.ts';

/**
 * A transformation job's input as kept in its row: the request as parsed at the edge, with the
 * inpainting mask replaced by the key of the PNG stored for it (docs/architecture.md, A
 * transformation, end to end).
 */
export interface StoredTransformationInput {
  directives: Directives;
  sourceResultId?: string;
  useElementRegions: boolean;
  maskKey: string | null;
}

export interface JobSettings {
  /** Credits per transformation, by directives mode. */
  costs: { options: number; inpainting: number };
  timeoutMs: number;
  /** Attempts before an interrupted job is failed and refunded instead of retried. */
  maxAttempts: number;
  /** Generations allowed on the free tier (null: no limit). */
  freeTierGenerationLimit: number | null;
  /** SALES_OPEN: everyone may buy credits, not only admins; decides what a refusal offers. */
  isSalesOpen: boolean;
}

export interface JobsDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  engine: ImageEngine;
  queue: JobQueue;
  credits: CreditsService;
  users: UsersService;
  projects: ProjectsService;
  history: HistoryService;
  regions: RegionsService;
  /** Progress goes out here, to every tab and instance following the project. */
  events: ProjectEventBus;
  settings: JobSettings;
  log: FastifyBaseLogger;
  recovery: RecoverySettings;
}

/** Crash recovery (docs/decisions/021-ending-jobs.md). */
export interface RecoverySettings {
  /** How often a worker touches the job it runs. */
  heartbeatMs: number;
  /** A running or storing job whose heartbeat is older than this was interrupted. */
  staleAfterMs: number;
  /**
   * This process is the only worker (the in-process queue on SQLite): at start-up, anything
   * left running died with the previous process, whatever its heartbeat says.
   */
  isSoleWorker: boolean;
}

/** A claimed job as a runner sees it. */
export interface RunningJob {
  id: string;
  userId: string;
  projectId: string;
  /** The stored input (JSON as written at creation). */
  input: unknown;
  prompt: string;
  /** The credits reserved for it. */
  cost: number;
}

/** What a job stored, and what it costs (at most what was held; the rest is given back). */
export interface StoredJobResult {
  resultId: string;
  charge: number;
}

/**
 * What a job kind does (docs/product.md, Jobs): `produce` makes the result within the time
 * limit (engine work, nothing stored); `resultKey` names the file it will write, so that a
 * crash while storing can be cleaned up; `store` keeps it in the project; `findStored` finds
 * what a job cut off while storing had already kept.
 */
export interface JobRunner<Produced = unknown> {
  produce(job: RunningJob, signal: AbortSignal): Promise<Produced>;
  resultKey(job: RunningJob, produced: Produced, fileTimestamp: number): string | null;
  store(job: RunningJob, produced: Produced, fileTimestamp: number): Promise<StoredJobResult>;
  findStored(job: RunningJob, resultKey: string | null): Promise<StoredJobResult | null>;
}

/** A new job of any kind: its input as stored, its prompt and the credits to hold for it. */
export interface NewJobSpec {
  /** The job's id, when the caller stored files under it first (the inpainting mask). */
  id?: string;
  kind: JobKind;
  input: unknown;
  prompt: string;
  cost: number;
  /** Why the credits are held, for the ledger history. */
  reason: string;
  /** More writes that belong with the job (the chat stores the user's message). */
  withinTransaction?: (transaction: Transaction<Database>) => Promise<void>;
}

/** When a queued job was last put in the queue: created, or sent back after an interruption. */
function waitingSince(row: JobRow): number {
  return new Date(row.created_at).getTime();
}

function runningJobOf(row: JobRow): RunningJob {
  return {
    id: row.id,
    userId: row.user_id,
    projectId: row.project_id,
    input: fromJson<unknown>(row.input),
    prompt: row.prompt,
    cost: Number(row.cost),
  };
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    projectId: row.project_id,
    status: row.status,
    version: row.version,
    prompt: row.prompt,
    cost: row.cost,
    createdAt: toIsoString(row.created_at),
    startedAt: toIsoString(row.started_at),
    finishedAt: toIsoString(row.finished_at),
    resultId: row.result_id,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
  };
}

/** The bytes of a PNG data URL that passed the shared schema's pngDataUrlSchema. */
function pngDataUrlToBuffer(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new AppError(
          'ENGINE_BUSY',
          'The transformation took too long and was stopped. Your credits were refunded.',
        ),
      );
    }, timeoutMs);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

/**
 * The free-tier refusal says what comes next for this person (docs/decisions/080-free-tier-story.md):
 * buying, when they may buy; otherwise that sales open soon.
 */
export function freeTierLimitMessage(limit: number, mayBuy: boolean): string {
  return `The free plan includes ${limit} generations. ${
    mayBuy ? 'Buy credits to continue.' : 'Credit sales open soon: you can buy more then.'
  }`;
}

/**
 * Transformation jobs (docs/product.md, Jobs): accepted at once with the cost reserved, run by a worker,
 * stored as a project history item and only then charged; any failure gives the credits back.
 */
export class JobsService {
  private readonly runners = new Map<JobKind, JobRunner>();
  private sweep: NodeJS.Timeout | undefined;

  /** Accepts a transformation parsed at the edge (transformationRequestSchema): reserve, store, enqueue. */

  constructor(private readonly deps: JobsDependencies) {
    this.registerRunner<ImageEditResult>('transformation', {
      produce: (job, signal) => this.produceTransformation(job, signal),
      resultKey: (job, _result, fileTimestamp) =>
        projectKeys.generated(job.userId, job.projectId, fileTimestamp),
      store: (job, result, fileTimestamp) => this.storeTransformation(job, result, fileTimestamp),
      findStored: async (job, resultKey) => {
        if (!resultKey) return null;
        const itemId = await deps.history.findHistoryItemIdByResultKey(job.projectId, resultKey);
        return itemId ? { resultId: itemId, charge: job.cost } : null;
      },
    });
  }

  /** Tells the workers how to run jobs of a kind (the chat module registers the chat). */
  registerRunner<Produced>(kind: JobKind, runner: JobRunner<Produced>): void {
    this.runners.set(kind, runner as JobRunner);
  }

  private runnerFor(kind: JobKind): JobRunner {
    const runner = this.runners.get(kind);
    if (!runner) throw new Error(`No runner for jobs of kind ${kind}`);
    return runner;
  }

  private async produceTransformation(job: RunningJob, signal: AbortSignal): Promise<ImageEditResult> {
    const { engine, history, regions } = this.deps;
    const input = job.input as StoredTransformationInput;
    const { bytes: image } = await history.readSourceImage(job.userId, job.projectId, input.sourceResultId);
    const elementRegions = input.useElementRegions
      ? await regions.readElementRegions(job.userId, job.projectId)
      : {};
    return engine.edit(
      await createImageEditRequest({
        image,
        mask: input.maskKey
          ? await regions.readInpaintingMask(job.userId, job.projectId, input.maskKey)
          : null,
        regions: elementRegions,
        directives: input.directives,
        prompt: job.prompt,
        signal,
      }),
    );
  }

  private async storeTransformation(
    job: RunningJob,
    result: ImageEditResult,
    fileTimestamp: number,
  ): Promise<StoredJobResult> {
    const input = job.input as StoredTransformationInput;
    const stored = await this.deps.history.addHistoryItem(job.userId, job.projectId, {
      transformedImage: result.image,
      ...(result.thumbnail
        ? { made: { thumbnail: result.thumbnail, width: result.width, height: result.height } }
        : {}),
      prompt: job.prompt,
      sourceResultId: input.sourceResultId ?? null,
      fileTimestamp,
    });
    return { resultId: stored.id, charge: job.cost };
  }

  async createTransformation(
    userId: string,
    projectId: string,
    request: ParsedTransformationRequest,
  ): Promise<Job> {
    const { history, regions, settings } = this.deps;
    // Everything the job needs is checked before credits are held (the mask just below).
    await history.requireTransformationSource(userId, projectId, request.sourceResultId ?? null);
    const id = randomUUID();
    const { mask, ...parsed } = request;
    // The mask travels like region masks: a binary PNG in the blob store, its key in the row.
    const maskKey = mask
      ? await regions.saveInpaintingMask(userId, projectId, id, pngDataUrlToBuffer(mask))
      : null;
    const input: StoredTransformationInput = { ...parsed, maskKey };
    try {
      return await this.createJob(userId, projectId, {
        id,
        kind: 'transformation',
        input,
        prompt: composePrompt(input.directives),
        cost: settings.costs[input.directives.mode],
        reason: 'transformation',
      });
    } catch (error) {
      // No job, so nothing will ever read the mask.
      if (maskKey) await regions.removeInpaintingMask(maskKey);
      throw error;
    }
  }

  /**
   * Accepts a job of any kind: the credits held, the free-tier count checked and the row written
   * in one transaction, then queued and announced on the project's stream.
   */
  async createJob(userId: string, projectId: string, spec: NewJobSpec): Promise<Job> {
    const { db, dialect, credits, users, queue, settings } = this.deps;
    const id = spec.id ?? randomUUID();
    const limit = settings.freeTierGenerationLimit;
    // One transaction: a job never exists without its credits held, nor credits held without a
    // job. The reservation locks the user's ledger first, so two requests at once cannot both
    // pass the free-tier count.
    await db.transaction().execute(async (transaction) => {
      await credits.reserve(userId, spec.cost, id, { transaction, reason: spec.reason });
      if (limit !== null && (await users.isFreeTier(userId, transaction))) {
        if ((await countGenerations(transaction, userId)) >= limit) {
          const canBuy = settings.isSalesOpen || (await users.isAdmin(userId, transaction));
          throw new AppError('NO_CREDITS', freeTierLimitMessage(limit, canBuy), {
            freeTierLimit: limit,
            canBuy,
          } satisfies NoCreditsDetails);
        }
      }
      await insertJob(transaction, dialect, {
        id,
        kind: spec.kind,
        userId,
        projectId,
        input: spec.input,
        prompt: spec.prompt,
        cost: spec.cost,
        createdAt: new Date(),
      });
      await spec.withinTransaction?.(transaction);
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
    return publishOrLog(
      this.deps.events,
      { type: 'job.updated', projectId: job.projectId, job },
      this.deps.log,
    );
  }

  async listProjectJobs(userId: string, projectId: string): Promise<Job[]> {
    await this.deps.projects.requireProject(userId, projectId);
    return (await listJobsForProject(this.deps.db, projectId, userId)).map(toJob);
  }

  /** Runs one job to its end. Safe to call twice: only the worker that claims it runs it. */
  async runJob(jobId: string): Promise<void> {
    const { db, dialect, log } = this.deps;
    const claimed = await claimJob(db, dialect, jobId, new Date());
    if (!claimed) return;
    const heartbeat = setInterval(() => {
      touchJob(db, dialect, jobId, new Date()).catch((error: unknown) =>
        log.warn({ err: error, jobId }, 'job heartbeat not recorded'),
      );
    }, this.deps.recovery.heartbeatMs);
    heartbeat.unref();
    try {
      await this.runClaimedJob(claimed);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runClaimedJob(claimed: JobRow): Promise<void> {
    const { db, dialect, credits, settings, log } = this.deps;
    const jobId = claimed.id;
    const publish = async () => {
      const row = await findJobById(db, jobId);
      if (row) await this.publish(toJob(row));
    };
    await publish();
    try {
      const runner = this.runnerFor(claimed.kind);
      const running = runningJobOf(claimed);
      const produced = await withTimeout((signal) => runner.produce(running, signal), settings.timeoutMs);
      const fileTimestamp = nextFileTimestamp();
      const resultKey = runner.resultKey(running, produced, fileTimestamp);
      if (!(await markJobStoring(db, jobId, resultKey))) {
        // Ended while the engine worked (project deleted, or judged interrupted): its credits
        // are already back and its result is not wanted.
        log.info({ jobId }, 'result dropped: the job was ended while it ran');
        return;
      }
      await publish();
      const stored = await runner.store(running, produced, fileTimestamp);
      await this.settleStored(running, stored);
    } catch (error) {
      const isKnown = error instanceof AppError;
      if (!isKnown) log.error({ err: error, jobId, kind: claimed.kind }, 'job failed');
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
   * Makes this process a worker (when `runWorkers`: in the web server on SQLite, or `npm run
   * worker`), recovers the jobs a previous process left unfinished, then sweeps for jobs of
   * dead workers every `sweepEveryMs`. Every instance sweeps, web-only ones included: a worker
   * that died is noticed without a restart.
   */
  async start(options: { runWorkers: boolean; concurrency: number; sweepEveryMs: number }): Promise<void> {
    const { queue, log } = this.deps;
    if (options.runWorkers) await queue.startWorkers((jobId) => this.runJob(jobId), options.concurrency);
    const recover = async (isStartup: boolean) => {
      const recovered = await this.recoverInterruptedJobs({ isStartup });
      if (recovered.requeued + recovered.failed + recovered.stored > 0) {
        log.info(recovered, 'interrupted jobs recovered');
      }
    };
    await recover(true);
    this.sweep = setInterval(() => {
      recover(false).catch((error: unknown) => log.error({ err: error }, 'job recovery sweep failed'));
    }, options.sweepEveryMs);
    this.sweep.unref();
  }

  /** Stops sweeping and taking jobs; running ones finish first (pg-boss waits for them). */
  async stop(): Promise<void> {
    clearInterval(this.sweep);
    await this.deps.queue.stop();
  }

  /**
   * Settles work whose worker died (docs/decisions/021-ending-jobs.md). Every instance runs it
   * at start-up and then every few seconds: a running or storing job whose heartbeat stopped
   * is taken over by exactly one instance. Running jobs are retried until they reach
   * maxAttempts, then failed and refunded. A job cut off while storing is kept and charged
   * when its history item exists, otherwise its result file is removed and it is refunded.
   * At start-up, queued jobs are queued again (the in-process queue forgot them).
   */
  async recoverInterruptedJobs(options: {
    isStartup: boolean;
  }): Promise<{ requeued: number; failed: number; stored: number }> {
    const { db, dialect, queue, settings, recovery } = this.deps;
    const counts = { requeued: 0, failed: 0, stored: 0 };
    const now = new Date();
    const staleBefore =
      options.isStartup && recovery.isSoleWorker ? now : new Date(now.getTime() - recovery.staleAfterMs);
    const unfinished = await listUnfinishedJobs(db);
    // Queued jobs: at start-up all are sent again (the in-process queue forgot them); later,
    // those whose delivery was lost with a dead worker or never sent (docs/decisions/021-ending-jobs.md).
    const queued = unfinished.filter((row) => row.status === 'queued');
    const toSend = options.isStartup
      ? queued
      : await this.orphansAmong(
          queued.filter((row) => waitingSince(row) <= staleBefore.getTime()),
          staleBefore,
        );
    for (const row of toSend) {
      await queue.enqueue(row.id, row.attempts);
      counts.requeued += 1;
    }
    for (const row of unfinished) {
      if (row.status === 'queued') continue;
      if (!(await takeOverStaleJob(db, dialect, row, staleBefore, now))) continue;
      if (row.status === 'running' && row.attempts < settings.maxAttempts) {
        await requeueJob(db, row.id);
        await queue.enqueue(row.id, row.attempts);
        counts.requeued += 1;
      } else if (row.status === 'storing' && (await this.keepStoredResult(row))) {
        counts.stored += 1;
      } else {
        if (row.result_key) await this.deps.history.removeUnrecordedResult(row.result_key);
        await this.failInterrupted(row.id);
        counts.failed += 1;
      }
      const updated = await findJobById(db, row.id);
      if (updated) await this.publish(toJob(updated));
    }
    return counts;
  }

  private async orphansAmong(rows: JobRow[], staleBefore: Date): Promise<JobRow[]> {
    if (rows.length === 0) return [];
    const orphans = new Set(
      await this.deps.queue.takeOrphans(
        rows.map((row) => row.id),
        staleBefore,
      ),
    );
    return rows.filter((row) => orphans.has(row.id));
  }

  /** A job cut off after its result was written: the result is there, so it is done. */
  private async keepStoredResult(row: JobRow): Promise<boolean> {
    const running = runningJobOf(row);
    const stored = await this.runnerFor(row.kind).findStored(running, row.result_key);
    if (!stored) return false;
    await this.settleStored(running, stored);
    return true;
  }

  /** Charges what the stored result costs (a text-only chat reply less than held) and ends the job. */
  private async settleStored(job: RunningJob, stored: StoredJobResult): Promise<void> {
    const { db, dialect, credits, log } = this.deps;
    const charge = Math.min(stored.charge, job.cost);
    const charged = await credits.commit(job.id, { amount: charge });
    if (charged.status !== 'committed') {
      // Only when a stale-job sweep on another process refunded this job meanwhile.
      log.warn(
        { jobId: job.id, status: charged.status },
        'result stored for a job whose credits were already refunded',
      );
    }
    // A reply that cost less than held is recorded at its price: it is no generation then.
    if (charge !== job.cost) await setJobCost(db, job.id, charge);
    await finishJob(db, dialect, job.id, { status: 'done', resultId: stored.resultId }, new Date());
  }

  private async failInterrupted(jobId: string): Promise<void> {
    const { db, dialect, credits } = this.deps;
    await credits.release(jobId);
    await finishJob(
      db,
      dialect,
      jobId,
      {
        status: 'failed',
        errorCode: 'INTERRUPTED',
        errorMessage: 'The transformation was interrupted by a server restart. Your credits were refunded.',
      },
      new Date(),
    );
  }
}
