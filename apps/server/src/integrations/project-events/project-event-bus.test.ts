import type { ProjectEvent } from '@facelift/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../../../test/support/tcp-proxy.ts';
import { createPostgresTestDatabase, type TestDatabase } from '../../../test/support/test-databases.ts';
import { postgresConnectTimeoutMs } from '../../db/connection.ts';
import { MemoryProjectEventBus } from './memory-project-event-bus.ts';
import { listenerApplicationName, PostgresProjectEventBus } from './postgres-project-event-bus.ts';
import type { ProjectEventBus } from './project-event-bus.ts';

function collect(bus: ProjectEventBus, projectId: string) {
  const events: ProjectEvent[] = [];
  const unsubscribe = bus.subscribe(projectId, (event) => events.push(event));
  return {
    events,
    unsubscribe,
    async next(predicate: (event: ProjectEvent) => boolean, timeoutMs = 5000): Promise<ProjectEvent> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no matching event; got ${JSON.stringify(events)}`);
    },
  };
}

describe('memory project event bus', () => {
  it('delivers to the subscribers of the project only, until they unsubscribe', async () => {
    const bus = new MemoryProjectEventBus();
    const mine = collect(bus, 'p1');
    const other = collect(bus, 'p2');
    await bus.publish({ type: 'project.renamed', projectId: 'p1', name: 'A' });
    mine.unsubscribe();
    await bus.publish({ type: 'project.renamed', projectId: 'p1', name: 'B' });
    expect(mine.events).toEqual([{ type: 'project.renamed', projectId: 'p1', name: 'A' }]);
    expect(other.events).toEqual([]);
    await bus.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL project event bus', () => {
  let database: TestDatabase;
  let url: string;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    if (database.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    url = database.database.url;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /**
   * A reader that reaches PostgreSQL through a proxy able to drop its connection and leave new
   * ones unanswered (a lost route), as in test/database-outage.api.test.ts.
   */
  async function readerBehindProxy() {
    const direct = new URL(url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    return { proxy, reader: new PostgresProjectEventBus({ url: proxied.toString(), reconnectDelayMs: 200 }) };
  }

  it('fans events out between instances, sends large ones as refetch hints, and survives a lost connection', async () => {
    const writer = new PostgresProjectEventBus({ url, reconnectDelayMs: 100 });
    const reader = new PostgresProjectEventBus({ url, reconnectDelayMs: 100 });
    try {
      await Promise.all([writer.whenReady(), reader.whenReady()]);
      const received = collect(reader, 'p1');
      const echoed = collect(writer, 'p1');

      await writer.publish({ type: 'project.renamed', projectId: 'p1', name: 'Shared' });
      expect(await received.next((event) => event.type === 'project.renamed')).toMatchObject({
        name: 'Shared',
      });
      // The publishing instance hears its own events through the same channel.
      expect(await echoed.next((event) => event.type === 'project.renamed')).toMatchObject({
        name: 'Shared',
      });

      await writer.publish({ type: 'project.renamed', projectId: 'p1', name: 'x'.repeat(9000) });
      expect(await received.next((event) => event.type === 'project.changed')).toEqual({
        type: 'project.changed',
        projectId: 'p1',
      });
      received.events.length = 0;

      // Kill every listening connection: the bus reconnects and tells open streams to refetch.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()",
      );
      await admin.end();
      expect(await received.next((event) => event.type === 'project.changed')).toEqual({
        type: 'project.changed',
        projectId: 'p1',
      });
      await writer.whenReady();
      await writer.publish({ type: 'project.renamed', projectId: 'p1', name: 'After reconnect' });
      expect(
        await received.next((event) => event.type === 'project.renamed' && event.name === 'After reconnect'),
      ).toBeTruthy();
    } finally {
      await writer.close();
      await reader.close();
    }
  });

  it('listens again within its reconnect delay once a lost route is back, not after a connect timeout', async () => {
    const { proxy, reader } = await readerBehindProxy();
    const writer = new PostgresProjectEventBus({ url });
    try {
      await Promise.all([writer.whenReady(), reader.whenReady()]);
      const received = collect(reader, 'p1');
      proxy.cut();
      // The route comes back just after a reconnect attempt went unanswered: that attempt waits
      // out its connect timeout, and the next must not wait for it
      // (docs/decisions/260-listen-reconnect-overlaps.md).
      await proxy.nextHeld(listenerApplicationName);
      proxy.restore();
      const restoredAt = Date.now();
      await received.next((event) => event.type === 'project.changed', 2 * postgresConnectTimeoutMs);
      expect(Date.now() - restoredAt).toBeLessThan(postgresConnectTimeoutMs / 2);
      await writer.publish({ type: 'project.renamed', projectId: 'p1', name: 'Back' });
      expect(await received.next((event) => event.type === 'project.renamed')).toMatchObject({
        name: 'Back',
      });
    } finally {
      await writer.close();
      await reader.close();
      await proxy.close();
    }
  }, 30_000);

  it('closes at once while its reconnect attempts wait unanswered on a lost route', async () => {
    // pg never settles connect() for a client ended mid-handshake: close() used to wait on the
    // last attempt forever (docs/decisions/260-listen-reconnect-overlaps.md, "Later").
    const { proxy, reader } = await readerBehindProxy();
    try {
      await reader.whenReady();
      proxy.cut();
      await proxy.nextHeld(listenerApplicationName);
      const closing = reader.close().then(() => 'closed');
      const late = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000).unref());
      expect(await Promise.race([closing, late])).toBe('closed');
    } finally {
      await proxy.close();
    }
  }, 30_000);
});
