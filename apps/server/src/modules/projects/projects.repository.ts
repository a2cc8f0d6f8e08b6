import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type {
  Database,
  ProjectChatMessageTable,
  ProjectHistoryItemTable,
  ProjectRegionTable,
  ProjectTable,
} from '../../db/database.ts';
import { type DialectName, fromDate } from '../../db/dialect.ts';
import { preparedQuery } from '../../db/prepared-query.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type ProjectRow = Selectable<ProjectTable>;
export type HistoryItemRow = Selectable<ProjectHistoryItemTable>;
export type ChatMessageRow = Selectable<ProjectChatMessageTable>;
export type RegionRow = Selectable<ProjectRegionTable>;

let version = 0;

/**
 * A number that changes after every write to a project or its history through this module,
 * for caches of what they show (projects.service.ts, the project list). Bumped once the write
 * has run: a read that began before it may see either state, and is stored under the older
 * number, which is never answered again.
 */
export function writeVersion(): number {
  return version;
}

async function bumpingVersion<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    version += 1;
  }
}

export function insertProject(db: Executor, row: ProjectRow) {
  return bumpingVersion(db.insertInto('project').values(row).execute());
}

/** The project if `userId` owns it: other users' projects do not exist for them. */
export function findOwnedProject(db: Executor, userId: string, projectId: string) {
  return db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The project list without a search is every signed-in dashboard's read: compiled once. */
const listAllOwnedProjects = preparedQuery((db, userId: string) =>
  db
    .selectFrom('project')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id'),
);

export function listOwnedProjects(db: Executor, userId: string, search?: string) {
  if (!search) return listAllOwnedProjects(db, userId);
  return db
    .selectFrom('project')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<boolean>`lower(name) like ${likePattern(search)} escape '\\'`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function renameProject(db: Executor, dialect: DialectName, projectId: string, name: string) {
  return bumpingVersion(
    db
      .updateTable('project')
      .set({ name, updated_at: fromDate(dialect, new Date()) })
      .where('id', '=', projectId)
      .executeTakeFirst(),
  );
}

export function touchProject(db: Executor, dialect: DialectName, projectId: string) {
  return bumpingVersion(
    db
      .updateTable('project')
      .set({ updated_at: fromDate(dialect, new Date()) })
      .where('id', '=', projectId)
      .execute(),
  );
}

/** Deletes the project; history, chat and regions go with it (ON DELETE CASCADE). */
export async function deleteProject(db: Executor, projectId: string): Promise<boolean> {
  const result = await bumpingVersion(
    db.deleteFrom('project').where('id', '=', projectId).executeTakeFirst(),
  );
  return Number(result.numDeletedRows) > 0;
}

export function insertHistoryItem(db: Executor, row: HistoryItemRow) {
  return bumpingVersion(db.insertInto('project_history_item').values(row).execute());
}

export function listHistoryItems(db: Executor, projectId: string) {
  return db
    .selectFrom('project_history_item')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findHistoryItem(db: Executor, projectId: string, itemId: string) {
  return db
    .selectFrom('project_history_item')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export function markHistoryItemSaved(db: Executor, dialect: DialectName, itemId: string, savedAt: Date) {
  return bumpingVersion(
    db
      .updateTable('project_history_item')
      .set({ saved_at: fromDate(dialect, savedAt) })
      .where('id', '=', itemId)
      .where('saved_at', 'is', null)
      .execute(),
  );
}

/** History counts and the latest result thumbnails of several projects, for dashboard cards. */
const listHistoryOfProjects = preparedQuery((db, projectIds: string[]) =>
  db
    .selectFrom('project_history_item')
    .selectAll()
    .where('project_id', 'in', projectIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);

export async function summarizeHistory(db: Executor, projectIds: string[], perProject: number) {
  if (projectIds.length === 0) return new Map<string, { count: number; recent: HistoryItemRow[] }>();
  const rows = await listHistoryOfProjects(db, projectIds);
  const summary = new Map<string, { count: number; recent: HistoryItemRow[] }>();
  for (const row of rows) {
    const entry = summary.get(row.project_id) ?? { count: 0, recent: [] };
    entry.count += 1;
    if (entry.recent.length < perProject) entry.recent.push(row);
    summary.set(row.project_id, entry);
  }
  return summary;
}

export function insertChatMessage(db: Executor, row: ChatMessageRow) {
  return db.insertInto('project_chat_message').values(row).execute();
}

export function listChatMessages(db: Executor, projectId: string) {
  return db
    .selectFrom('project_chat_message')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function listRegions(db: Executor, projectId: string) {
  return db
    .selectFrom('project_region')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('element')
    .execute();
}

export function findRegion(db: Executor, projectId: string, element: RegionRow['element']) {
  return db
    .selectFrom('project_region')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('element', '=', element)
    .executeTakeFirst();
}

export function upsertRegion(db: Executor, row: RegionRow) {
  return db
    .insertInto('project_region')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'element']).doUpdateSet({
        key: row.key,
        width: row.width,
        height: row.height,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export function deleteRegion(db: Executor, projectId: string, element: RegionRow['element']) {
  return db
    .deleteFrom('project_region')
    .where('project_id', '=', projectId)
    .where('element', '=', element)
    .execute();
}
