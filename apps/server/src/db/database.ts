import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are written as Date or ISO string and read back as
 * Date (PostgreSQL) or string (SQLite): read them through `toIsoString` (dialect.ts).
 * Booleans read back as boolean or 0/1: read them through `toBoolean`.
 */
type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
type Flag = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Flag;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  companyName: string | null;
  fname: string | null;
  lname: string | null;
  isAdmin: Flag;
  packageTier: 'free' | 'paid';
  lastPurchaseAt: Timestamp | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CreditEntryTable {
  id: string;
  user_id: string;
  amount: number;
  purchased_at: Timestamp;
  expires_at: Timestamp | null;
  source: 'starting' | 'purchase' | 'admin';
  grant_key: string | null;
}

export interface CreditMovementTable {
  id: Generated<number>;
  user_id: string;
  kind: 'grant' | 'reserve' | 'commit' | 'release' | 'expiry' | 'spend';
  amount: number;
  reason: string;
  reference: string | null;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  credit_entry: CreditEntryTable;
  credit_movement: CreditMovementTable;
}
