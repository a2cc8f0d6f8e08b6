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
  /** Connection attempts under way; several while the database does not answer (decision 260). */
  private readonly attempts = new Set<pg.Client>();
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
    this.attempts.add(client);
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
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    // pg never settles connect() for a client ended mid-handshake (a losing attempt, or one
    // ended by close()): its 'end' settles it instead, or close() and whenReady() would wait
    // forever (docs/decisions/260-listen-reconnect-overlaps.md).
    const ended = new Promise<never>((_, reject) =>
      client.once('end', () => reject(new Error('the connection ended before LISTEN'))),
    );
    ended.catch(() => undefined);
    try {
      await Promise.race([client.connect(), ended]);
      await client.query(`listen ${projectEventsChannel}`);
      await client.query(`listen ${sessionsChangedChannel}`);
      await client.query(`listen ${sessionsForgottenChannel}`);
    } catch (error) {
      // An attempt ended because another one got there first is no problem worth a log line.
      if (!this.listener && !this.isClosed) this.options.onError?.(error);
      this.lost(client);
      return;
    }
    this.attempts.delete(client);
    if (this.isClosed || this.listener) {
      // Closed meanwhile, or another attempt got there first.
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    for (const other of this.attempts) other.end().catch(() => undefined);
    this.attempts.clear();
    // Events sent while we were disconnected are lost: tell every open stream to refetch, and
    // forget remembered sessions, one of which may have ended meanwhile.
    if (isReconnect) {
      this.local.deliverSessionsChanged();
      for (const projectId of this.local.projectIds())
        this.local.deliver({ type: 'project.changed', projectId });
    }
  }

  /** A client failed or ended: when it was the listener, or while there is none, try again. */
  private lost(client: pg.Client): void {
    this.attempts.delete(client);
    if (this.listener === client) this.listener = null;
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  /**
   * While nothing listens, a new attempt starts every `reconnectDelayMs`, whether or not the
   * earlier ones have failed yet. Over a lost route an attempt waits out its connect timeout
   * (5 s) unanswered; waiting for it before trying again left the stream deaf for up to 6 s
   * after the database was back, while pg-boss already ran jobs whose events nobody heard
   * (docs/decisions/260-listen-reconnect-overlaps.md). The first attempt that gets LISTEN in
   * place ends the others.
   */
  private scheduleReconnect(): void {
    if (this.isClosed || this.listener || this.reconnectTimer) return;
    const delayMs = this.options.reconnectDelayMs ?? 1000;
    // Enough to keep one going every delay through a connect timeout; a bound all the same.
    const attemptsAtOnce = Math.min(6, Math.ceil(postgresConnectTimeoutMs / Math.max(delayMs, 1)) + 1);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.isClosed || this.listener) return;
      if (this.attempts.size < attemptsAtOnce) this.ready = this.connect(true);
      this.scheduleReconnect();
    }, delayMs);
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
    for (const attempt of this.attempts) attempt.end().catch(() => undefined);
    this.attempts.clear();
    await this.ready.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.publisher.end();
    await this.local.close();
  }
}
