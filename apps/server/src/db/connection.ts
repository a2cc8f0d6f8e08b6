import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import type { DialectName } from './dialect.ts';

/** How long opening a PostgreSQL connection may take before the attempt fails. */
export const postgresConnectTimeoutMs = 5000;

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** Opens the configured database: a WAL-mode SQLite file by default, PostgreSQL with DATABASE_URL. */
export function createDatabase(database: Config['database']): DatabaseHandle {
  if (database.dialect === 'postgres') {
    // A database that does not answer (a lost route) fails a request within seconds instead
    // of holding it forever (docs/decisions/113-faults.md).
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      connectionTimeoutMillis: postgresConnectTimeoutMs,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.error('[database] idle connection lost:', error.message));
    // bigint ids, counts and millisecond times come back as strings by default; they fit in a JS number.
    pool.on('connect', (client) => {
      client.setTypeParser(20, (value: string) => Number(value));
      // A connection lost while checked out (mid-query or mid-transaction) emits 'error' on
      // the client, where the pool does not listen: unheard, it would crash the process. The
      // query itself fails and the pool drops the broken client when it is released.
      client.on('error', (error) => console.error('[database] connection lost:', error.message));
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  directReaders.set(db, (sql, parameters) => {
    // Inside another request's transaction the connection is not ours to read from: the caller
    // waits for it through Kysely, as every query did before.
    if (sqlite.inTransaction) return undefined;
    const statement = statements.prepare(sql);
    return statement.reader ? (statement.all(parameters) as unknown[]) : undefined;
  });
  return { db, dialect: 'sqlite' };
}

/** Runs a read at once on SQLite, or answers undefined when it must go through Kysely. */
export type DirectReader = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReaders = new WeakMap<Kysely<Database>, DirectReader>();

/**
 * The SQLite connection's direct reader, for hot reads (db/prepared-query.ts). better-sqlite3
 * answers synchronously; Kysely's driver wraps each query in a connection lock and a dozen
 * promises, which cost more than the query itself on a signed-in read
 * (docs/decisions/120-lean-request-path.md). Reading directly is safe whenever no transaction
 * is open: JavaScript runs one statement at a time on the one connection either way.
 * Undefined for PostgreSQL and for transactions.
 */
export function directReaderOf(db: Kysely<Database>): DirectReader | undefined {
  return directReaders.get(db);
}

/** Distinct SQL texts kept prepared; the app issues a few dozen, so this is never reached in practice. */
const maximumCachedStatements = 1000;

/**
 * Kysely prepares every query afresh; preparing was a tenth of a signed-in read's CPU time
 * (docs/decisions/102-request-path.md). The app's queries are parameterised, so a handful of
 * SQL texts repeat: each is prepared once and reused. Kysely runs one query at a time on the
 * connection, so a statement is never used twice at once; SQLite re-prepares a statement by
 * itself after a schema change.
 */
function withStatementCache(
  sqlite: SQLite.Database,
): SqliteDialectConfig['database'] & { prepare(sql: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= maximumCachedStatements) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
