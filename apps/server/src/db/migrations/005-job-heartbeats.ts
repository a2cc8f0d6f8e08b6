import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';
import type { PortableMigration } from '../migrator.ts';

/**
 * Crash recovery on any instance (docs/decisions/021-ending-jobs.md): a running job's worker
 * touches `heartbeat_at` every few seconds, so a job whose heartbeat stopped is known to be
 * interrupted within a minute; `result_key` is where a storing job writes its result, so the
 * file of a job killed while storing can be found and removed.
 */
export const jobHeartbeats: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const type = columnTypes(dialect);
    await db.schema.alterTable('job').addColumn('heartbeat_at', type.timestamp).execute();
    await db.schema.alterTable('job').addColumn('result_key', 'text').execute();
  },
};
