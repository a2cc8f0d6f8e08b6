import type { Kysely } from 'kysely';
import type { PortableMigration } from '../migrator.ts';

/**
 * Which process ran a job (`host:pid`, set when it claims the job): with several workers on one
 * database (README, Deploying) an operator can tell which one ran, or was running, a job, and
 * the scale-out test proves that every worker takes jobs (docs/decisions/118-job-runner.md).
 */
export const jobRunner: PortableMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('job').addColumn('run_by', 'text').execute();
  },
};
