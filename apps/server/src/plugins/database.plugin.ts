import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

/** Migrates the database at boot, exposes it as `app.db`, and closes it with the app. */
export const databasePlugin = fp<{ handle: DatabaseHandle }>(
  async (app, { handle }) => {
    const applied = await migrateToLatest(handle.db, handle.dialect);
    if (applied.length > 0) app.log.info({ applied }, 'database migrated');
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    app.addHook('onClose', async () => {
      await handle.db.destroy();
    });
  },
  { name: 'database' },
);
