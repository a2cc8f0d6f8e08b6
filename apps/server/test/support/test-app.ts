import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createPostgresTestDatabase, type TestDialect } from './test-databases.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDirectory: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on a temporary data directory and the given dialect.
 * `prepare` can add test-only routes before the app is made ready.
 */
export async function createTestApp(
  dialect: TestDialect,
  environment: Record<string, string> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const dataDirectory = await mkdtemp(path.join(tmpdir(), 'facelift-test-'));
  const postgres = dialect === 'postgres' ? await createPostgresTestDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDirectory,
    WEB_DIST_DIR: path.join(dataDirectory, 'web-dist'),
    ...(postgres && postgres.database.dialect === 'postgres' ? { DATABASE_URL: postgres.database.url } : {}),
    ...environment,
  });
  const app = await buildApp(config, { logger: false });
  await prepare?.(app);
  await app.ready();
  return {
    app,
    config,
    dataDirectory,
    async close() {
      await app.close();
      await postgres?.dispose();
      await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}
