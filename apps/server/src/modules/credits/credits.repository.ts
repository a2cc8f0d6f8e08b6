import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate } from '../../db/dialect.ts';

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
