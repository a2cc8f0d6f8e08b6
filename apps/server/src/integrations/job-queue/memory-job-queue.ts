import type { JobHandler, JobQueue } from './job-queue.ts';

/** An in-process queue: jobs run in this process, at most `concurrency` at a time. */
export class MemoryJobQueue implements JobQueue {
  readonly name = 'memory';
  private readonly waiting: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private handler: JobHandler | null = null;
  private concurrency = 1;
  private isStopped = false;

  async enqueue(jobId: string): Promise<void> {
    if (this.isStopped) return;
    this.waiting.push(jobId);
    this.drain();
  }

  /** Nothing is lost while the process lives; its queued jobs are sent again at start-up. */
  async takeOrphans(): Promise<string[]> {
    return [];
  }

  async startWorkers(handler: JobHandler, concurrency: number): Promise<void> {
    this.handler = handler;
    this.concurrency = Math.max(1, concurrency);
    this.drain();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private drain(): void {
    const handler = this.handler;
    if (!handler) return;
    while (!this.isStopped && this.running.size < this.concurrency && this.waiting.length > 0) {
      const jobId = this.waiting.shift() as string;
      const run: Promise<void> = handler(jobId)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(run);
          this.drain();
        });
      this.running.add(run);
    }
  }
}
