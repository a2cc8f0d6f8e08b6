import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';
import type { PortableMigration } from '../migrator.ts';

/** Transformation jobs: rows in the database so that a restart neither loses nor double-charges one. */
export const jobs: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const type = columnTypes(dialect);
    await db.schema
      .createTable('job')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (column) =>
        column.notNull().references('project.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('input', type.json, (column) => column.notNull())
      .addColumn('prompt', 'text', (column) => column.notNull())
      .addColumn('cost', type.decimal, (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('result_id', 'text')
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .addColumn('started_at', type.timestamp)
      .addColumn('finished_at', type.timestamp)
      .execute();
    await db.schema.createIndex('job_status_index').on('job').column('status').execute();
    await db.schema
      .createIndex('job_project_index')
      .on('job')
      .columns(['project_id', 'created_at'])
      .execute();
  },
};
