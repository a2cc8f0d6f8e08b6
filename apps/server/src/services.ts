import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createChatEngine } from './engines/chat-engine.factory.ts';
import { createImageEngine } from './engines/image-engine.factory.ts';
import { createBlobStore } from './integrations/blob-store/blob-store.factory.ts';
import type { BlobStore } from './integrations/blob-store/blob-store.ts';
import { createJobQueue } from './integrations/job-queue/job-queue.factory.ts';
import { createProjectEventBus } from './integrations/project-events/project-event-bus.factory.ts';
import type { ProjectEventBus } from './integrations/project-events/project-event-bus.ts';
import { AccountService } from './modules/account/account.service.ts';
import { ChatService } from './modules/chat/chat.service.ts';
import { CreditsService } from './modules/credits/credits.service.ts';
import { JobsService } from './modules/jobs/jobs.service.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { ChatMessagesService } from './modules/projects/chat-messages.service.ts';
import { HistoryService } from './modules/projects/history.service.ts';
import { ProjectFilesService } from './modules/projects/project-files.service.ts';
import { ProjectsService } from './modules/projects/projects.service.ts';
import { RegionsService } from './modules/projects/regions.service.ts';
import { UsersService } from './modules/users/users.service.ts';

/**
 * A job is judged interrupted after 3 missed heartbeats and every instance looks every 15 s,
 * so a dead worker's job is settled within 45 s (docs/decisions/021-ending-jobs.md).
 */
export const jobRecoveryTiming = { heartbeatMs: 10_000, staleAfterMs: 30_000, sweepEveryMs: 15_000 };

/** Every service of the server, each built once (docs/architecture.md, The composition root). */
export interface Services {
  database: DatabaseHandle;
  /** Project files: local disk or an S3-compatible bucket (FILE_STORE). */
  blobStore: BlobStore;
  /** Project change fan-out to SSE clients, across instances on PostgreSQL. */
  projectEvents: ProjectEventBus;
  users: UsersService;
  credits: CreditsService;
  payments: PaymentsService;
  projects: ProjectsService;
  /** A project's results, newest first. */
  history: HistoryService;
  chatMessages: ChatMessagesService;
  /** The chat: messages, and replies as jobs of the same pipeline (docs/product.md, Chat). */
  chat: ChatService;
  /** Marked areas: element regions and inpainting masks. */
  regions: RegionsService;
  /** Project files in the blob store, and the owner-only file door. */
  projectFiles: ProjectFilesService;
  jobs: JobsService;
  /** Download my data, delete my account. */
  account: AccountService;
  /** Stops the job workers and the event bus; the database stays open for whoever opened it. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  log: FastifyBaseLogger;
  /**
   * The bus to publish on instead of the configured one: the admin command line changes no
   * project and so opens no LISTEN connection.
   */
  projectEvents?: ProjectEventBus;
}

/**
 * The composition root: builds every service once and wires them together. The web server
 * (`buildApp`), the worker process and the admin command line all start here, so each runs
 * exactly the same code.
 */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  options: ServiceOptions,
): Promise<Services> {
  const { db, dialect } = database;
  const { log } = options;
  const blobStore = createBlobStore(config.files, config.dataDirectory);
  const projectEvents =
    options.projectEvents ??
    (await createProjectEventBus(config.database, (error) =>
      log.warn({ err: error }, 'project event bus connection problem'),
    ));
  const queue = createJobQueue(config.database);

  const credits = new CreditsService(db, dialect);
  const users = new UsersService(db, dialect, credits);
  const payments = new PaymentsService(db, dialect, config, users, credits, log);
  const projectFiles = new ProjectFilesService(db, blobStore, log);
  const projects = new ProjectsService(
    db,
    dialect,
    projectFiles,
    projectEvents,
    config.uploads,
    log,
    credits,
  );
  const history = new HistoryService(db, dialect, projects, projectFiles, config.uploads);
  const chatMessages = new ChatMessagesService(db, dialect, projects, projectFiles);
  const regions = new RegionsService(db, dialect, projects, projectFiles, config.uploads);
  const jobs = new JobsService({
    db,
    dialect,
    engine: createImageEngine(config.imageEngine),
    queue,
    credits,
    users,
    projects,
    history,
    regions,
    events: projectEvents,
    log,
    settings: {
      costs: { options: config.credits.costs.standard, inpainting: config.credits.costs.inpainting },
      timeoutMs: config.jobs.timeoutMs,
      maxAttempts: config.jobs.maxAttempts,
      freeTierGenerationLimit: config.credits.freeTier.maxGenerations,
      isSalesOpen: config.payments.isSalesOpen,
    },
    recovery: { ...jobRecoveryTiming, isSoleWorker: queue.name === 'memory' },
  });
  // The chat registers its replies as a job kind with the pipeline.
  const chat = new ChatService({
    db,
    dialect,
    files: projectFiles,
    projects,
    history,
    regions,
    chatMessages,
    jobs,
    engine: createChatEngine(config.imageEngine),
    costs: { image: config.credits.costs.chatImage, text: config.credits.costs.chatText },
    limits: config.uploads,
    log,
  });
  // Jobs are deleted with their project; whatever they hold is given back first.
  projects.onProjectDeleting(async (_userId, projectId) => {
    await jobs.endProjectJobs(projectId);
  });

  const account = new AccountService({ db, dialect, blobStore, users, credits, projects, log });

  return {
    database,
    account,
    blobStore,
    projectEvents,
    users,
    credits,
    payments,
    projects,
    history,
    chatMessages,
    chat,
    regions,
    projectFiles,
    jobs,
    async close() {
      await jobs.stop();
      await projectEvents.close();
    },
  };
}
