import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.ts';
import type { DialectName } from './dialect.ts';
import { migrations } from './migrations/index.ts';

/** A migration receives the dialect so that it can pick portable column types. */
export interface PortableMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}

class PortableMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => {
        const { down } = migration;
        const adapted: Migration = {
          up: (db: Kysely<unknown>) => migration.up(db, this.dialect),
          ...(down ? { down: (db: Kysely<unknown>) => down(db, this.dialect) } : {}),
        };
        return [name, adapted];
      }),
    );
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new PortableMigrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
