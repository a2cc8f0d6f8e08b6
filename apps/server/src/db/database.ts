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

export interface JobTable {
  id: string;
  user_id: string;
  project_id: string;
  kind: 'transformation' | 'chat';
  status: 'queued' | 'running' | 'storing' | 'done' | 'failed';
  /** The validated transformation input: JSON text on SQLite, jsonb on PostgreSQL (read with fromJson). */
  input: ColumnType<unknown, string, string>;
  prompt: string;
  cost: number;
  attempts: ColumnType<number, number | undefined, number>;
  result_id: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Touched by the worker while the job runs; a stale one means the worker died. */
  heartbeat_at: Timestamp | null;
  /** Where the result file goes, recorded before it is written (see 005-job-heartbeats). */
  result_key: string | null;
  /** The process that claimed it last, `host:pid` (see 009-job-runner). */
  run_by: string | null;
  /** Grows by one with every state change: the browser keeps the newest state it hears of. */
  version: ColumnType<number, number | undefined, number>;
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

/** A paid checkout of a deleted account, without the account (008-anonymised-payments). */
export interface AnonymisedPaymentTable {
  checkout_session_id: string;
  provider: string;
  plan_id: string;
  credits: number;
  price_cents: number;
  currency: string;
  payment_status: string;
  created_at: Timestamp;
  fulfilled_at: Timestamp | null;
  account_deleted_at: Timestamp;
}

export interface ProjectTable {
  id: string;
  user_id: string;
  name: string;
  original_key: string;
  original_thumbnail_key: string;
  original_width: number;
  original_height: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectHistoryItemTable {
  id: string;
  project_id: string;
  source_key: string;
  source_thumbnail_key: string;
  source_width: number;
  source_height: number;
  result_key: string;
  result_thumbnail_key: string;
  result_width: number;
  result_height: number;
  prompt: string;
  created_at: Timestamp;
  saved_at: Timestamp | null;
}

export interface ProjectChatMessageTable {
  id: string;
  project_id: string;
  role: 'user' | 'assistant';
  /** JSON text (see migration 003). */
  content: unknown;
  /** JSON text {key, thumbnailKey, width, height} or null. */
  image: unknown;
  /** The history item the reply's image was saved as (migration 006). */
  saved_result_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface ProjectRegionTable {
  project_id: string;
  element: 'walls' | 'roof' | 'windowFrames' | 'doorFrames';
  key: string;
  width: number;
  height: number;
  updated_at: Timestamp;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  credit_entry: CreditEntryTable;
  credit_movement: CreditMovementTable;
  project: ProjectTable;
  project_history_item: ProjectHistoryItemTable;
  project_chat_message: ProjectChatMessageTable;
  project_region: ProjectRegionTable;
  credit_grant: CreditGrantTable;
  credit_reservation: CreditReservationTable;
  checkout_session: CheckoutSessionTable;
  anonymised_payment: AnonymisedPaymentTable;
  job: JobTable;
}
