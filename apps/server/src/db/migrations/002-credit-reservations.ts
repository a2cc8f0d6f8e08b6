import { type Kysely, sql } from 'kysely';
import { columnTypes, currentTimestamp } from '../dialect.ts';
import type { PortableMigration } from '../migrator.ts';

/**
 * The rest of the credit ledger and payments:
 * - `credit_grant`: one row per grant key, kept for ever. Entries that reach zero are removed
 *   (docs/product.md, Credits and tiers), so the unique key on `credit_entry` alone would let a fully spent grant be
 *   granted again; this table keeps grants idempotent after their entry is gone.
 * - `credit_reservation`: credits held for a job, keyed by the job id, with the entries they
 *   were taken from so that a release refunds them with their original dates.
 * - `checkout_session`: every checkout we started (Stripe or the offline test checkout), so
 *   that the plan and owner of a session are ours, not the client's, and fulfilment happens once.
 */
export const creditReservations: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const type = columnTypes(dialect);
    await db.schema
      .createTable('credit_grant')
      .addColumn('grant_key', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('amount', type.decimal, (column) => column.notNull())
      .addColumn('created_at', type.timestamp, (column) =>
        column.notNull().defaultTo(currentTimestamp(dialect)),
      )
      .execute();
    // Grants made before this table existed.
    await sql`insert into credit_grant (grant_key, user_id, amount, created_at)
      select grant_key, user_id, amount, purchased_at from credit_entry where grant_key is not null`.execute(
      db,
    );

    await db.schema
      .createTable('credit_reservation')
      .addColumn('job_id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('amount', type.decimal, (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      // [{ entryId, amount, purchasedAt, expiresAt, source }] as JSON text.
      .addColumn('allocations', 'text', (column) => column.notNull())
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .addColumn('settled_at', type.timestamp)
      .execute();
    await db.schema
      .createIndex('credit_reservation_user_index')
      .on('credit_reservation')
      .columns(['user_id', 'status'])
      .execute();

    await db.schema
      .createTable('checkout_session')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('plan_id', 'text', (column) => column.notNull())
      .addColumn('credits', type.decimal, (column) => column.notNull())
      .addColumn('price_cents', 'integer', (column) => column.notNull())
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('payment_status', 'text', (column) => column.notNull())
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .addColumn('fulfilled_at', type.timestamp)
      .execute();
    await db.schema
      .createIndex('checkout_session_user_index')
      .on('checkout_session')
      .column('user_id')
      .execute();
  },
};
