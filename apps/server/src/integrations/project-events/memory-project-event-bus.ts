import { EventEmitter } from 'node:events';
import type { ProjectEvent } from '@facelift/shared';
import type { ProjectEventBus, ProjectEventListener } from './project-event-bus.ts';

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
