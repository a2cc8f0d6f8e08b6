import type { ColumnDataType, Kysely, RawBuilder } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * Every difference between SQLite and PostgreSQL lives here, so migrations and
 * repositories are written once. Conventions:
 * - timestamps: `timestamptz` on PostgreSQL (read back as Date), ISO-8601 `text` on SQLite
 *   (read back as string); write Date or ISO strings, read through `toIsoString`. This is
 *   also what better-auth's Kysely adapter expects of each dialect;
 * - booleans: `boolean` on PostgreSQL, 0/1 `integer` on SQLite (use `toBoolean` on read);
 * - JSON: `jsonb` on PostgreSQL, `text` on SQLite (use `toJson` / `fromJson`).
 */
export type DialectName = 'sqlite' | 'postgres';

export function columnTypes(dialect: DialectName) {
  const isPostgres = dialect === 'postgres';
  return {
    timestamp: (isPostgres ? 'timestamptz' : 'text') as ColumnDataType,
    boolean: (isPostgres ? 'boolean' : 'integer') as ColumnDataType,
    json: (isPostgres ? 'jsonb' : 'text') as ColumnDataType,
    decimal: (isPostgres ? 'double precision' : 'real') as ColumnDataType,
    /** Auto-incrementing integer primary key. */
    serial: (isPostgres ? 'bigserial' : 'integer') as ColumnDataType,
  };
}

/** The current time as a column default, in the dialect's timestamp representation. */
export function currentTimestamp(dialect: DialectName): RawBuilder<string> {
  return dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

const canonicalIso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A timestamp as read from either dialect, as an ISO-8601 string. */
export function toIsoString(value: Date | string): string;
export function toIsoString(value: Date | string | null | undefined): string | null;
export function toIsoString(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  // SQLite keeps what toISOString wrote (or strftime's same format): already canonical, and
  // parsing it again only to print it back was a visible cost of every list (decision 102).
  return canonicalIso.test(value) ? value : new Date(value).toISOString();
}

/** A timestamp parameter in the representation the dialect stores. */
export function fromDate(dialect: DialectName, value: Date): Date | string {
  return dialect === 'postgres' ? value : value.toISOString();
}

export function toBoolean(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

export function fromBoolean(dialect: DialectName, value: boolean): boolean | number {
  return dialect === 'postgres' ? value : value ? 1 : 0;
}

/** JSON is written as text on both dialects: pg would turn a bare array into a PostgreSQL array. */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Compiled once: the health check runs it for every probe (docs/decisions/102-request-path.md). */
const pingQuery = CompiledQuery.raw('select 1 as ok');

/** `SELECT 1`, to tell whether the database answers. */
export function ping(db: Kysely<Database>): Promise<unknown> {
  return db.executeQuery(pingQuery);
}
