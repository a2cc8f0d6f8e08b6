import type { Kysely } from 'kysely';
import type { PortableMigration } from '../migrator.ts';

/**
 * Chat replies remember the history item their image was saved to the project as, so that
 * "save to project" is idempotent and shows as done after a reload.
 */
export const chatSavedResults: PortableMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('project_chat_message').addColumn('saved_result_id', 'text').execute();
  },
};
