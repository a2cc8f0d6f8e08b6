/** Handles one job by id; throwing marks the delivery failed (the handler records the outcome itself). */
export type JobHandler = (jobId: string) => Promise<void>;

/**
 * Delivers job ids to workers. The job rows in the database are the truth; a queue only
 * says "this id is ready". Implementations: in-process (SQLite) and pg-boss (PostgreSQL,
 * any number of worker processes).
 */
export interface JobQueue {
  readonly name: 'memory' | 'pg-boss';
  /**
   * `attempt` (the job's attempts so far) tells deliveries apart: a job re-queued after its
   * worker died is delivered again even while the dead worker's delivery is still open.
   */
  enqueue(jobId: string, attempt?: number): Promise<void>;
  /**
   * Of these queued jobs (queued since before `staleBefore`), the ones no delivery will run:
   * never sent (the process died between writing the row and sending), or taken by a worker
   * before `staleBefore` that never started them (it died between pick-up and start). A
   * stalled delivery is ended here, so of several instances asking at once one gets the job;
   * the caller sends the returned ones again (docs/decisions/021-ending-jobs.md).
   */
  takeOrphans(jobIds: string[], staleBefore: Date): Promise<string[]>;
  /** Starts delivering jobs to the handler, at most `concurrency` at a time in this process. */
  startWorkers(handler: JobHandler, concurrency: number): Promise<void>;
  /** Stops taking jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
}
