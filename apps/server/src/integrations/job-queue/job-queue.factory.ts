import type { Config } from '../../config.ts';
import type { JobQueue } from './job-queue.ts';
import { MemoryJobQueue } from './memory-job-queue.ts';
import { PgBossJobQueue } from './pg-boss-job-queue.ts';

/** In-process on SQLite; pg-boss on PostgreSQL so several processes share the work. */
export function createJobQueue(database: Config['database']): JobQueue {
  return database.dialect === 'postgres' ? new PgBossJobQueue(database.url) : new MemoryJobQueue();
}
