import type { Config } from '../../config.ts';
import { MemoryProjectEventBus } from './memory-project-event-bus.ts';
import { PostgresProjectEventBus } from './postgres-project-event-bus.ts';
import type { ProjectEventBus } from './project-event-bus.ts';

/**
 * The bus for the configured database: LISTEN/NOTIFY on PostgreSQL (so worker processes and
 * other instances reach every SSE client), in-process on SQLite (one process by design).
 */
export async function createProjectEventBus(
  database: Config['database'],
  onError?: (error: unknown) => void,
): Promise<ProjectEventBus> {
  if (database.dialect === 'postgres') {
    const bus = new PostgresProjectEventBus({ url: database.url, onError });
    await bus.whenReady();
    return bus;
  }
  return new MemoryProjectEventBus();
}
