/** Handles one job by id; throwing marks the delivery failed (the handler records the outcome itself). */
export type JobHandler = (jobId: string) => Promise<void>;

/**
 * Delivers job ids to workers. The job rows in the database are the truth; a queue only
 * says "this id is ready". Implementations: in-process (SQLite) and pg-boss (PostgreSQL,
 * any number of worker processes).
 */
export interface JobQueue {
  readonly name: 'memory' | 'pg-boss';
  enqueue(jobId: string): Promise<void>;
  /** Starts delivering jobs to the handler, at most `concurrency` at a time in this process. */
  startWorkers(handler: JobHandler, concurrency: number): Promise<void>;
  /** Stops taking jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
}
