import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export function findChatMessage(db: Executor, projectId: string, messageId: string) {
  return db
    .selectFrom('project_chat_message')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

/** The user's message a reply answers: the latest user message before it. */
export function findMessageBefore(db: Executor, projectId: string, createdAt: string | Date) {
  return db
    .selectFrom('project_chat_message')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('role', '=', 'user')
    .where('created_at', '<=', createdAt)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Records the history item a reply's image became; only the first save wins. */
export async function markChatImageSaved(
  db: Executor,
  messageId: string,
  resultId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('project_chat_message')
    .set({ saved_result_id: resultId })
    .where('id', '=', messageId)
    .where('saved_result_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The chat job that wrote a reply, for the image it started from. */
export function findChatJobByReply(db: Executor, messageId: string) {
  return db
    .selectFrom('job')
    .select(['input'])
    .where('kind', '=', 'chat')
    .where('result_id', '=', messageId)
    .executeTakeFirst();
}
