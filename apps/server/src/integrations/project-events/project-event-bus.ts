import type { ProjectEvent } from '@facelift/shared';

export type ProjectEventListener = (event: ProjectEvent) => void;

/**
 * Fan-out of project changes to SSE clients (PRODUCT §1): in-process on SQLite, PostgreSQL
 * LISTEN/NOTIFY on PostgreSQL so that a change made through one instance (or a worker
 * process) reaches the SSE clients of every instance.
 */
export interface ProjectEventBus {
  readonly name: 'memory' | 'postgres';
  /** Sends an event to every subscriber of its project, on every instance. */
  publish(event: ProjectEvent): Promise<void>;
  /** Calls `listener` for each event of the project; returns the unsubscribe function. */
  subscribe(projectId: string, listener: ProjectEventListener): () => void;
  close(): Promise<void>;
}
