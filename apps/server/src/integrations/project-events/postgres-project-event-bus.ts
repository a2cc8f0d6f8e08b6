import { randomUUID } from 'node:crypto';
import { type ProjectEvent, projectEventSchema } from '@facelift/shared';
import pg from 'pg';
import { postgresConnectTimeoutMs } from '../../db/connection.ts';
import { MemoryProjectEventBus } from './memory-project-event-bus.ts';
import type { ProjectEventBus, ProjectEventListener, SessionsChangedListener } from './project-event-bus.ts';

export const projectEventsChannel = 'facelift_project_events';
/**
 * Sessions-changed notices and their acknowledgements, on the same listening connection
 * (docs/decisions/105-sessions-end-everywhere.md).
 */
export const sessionsChangedChannel = 'facelift_sessions_changed';
export const sessionsForgottenChannel = 'facelift_sessions_forgotten';
/** The listening connections name themselves so that a publisher can count the instances. */
export const listenerApplicationName = 'facelift-event-listener';
/** NOTIFY payloads must stay under 8000 bytes; larger events travel as "refetch" hints. */
const maxPayloadBytes = 7500;

export interface PostgresProjectEventBusOptions {
  url: string;
  /** Logs connection problems; the bus reconnects by itself. */
  onError?: (error: unknown) => void;
  reconnectDelayMs?: number;
  /** Longest wait for every instance to acknowledge a sessions-changed notice. */
  acknowledgementWaitMs?: number;
}

interface PendingNotice {
  awaited: number;
  done: () => void;
}

/**
 * PostgreSQL LISTEN/NOTIFY: every instance listens on one channel on a dedicated connection
 * and delivers to its own SSE clients. Publishing goes through NOTIFY only, so the
 * publishing instance receives its own events the same way as every other.
 */
export class PostgresProjectEventBus implements ProjectEventBus {
  readonly name = 'postgres' as const;
  private readonly local = new MemoryProjectEventBus();
  private readonly publisher: pg.Pool;
  private listener: pg.Client | null = null;
  private isClosed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private ready: Promise<void>;
  /** Sessions-changed notices this instance sent, by nonce, with the acknowledgements still awaited. */
  private readonly pendingNotices = new Map<string, PendingNotice>();

  constructor(private readonly options: PostgresProjectEventBusOptions) {
    this.publisher = new pg.Pool({
      connectionString: options.url,
      max: 2,
      connectionTimeoutMillis: postgresConnectTimeoutMs,
    });
    this.publisher.on('error', (error) => options.onError?.(error));
    this.ready = this.connect(false);
  }

  /** Resolves once the LISTEN is in place. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  private async connect(isReconnect: boolean): Promise<void> {
    // Without a timeout, a reconnect sent into a lost route would wait forever and events
    // would never flow again once the database is back.
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: postgresConnectTimeoutMs,
      application_name: listenerApplicationName,
    });
    client.on('notification', (message) => {
      if (message.channel === sessionsChangedChannel) {
        this.local.deliverSessionsChanged();
        // Sessions are forgotten here (the listeners are synchronous): tell the sender.
        this.publisher
          .query('select pg_notify($1, $2)', [sessionsForgottenChannel, message.payload ?? ''])
          .catch((error: unknown) => this.options.onError?.(error));
        return;
      }
      if (message.channel === sessionsForgottenChannel) {
        const pending = this.pendingNotices.get(message.payload ?? '');
        if (pending) {
          pending.awaited -= 1;
          if (pending.awaited <= 0) pending.done();
        }
        return;
      }
      if (message.channel !== projectEventsChannel || !message.payload) return;
      try {
        const parsed = projectEventSchema.safeParse(JSON.parse(message.payload));
        if (parsed.success) this.local.deliver(parsed.data);
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    client.on('error', (error) => {
      this.options.onError?.(error);
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${projectEventsChannel}`);
      await client.query(`listen ${sessionsChangedChannel}`);
      await client.query(`listen ${sessionsForgottenChannel}`);
    } catch (error) {
      this.options.onError?.(error);
      this.scheduleReconnect(client);
      return;
    }
    if (this.isClosed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Events sent while we were disconnected are lost: tell every open stream to refetch, and
    // forget remembered sessions, one of which may have ended meanwhile.
    if (isReconnect) {
      this.local.deliverSessionsChanged();
      for (const projectId of this.local.projectIds())
        this.local.deliver({ type: 'project.changed', projectId });
    }
  }

  private scheduleReconnect(client: pg.Client): void {
    if (this.isClosed || this.reconnectTimer || (this.listener !== null && this.listener !== client)) return;
    this.listener = null;
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ready = this.connect(true);
    }, this.options.reconnectDelayMs ?? 1000);
  }

  async publish(event: ProjectEvent): Promise<void> {
    let payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > maxPayloadBytes) {
      payload = JSON.stringify({
        type: 'project.changed',
        projectId: event.projectId,
      } satisfies ProjectEvent);
    }
    await this.publisher.query('select pg_notify($1, $2)', [projectEventsChannel, payload]);
  }

  subscribe(projectId: string, listener: ProjectEventListener): () => void {
    return this.local.subscribe(projectId, listener);
  }

  /**
   * Resolves once every listening instance, this one included, has forgotten its sessions
   * (each acknowledges the notice), or after `acknowledgementWaitMs`: PostgreSQL hands a notice
   * to each instance separately, some milliseconds apart, and a client that was answered must
   * not be able to outrun it to another instance. Instances are counted by the application
   * name of their listening connection; one that is reconnecting forgets its sessions when it
   * is back.
   */
  async publishSessionsChanged(): Promise<void> {
    const counted = await this.publisher.query<{ listeners: number }>(
      'select count(*)::int as listeners from pg_stat_activity where datname = current_database() and application_name = $1',
      [listenerApplicationName],
    );
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const forgotten = new Promise<void>((resolve) => {
      this.pendingNotices.set(nonce, { awaited: counted.rows[0]?.listeners ?? 1, done: resolve });
      timer = setTimeout(resolve, this.options.acknowledgementWaitMs ?? 2000);
    });
    try {
      await this.publisher.query('select pg_notify($1, $2)', [sessionsChangedChannel, nonce]);
      await forgotten;
    } finally {
      clearTimeout(timer);
      this.pendingNotices.delete(nonce);
    }
  }

  onSessionsChanged(listener: SessionsChangedListener): () => void {
    return this.local.onSessionsChanged(listener);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.ready.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.publisher.end();
    await this.local.close();
  }
}
