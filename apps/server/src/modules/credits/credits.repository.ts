import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate, fromJson, toJson } from '../../db/dialect.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface NewCreditEntry {
  id: string;
  userId: string;
  amount: number;
  purchasedAt: Date;
  expiresAt: Date | null;
  source: 'starting' | 'purchase' | 'admin';
  grantKey: string | null;
}

/** Inserts an entry; returns false when its grant key was already used (the grant happened before). */
export async function insertCreditEntry(
  db: Executor,
  dialect: DialectName,
  entry: NewCreditEntry,
): Promise<boolean> {
  const result = await db
    .insertInto('credit_entry')
    .values({
      id: entry.id,
      user_id: entry.userId,
      amount: entry.amount,
      purchased_at: fromDate(dialect, entry.purchasedAt),
      expires_at: entry.expiresAt ? fromDate(dialect, entry.expiresAt) : null,
      source: entry.source,
      grant_key: entry.grantKey,
    })
    .onConflict((conflict) => conflict.column('grant_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertCreditMovement(
  db: Executor,
  movement: {
    userId: string;
    kind: Database['credit_movement']['kind'];
    amount: number;
    reason: string;
    reference: string | null;
  },
): Promise<void> {
  await db
    .insertInto('credit_movement')
    .values({
      user_id: movement.userId,
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
      reference: movement.reference,
    })
    .execute();
}

/** Sum of the entries not expired at `now`. */
export async function sumActiveCredits(
  db: Executor,
  dialect: DialectName,
  userId: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('credit_entry')
    .select((expression) => expression.fn.sum<number | string | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where((expression) =>
      expression.or([
        expression('expires_at', 'is', null),
        expression('expires_at', '>', fromDate(dialect, now)),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Serialises every ledger change of one user: PostgreSQL locks the user row until the
 * transaction ends; SQLite takes the database write lock now (a write as the first statement)
 * rather than upgrading a read lock later, which another process could make fail.
 */
export async function lockUserLedger(db: Transaction<Database>, dialect: DialectName, userId: string) {
  if (dialect === 'postgres') {
    await sql`select id from "user" where id = ${userId} for update`.execute(db);
  } else {
    await sql`update "user" set "updatedAt" = "updatedAt" where id = ${userId}`.execute(db);
  }
}

export type CreditEntryRow = Selectable<Database['credit_entry']>;

/** Entries usable at `now`, oldest purchase first (the order they are spent in). */
export function selectActiveEntries(db: Executor, dialect: DialectName, userId: string, now: Date) {
  return db
    .selectFrom('credit_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where((expression) =>
      expression.or([
        expression('expires_at', 'is', null),
        expression('expires_at', '>', fromDate(dialect, now)),
      ]),
    )
    .orderBy('purchased_at')
    .orderBy('id')
    .execute();
}

/** Entries whose expiry is at or before `now`. */
export function selectExpiredEntries(db: Executor, dialect: DialectName, userId: string, now: Date) {
  return db
    .selectFrom('credit_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', fromDate(dialect, now))
    .orderBy('purchased_at')
    .execute();
}

export async function deleteCreditEntry(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('credit_entry').where('id', '=', id).execute();
}

export async function updateCreditEntryAmount(db: Executor, id: string, amount: number): Promise<void> {
  await db.updateTable('credit_entry').set({ amount }).where('id', '=', id).execute();
}

export async function findCreditEntry(db: Executor, id: string): Promise<CreditEntryRow | undefined> {
  return db.selectFrom('credit_entry').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a grant key for good; false when it was recorded before (the grant happened already). */
export async function insertCreditGrant(
  db: Executor,
  grant: { grantKey: string; userId: string; amount: number },
): Promise<boolean> {
  const result = await db
    .insertInto('credit_grant')
    .values({ grant_key: grant.grantKey, user_id: grant.userId, amount: grant.amount })
    .onConflict((conflict) => conflict.column('grant_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Where a reservation took its credits from, so that a release can put them back. */
export interface ReservationAllocation {
  entryId: string;
  amount: number;
  purchasedAt: string;
  expiresAt: string | null;
  source: Database['credit_entry']['source'];
}

export type CreditReservationRow = Selectable<Database['credit_reservation']>;

export async function insertReservation(
  db: Executor,
  dialect: DialectName,
  reservation: {
    jobId: string;
    userId: string;
    amount: number;
    reason: string;
    allocations: ReservationAllocation[];
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('credit_reservation')
    .values({
      job_id: reservation.jobId,
      user_id: reservation.userId,
      amount: reservation.amount,
      status: 'reserved',
      reason: reservation.reason,
      allocations: toJson(reservation.allocations),
      created_at: fromDate(dialect, reservation.now),
      settled_at: null,
    })
    .execute();
}

/** SQLite: takes the write lock before the reservation is read (see lockUserLedger); PostgreSQL locks the user next. */
export async function lockReservationForSqlite(
  db: Transaction<Database>,
  dialect: DialectName,
  jobId: string,
) {
  if (dialect === 'sqlite') {
    await sql`update credit_reservation set status = status where job_id = ${jobId}`.execute(db);
  }
}

export function findReservation(db: Executor, jobId: string): Promise<CreditReservationRow | undefined> {
  return db.selectFrom('credit_reservation').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export async function settleReservation(
  db: Executor,
  dialect: DialectName,
  jobId: string,
  status: 'committed' | 'released',
  now: Date,
): Promise<void> {
  await db
    .updateTable('credit_reservation')
    .set({ status, settled_at: fromDate(dialect, now) })
    .where('job_id', '=', jobId)
    .execute();
}

/** Lowers a reservation to what is kept of it (a cheaper outcome than reserved for). */
export async function reduceReservation(
  db: Executor,
  jobId: string,
  amount: number,
  allocations: ReservationAllocation[],
): Promise<void> {
  await db
    .updateTable('credit_reservation')
    .set({ amount, allocations: toJson(allocations) })
    .where('job_id', '=', jobId)
    .execute();
}

export function listReservations(db: Executor, userId: string, status?: CreditReservationRow['status']) {
  let query = db.selectFrom('credit_reservation').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return query.orderBy('created_at').execute();
}

export function listCreditMovements(db: Executor, userId: string) {
  return db.selectFrom('credit_movement').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export function parseAllocations(row: CreditReservationRow): ReservationAllocation[] {
  return fromJson<ReservationAllocation[]>(row.allocations);
}
