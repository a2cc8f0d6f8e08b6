import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.ts';
import type { PortableMigration } from '../migrator.ts';

/**
 * Paid checkouts of deleted accounts (docs/decisions/026-account-deletion-and-export.md): the
 * bookkeeping keeps what was sold, when and for how much, and nothing that names the buyer.
 */
export const anonymisedPayments: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const type = columnTypes(dialect);
    await db.schema
      .createTable('anonymised_payment')
      .addColumn('checkout_session_id', 'text', (column) => column.primaryKey())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('plan_id', 'text', (column) => column.notNull())
      .addColumn('credits', type.decimal, (column) => column.notNull())
      .addColumn('price_cents', 'integer', (column) => column.notNull())
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('payment_status', 'text', (column) => column.notNull())
      .addColumn('created_at', type.timestamp, (column) => column.notNull())
      .addColumn('fulfilled_at', type.timestamp)
      .addColumn('account_deleted_at', type.timestamp, (column) => column.notNull())
      .execute();
  },
};
