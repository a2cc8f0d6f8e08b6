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

export interface CreditGrantTable {
  grant_key: string;
  user_id: string;
  amount: number;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}

export interface CreditReservationTable {
  job_id: string;
  user_id: string;
  amount: number;
  status: 'reserved' | 'committed' | 'released';
  reason: string;
  /** JSON text: the entries the reservation took credits from (see credits.repository.ts). */
  allocations: string;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface CheckoutSessionTable {
  id: string;
  user_id: string;
  provider: 'local' | 'stripe';
  plan_id: 'starter' | 'pro' | 'power';
  credits: number;
  price_cents: number;
  currency: string;
  status: 'open' | 'complete' | 'cancelled';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  created_at: Timestamp;
  fulfilled_at: Timestamp | null;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  credit_entry: CreditEntryTable;
  credit_movement: CreditMovementTable;
  credit_grant: CreditGrantTable;
  credit_reservation: CreditReservationTable;
  checkout_session: CheckoutSessionTable;
}
