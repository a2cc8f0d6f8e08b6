import type { Kysely } from 'kysely';
import type { PortableMigration } from '../migrator.ts';

/**
 * A job's `version` grows by one with every change of its state, so that a browser receiving
 * the same job from live events, a poll and a request's answer keeps the newest one
 * (docs/decisions/041-one-path-for-job-state.md).
 */
export const jobVersions: PortableMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('job')
      .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
