import type { Kysely } from 'kysely';
import { columnTypes, currentTimestamp } from '../dialect.ts';
import type { PortableMigration } from '../migrator.ts';

/**
 * Accounts (the tables and camelCase columns better-auth expects, plus our profile fields on
 * `user`) and the credit ledger (entries and an append-only movement history).
 */
export const accountsAndCredits: PortableMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const type = columnTypes(dialect);
    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('emailVerified', type.boolean, (column) => column.notNull())
      .addColumn('image', 'text')
      .addColumn('createdAt', type.timestamp, (column) => column.notNull())
      .addColumn('updatedAt', type.timestamp, (column) => column.notNull())
      .addColumn('companyName', 'text')
      .addColumn('fname', 'text')
      .addColumn('lname', 'text')
      .addColumn('isAdmin', type.boolean, (column) => column.notNull().defaultTo(false))
      .addColumn('packageTier', 'text', (column) => column.notNull().defaultTo('free'))
      .addColumn('lastPurchaseAt', type.timestamp)
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('expiresAt', type.timestamp, (column) => column.notNull())
      .addColumn('token', 'text', (column) => column.notNull().unique())
      .addColumn('createdAt', type.timestamp, (column) => column.notNull())
      .addColumn('updatedAt', type.timestamp, (column) => column.notNull())
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('userId', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('session_user_id_index').on('session').column('userId').execute();

    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('accountId', 'text', (column) => column.notNull())
      .addColumn('providerId', 'text', (column) => column.notNull())
      .addColumn('userId', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('accessToken', 'text')
      .addColumn('refreshToken', 'text')
      .addColumn('idToken', 'text')
      .addColumn('accessTokenExpiresAt', type.timestamp)
      .addColumn('refreshTokenExpiresAt', type.timestamp)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('createdAt', type.timestamp, (column) => column.notNull())
      .addColumn('updatedAt', type.timestamp, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('account_user_id_index').on('account').column('userId').execute();

    await db.schema
      .createTable('verification')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('identifier', 'text', (column) => column.notNull())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('expiresAt', type.timestamp, (column) => column.notNull())
      .addColumn('createdAt', type.timestamp, (column) => column.notNull())
      .addColumn('updatedAt', type.timestamp, (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('verification_identifier_index')
      .on('verification')
      .column('identifier')
      .execute();

    await db.schema
      .createTable('rateLimit')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('key', 'text', (column) => column.notNull().unique())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addColumn('lastRequest', 'bigint', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('credit_entry')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('amount', type.decimal, (column) => column.notNull())
      .addColumn('purchased_at', type.timestamp, (column) => column.notNull())
      .addColumn('expires_at', type.timestamp)
      .addColumn('source', 'text', (column) => column.notNull())
      // One grant per payment or per account start, however often it is asked for.
      .addColumn('grant_key', 'text', (column) => column.unique())
      .execute();
    await db.schema
      .createIndex('credit_entry_user_index')
      .on('credit_entry')
      .columns(['user_id', 'purchased_at'])
      .execute();

    await db.schema
      .createTable('credit_movement')
      .addColumn('id', type.serial, (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull().references('user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('amount', type.decimal, (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('reference', 'text')
      .addColumn('created_at', type.timestamp, (column) =>
        column.notNull().defaultTo(currentTimestamp(dialect)),
      )
      .execute();
    await db.schema
      .createIndex('credit_movement_user_index')
      .on('credit_movement')
      .column('user_id')
      .execute();
  },
};
