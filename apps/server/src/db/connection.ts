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
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
  };
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
function withStatementCache(sqlite: SQLite.Database): SqliteDialectConfig['database'] {
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
