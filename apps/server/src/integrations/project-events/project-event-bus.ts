import type { ProjectEvent } from '@facelift/shared';

export type ProjectEventListener = (event: ProjectEvent) => void;
export type SessionsChangedListener = () => void;

/**
 * Fan-out of project changes to SSE clients (docs/architecture.md, A transformation, end to end): in-process on SQLite, PostgreSQL
 * LISTEN/NOTIFY on PostgreSQL so that a change made through one instance (or a worker
 * process) reaches the SSE clients of every instance.
 */
export interface ProjectEventBus {
  readonly name: 'memory' | 'postgres';
  /** Sends an event to every subscriber of its project, on every instance. */
  publish(event: ProjectEvent): Promise<void>;
  /** Calls `listener` for each event of the project; returns the unsubscribe function. */
  subscribe(projectId: string, listener: ProjectEventListener): () => void;
  /**
   * Tells every instance, this one included, that sessions may have ended or changed (a
   * sign-out, a password change, a deleted account), so that each drops the sessions it
   * remembers (docs/decisions/105-sessions-end-everywhere.md). Never seen by SSE clients.
   */
  publishSessionsChanged(): Promise<void>;
  /**
   * Calls `listener` for every sessions-changed notice from any instance, and whenever notices
   * may have been missed (a lost connection); returns the unsubscribe function.
   */
  onSessionsChanged(listener: SessionsChangedListener): () => void;
  close(): Promise<void>;
}

/** The one logging call publishing needs; Fastify's and pino's loggers both fit. */
export interface EventErrorLog {
  error(details: object, message: string): void;
}

/**
 * Publishes an event; a lost event is logged, never thrown: the change it reports is already
 * stored, and tabs catch up when they next load the project.
 */
export async function publishOrLog(
  bus: ProjectEventBus,
  event: ProjectEvent,
  log: EventErrorLog,
): Promise<void> {
  try {
    await bus.publish(event);
  } catch (error) {
    log.error({ err: error, projectId: event.projectId, type: event.type }, 'project event not sent');
  }
}
