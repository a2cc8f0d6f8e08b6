import type { ColumnDataType, Expression, Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';

/**
 * Every difference between SQLite and PostgreSQL lives here, so migrations and
 * repositories are written once. Conventions:
 * - timestamps: `timestamptz` on PostgreSQL (read back as ISO strings, see connection.ts),
 *   ISO-8601 `text` on SQLite; both compare correctly against ISO string parameters;
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

/** Reads the dialect from a Kysely instance created by createDatabase. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** `SELECT 1`, to tell whether the database answers. */
export function ping(db: Kysely<unknown>): Promise<unknown> {
  const one: Expression<number> = sql<number>`1`;
  return sql`select ${one} as ok`.execute(db);
}
