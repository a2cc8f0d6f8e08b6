import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromBoolean, fromDate } from '../../db/dialect.ts';

const profileColumns = [
  'id',
  'email',
  'companyName',
  'fname',
  'lname',
  'isAdmin',
  'packageTier',
  'lastPurchaseAt',
  'createdAt',
] as const;

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('user').select(profileColumns).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('user')
    .select(profileColumns)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function listUsers(db: Kysely<Database>) {
  return db.selectFrom('user').select(profileColumns).orderBy('createdAt').execute();
}

/** The account created first (ties broken by id, so that two sign-ups at once agree). */
export function findFirstUserId(db: Kysely<Database>) {
  return db
    .selectFrom('user')
    .select('id')
    .orderBy('createdAt')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row?.id ?? null);
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function updateIsAdmin(
  db: Kysely<Database>,
  dialect: DialectName,
  id: string,
  isAdmin: boolean,
) {
  await db
    .updateTable('user')
    .set({ isAdmin: fromBoolean(dialect, isAdmin), updatedAt: fromDate(dialect, new Date()) })
    .where('id', '=', id)
    .execute();
}

type Executor = Kysely<Database> | Transaction<Database>;

/** A purchase makes the account paid and records when (docs/product.md, Plans and payments). */
export async function markUserPaid(
  db: Executor,
  dialect: DialectName,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('user')
    .set({ packageTier: 'paid', lastPurchaseAt: fromDate(dialect, at), updatedAt: fromDate(dialect, at) })
    .where('id', '=', userId)
    .execute();
}

export async function findPackageTier(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('user').select('packageTier').where('id', '=', userId).executeTakeFirst();
  return row?.packageTier;
}
