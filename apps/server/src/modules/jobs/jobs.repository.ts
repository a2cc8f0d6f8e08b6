import type { Kysely, Transaction } from 'kysely';
import type { Database, JobTable } from '../../db/database.ts';
import { type DialectName, fromDate, toJson } from '../../db/dialect.ts';
import { processIdentity } from '../../lib/process-identity.ts';

export type JobRow = Awaited<ReturnType<typeof findJobById>> & {};

export interface NewJob {
  id: string;
  kind: JobTable['kind'];
  userId: string;
  projectId: string;
  input: unknown;
  prompt: string;
  cost: number;
  createdAt: Date;
}

export async function insertJob(
  db: Kysely<Database> | Transaction<Database>,
  dialect: DialectName,
  job: NewJob,
): Promise<void> {
  await db
    .insertInto('job')
    .values({
      id: job.id,
      user_id: job.userId,
      project_id: job.projectId,
      kind: job.kind,
      status: 'queued',
      input: toJson(job.input),
      prompt: job.prompt,
      cost: job.cost,
      created_at: fromDate(dialect, job.createdAt),
    })
    .execute();
}

export function findJobById(db: Kysely<Database>, id: string) {
  return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findJobForUser(db: Kysely<Database>, id: string, userId: string) {
  return db
    .selectFrom('job')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function listJobsForProject(db: Kysely<Database>, projectId: string, userId: string) {
  return db
    .selectFrom('job')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
}

/**
 * Generations that count against the free tier: every job not failed that made an image
 * (a chat reply that answered with text only costs nothing and is set to cost 0).
 */
export async function countGenerations(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('job')
    .select((expression) => expression.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '!=', 'failed')
    .where((expression) =>
      expression.or([expression('kind', '=', 'transformation'), expression('cost', '>', 0)]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** queued → running, atomically: only one worker wins a job. Returns the claimed row or null. */
export async function claimJob(db: Kysely<Database>, dialect: DialectName, id: string, now: Date) {
  const result = await db
    .updateTable('job')
    .set((expression) => ({
      status: 'running',
      started_at: fromDate(dialect, now),
      heartbeat_at: fromDate(dialect, now),
      run_by: processIdentity,
      attempts: expression('attempts', '+', 1),
      version: expression('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return findJobById(db, id);
}

/**
 * running → storing. False when the job is no longer running: it was ended meanwhile (its
 * project deleted, or a sweep judged it interrupted), so its result must not be stored.
 */
export async function markJobStoring(
  db: Kysely<Database>,
  id: string,
  resultKey: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set((expression) => ({
      status: 'storing',
      result_key: resultKey,
      version: expression('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listUnfinishedJobsOfProject(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('job')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('status', 'in', ['queued', 'running', 'storing'])
    .execute();
}

export async function finishJob(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
  outcome:
    | { status: 'done'; resultId: string }
    | { status: 'failed'; errorCode: string; errorMessage: string },
  now: Date,
) {
  await db
    .updateTable('job')
    .set((expression) => ({
      status: outcome.status,
      finished_at: fromDate(dialect, now),
      result_id: outcome.status === 'done' ? outcome.resultId : null,
      error_code: outcome.status === 'failed' ? outcome.errorCode : null,
      error_message: outcome.status === 'failed' ? outcome.errorMessage : null,
      version: expression('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('status', 'not in', ['done', 'failed'])
    .execute();
}

/** What a job was charged in the end, when less than it held (a text-only chat reply). */
export async function setJobCost(db: Kysely<Database>, id: string, cost: number) {
  await db.updateTable('job').set({ cost }).where('id', '=', id).execute();
}

/** The worker running a job says it is alive. */
export async function touchJob(db: Kysely<Database>, dialect: DialectName, id: string, now: Date) {
  await db
    .updateTable('job')
    .set({ heartbeat_at: fromDate(dialect, now) })
    .where('id', '=', id)
    .where('status', 'in', ['running', 'storing'])
    .execute();
}

/**
 * Takes over a running or storing job whose heartbeat stopped before `staleBefore`, by
 * touching it: of several instances sweeping at once, exactly one gets true.
 */
export async function takeOverStaleJob(
  db: Kysely<Database>,
  dialect: DialectName,
  row: { id: string; status: JobTable['status'] },
  staleBefore: Date,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ heartbeat_at: fromDate(dialect, now) })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where((expression) =>
      expression(
        expression.fn.coalesce('heartbeat_at', 'started_at', 'created_at'),
        '<=',
        fromDate(dialect, staleBefore),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Puts an interrupted job back in the queue. */
export async function requeueJob(db: Kysely<Database>, id: string) {
  await db
    .updateTable('job')
    .set((expression) => ({
      status: 'queued',
      started_at: null,
      heartbeat_at: null,
      result_key: null,
      version: expression('version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

export function listUnfinishedJobs(db: Kysely<Database>) {
  return db.selectFrom('job').selectAll().where('status', 'in', ['queued', 'running', 'storing']).execute();
}
