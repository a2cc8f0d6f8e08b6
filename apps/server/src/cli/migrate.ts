import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const { db, dialect } = createDatabase(config.database);
try {
  const applied = await migrateToLatest(db, dialect);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.destroy();
}
