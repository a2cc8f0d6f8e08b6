import { EventEmitter } from 'node:events';
import type { ProjectEvent } from '@facelift/shared';
import type { ProjectEventBus, ProjectEventListener, SessionsChangedListener } from './project-event-bus.ts';

/** Not a project id: project ids are UUIDs. */
const sessionsChanged = Symbol('sessions changed');

/** One process: an EventEmitter keyed by project id. */
export class MemoryProjectEventBus implements ProjectEventBus {
  readonly name = 'memory' as const;
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open SSE stream: many tabs on one project are normal.
    this.emitter.setMaxListeners(0);
  }

  async publish(event: ProjectEvent): Promise<void> {
    this.emitter.emit(event.projectId, event);
  }

  subscribe(projectId: string, listener: ProjectEventListener): () => void {
    this.emitter.on(projectId, listener);
    return () => this.emitter.off(projectId, listener);
  }

  async publishSessionsChanged(): Promise<void> {
    this.deliverSessionsChanged();
  }

  onSessionsChanged(listener: SessionsChangedListener): () => void {
    this.emitter.on(sessionsChanged, listener);
    return () => this.emitter.off(sessionsChanged, listener);
  }

  /** Tells this process's sessions-changed listeners only (the PostgreSQL bus uses it). */
  deliverSessionsChanged(): void {
    this.emitter.emit(sessionsChanged);
  }

  /** Delivers an event to this process's subscribers only (the PostgreSQL bus uses it). */
  deliver(event: ProjectEvent): void {
    this.emitter.emit(event.projectId, event);
  }

  /** How many subscribers a project has in this process. */
  subscriberCount(projectId: string): number {
    return this.emitter.listenerCount(projectId);
  }

  projectIds(): string[] {
    return this.emitter.eventNames().filter((name): name is string => typeof name === 'string');
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
