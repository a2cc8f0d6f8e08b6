import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate } from '../../db/dialect.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type CheckoutSessionRow = Selectable<Database['checkout_session']>;

export async function insertCheckoutSession(
  db: Executor,
  dialect: DialectName,
  session: Omit<CheckoutSessionRow, 'created_at' | 'fulfilled_at'> & { createdAt: Date },
): Promise<void> {
  const { createdAt, ...columns } = session;
  await db
    .insertInto('checkout_session')
    .values({ ...columns, created_at: fromDate(dialect, createdAt), fulfilled_at: null })
    .execute();
}

export function findCheckoutSession(db: Executor, id: string): Promise<CheckoutSessionRow | undefined> {
  return db.selectFrom('checkout_session').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Reads a session while holding it for the rest of the transaction, so that two
 * fulfilments of one session (webhook and success page at once) run one after the other.
 */
export async function lockCheckoutSession(
  db: Transaction<Database>,
  dialect: DialectName,
  id: string,
): Promise<CheckoutSessionRow | undefined> {
  if (dialect === 'postgres') {
    return db.selectFrom('checkout_session').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }
  // SQLite: a write first takes the database write lock for the whole transaction.
  await sql`update checkout_session set status = status where id = ${id}`.execute(db);
  return findCheckoutSession(db, id);
}

export async function updateCheckoutSession(
  db: Executor,
  dialect: DialectName,
  id: string,
  changes: {
    status?: CheckoutSessionRow['status'];
    paymentStatus?: CheckoutSessionRow['payment_status'];
    fulfilledAt?: Date;
  },
): Promise<void> {
  await db
    .updateTable('checkout_session')
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.paymentStatus ? { payment_status: changes.paymentStatus } : {}),
      ...(changes.fulfilledAt ? { fulfilled_at: fromDate(dialect, changes.fulfilledAt) } : {}),
    })
    .where('id', '=', id)
    .execute();
}
