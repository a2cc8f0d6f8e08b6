import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../../src/config.ts';

/** A database an API test suite runs against; `dispose` removes everything it created. */
export interface TestDatabase {
  database: Config['database'];
  dispose(): Promise<void>;
}

export type TestDialect = 'sqlite' | 'postgres';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * The dialects API suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
 * Each suite reports the skip in its title so a green run cannot hide it.
 */
export const testDialects: { dialect: TestDialect; title: string; isAvailable: boolean }[] = [
  { dialect: 'sqlite', title: 'on SQLite', isAvailable: true },
  {
    dialect: 'postgres',
    title: postgresUrl ? 'on PostgreSQL' : 'on PostgreSQL (SKIPPED: set TEST_DATABASE_URL to run)',
    isAvailable: Boolean(postgresUrl),
  },
];

if (!postgresUrl) {
  console.warn('[tests] PostgreSQL suites are skipped: TEST_DATABASE_URL is not set.');
}

async function runAdminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh PostgreSQL database per suite (created next to TEST_DATABASE_URL's), so suites
 * run in parallel and the migrator never sees another suite's tables.
 */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `facelift_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    database: { dialect: 'postgres', url: url.toString() },
    async dispose() {
      await runAdminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
