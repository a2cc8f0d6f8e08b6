import { randomUUID } from 'node:crypto';
import { noCreditsMessage, roundCredits, startingCredits } from '@facelift/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, toIsoString } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  type CreditReservationRow,
  deleteCreditEntry,
  findCreditEntry,
  findReservation,
  insertCreditEntry,
  insertCreditGrant,
  insertCreditMovement,
  insertReservation,
  listCreditMovements,
  lockReservationForSqlite,
  lockUserLedger,
  parseAllocations,
  type ReservationAllocation,
  reduceReservation,
  selectActiveEntries,
  selectExpiredEntries,
  settleReservation,
  sumActiveCredits,
  updateCreditEntryAmount,
} from './credits.repository.ts';

/** Amounts below this are dust left by floating point, not credits. */
const epsilon = 1e-9;

export interface GrantRequest {
  userId: string;
  amount: number;
  source: 'starting' | 'purchase' | 'admin';
  reason: string;
  /** Makes the grant idempotent: a second grant with the same key does nothing, even after the entry is spent. */
  grantKey?: string;
  expiresAt?: Date | null;
  now?: Date;
}

export interface LedgerOptions {
  /** Why, for the history (audits and support). */
  reason?: string;
  /** The clock; tests pass one. */
  now?: Date;
  /** Join the caller's transaction (e.g. the one that inserts the job) instead of opening one. */
  transaction?: Transaction<Database>;
}

/** A job's hold on credits: `reserved` until committed (kept) or released (refunded). */
export interface Reservation {
  jobId: string;
  userId: string;
  amount: number;
  status: 'reserved' | 'committed' | 'released';
  reason: string;
  createdAt: string;
  settledAt: string | null;
}

function toReservation(row: CreditReservationRow): Reservation {
  return {
    jobId: row.job_id,
    userId: row.user_id,
    amount: Number(row.amount),
    status: row.status,
    reason: row.reason,
    createdAt: toIsoString(row.created_at),
    settledAt: toIsoString(row.settled_at),
  };
}

function assertAmount(amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new AppError('VALIDATION_FAILED', 'A credit amount must be a finite number, zero or more.');
  }
  return roundCredits(amount);
}

function formatAmount(amount: number): string {
  return `${roundCredits(amount)} credit${amount === 1 ? '' : 's'}`;
}

/**
 * The credit ledger (docs/product.md, Credits and tiers): entries `{amount, purchasedAt, expiresAt?}`,
 * an append-only history of every movement, and reservations for jobs. Every change runs in
 * one transaction holding the user's ledger lock, so concurrent spends never overspend.
 *
 * History amounts are magnitudes; the kind gives the direction: grant and release add to
 * the balance, spend, reserve and expiry take from it, commit makes a reservation final.
 */
export class CreditsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Balance = sum of the entries not expired at `now`. */
  async balanceOf(userId: string, now: Date = new Date()): Promise<number> {
    return roundCredits(await sumActiveCredits(this.db, this.dialect, userId, now));
  }

  /** Adds an entry and its history row in one transaction; returns false if the grant key was used. */
  grant(request: GrantRequest): Promise<boolean> {
    return this.db.transaction().execute((transaction) => this.grantWithin(transaction, request));
  }

  /** `grant` inside the caller's transaction (payment fulfilment grants with the session update). */
  async grantWithin(transaction: Transaction<Database>, request: GrantRequest): Promise<boolean> {
    const amount = assertAmount(request.amount);
    if (request.grantKey) {
      const isNew = await insertCreditGrant(transaction, {
        grantKey: request.grantKey,
        userId: request.userId,
        amount,
      });
      if (!isNew) return false;
    }
    const isInserted = await insertCreditEntry(transaction, this.dialect, {
      id: randomUUID(),
      userId: request.userId,
      amount,
      purchasedAt: request.now ?? new Date(),
      expiresAt: request.expiresAt ?? null,
      source: request.source,
      grantKey: request.grantKey ?? null,
    });
    if (!isInserted) return false;
    await insertCreditMovement(transaction, {
      userId: request.userId,
      kind: 'grant',
      amount,
      reason: request.reason,
      reference: request.grantKey ?? null,
    });
    return true;
  }

  /** The 5 starting credits (no expiry), granted once per account however often this runs. */
  grantStartingCredits(userId: string): Promise<boolean> {
    return this.grant({
      userId,
      amount: startingCredits,
      source: 'starting',
      reason: 'starting credits',
      grantKey: `starting:${userId}`,
    });
  }

  /**
   * Spends `amount` at once, oldest non-expired entries first; entries reaching zero are
   * removed. Refuses with NO_CREDITS ("No credits available") and changes nothing when the
   * balance is smaller. Returns the balance left.
   */
  spend(
    userId: string,
    amount: number,
    options: LedgerOptions & { reference?: string } = {},
  ): Promise<{ balance: number }> {
    const cost = assertAmount(amount);
    return this.inTransaction(options, async (transaction) => {
      const now = options.now ?? new Date();
      await lockUserLedger(transaction, this.dialect, userId);
      await this.expireWithin(transaction, userId, now);
      await this.takeFromEntries(transaction, userId, cost, now);
      if (cost > 0) {
        await insertCreditMovement(transaction, {
          userId,
          kind: 'spend',
          amount: cost,
          reason: options.reason ?? 'spent',
          reference: options.reference ?? null,
        });
      }
      return { balance: await this.balanceWithin(transaction, userId, now) };
    });
  }

  /**
   * Holds `amount` for the job `jobId` (taken from the entries now, like a spend, so the
   * balance shows it at once). Idempotent: reserving again for the same job returns the
   * existing reservation and takes nothing more. NO_CREDITS when the balance is smaller.
   */
  reserve(userId: string, amount: number, jobId: string, options: LedgerOptions = {}): Promise<Reservation> {
    const cost = assertAmount(amount);
    return this.inTransaction(options, async (transaction) => {
      const now = options.now ?? new Date();
      await lockUserLedger(transaction, this.dialect, userId);
      const existing = await findReservation(transaction, jobId);
      if (existing) {
        if (existing.user_id !== userId) {
          throw new AppError('CONFLICT', 'This job id is already reserved for another account.');
        }
        return toReservation(existing);
      }
      await this.expireWithin(transaction, userId, now);
      const allocations = await this.takeFromEntries(transaction, userId, cost, now);
      const reason = options.reason ?? `job ${jobId}`;
      await insertReservation(transaction, this.dialect, {
        jobId,
        userId,
        amount: cost,
        reason,
        allocations,
        now,
      });
      await insertCreditMovement(transaction, {
        userId,
        kind: 'reserve',
        amount: cost,
        reason,
        reference: jobId,
      });
      const row = await findReservation(transaction, jobId);
      if (!row) throw new Error(`reservation ${jobId} vanished`);
      return toReservation(row);
    });
  }

  /**
   * Keeps the credits of a reservation (the job stored its result). Idempotent: committing
   * again changes nothing. A reservation already released stays released (its status says so).
   */
  commit(jobId: string, options: LedgerOptions & { amount?: number } = {}): Promise<Reservation> {
    return this.settle(jobId, 'committed', options);
  }

  /**
   * Gives the credits of a reservation back (the job failed, timed out or was interrupted),
   * into the entries they came from with their original dates. Idempotent: releasing again
   * changes nothing. A reservation already committed stays committed (its status says so).
   */
  release(jobId: string, options: LedgerOptions = {}): Promise<Reservation> {
    return this.settle(jobId, 'released', options);
  }

  /** The reservation of a job, or null. */
  async findReservation(jobId: string): Promise<Reservation | null> {
    const row = await findReservation(this.db, jobId);
    return row ? toReservation(row) : null;
  }

  /** Removes the entries expired at `now` and records each expiry in the history. */
  expire(userId: string, now: Date = new Date()): Promise<number> {
    return this.db.transaction().execute(async (transaction) => {
      await lockUserLedger(transaction, this.dialect, userId);
      return this.expireWithin(transaction, userId, now);
    });
  }

  /** The user's movements, oldest first (audits and support). */
  async history(userId: string) {
    const rows = await listCreditMovements(this.db, userId);
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      amount: Number(row.amount),
      reason: row.reason,
      reference: row.reference,
      createdAt: toIsoString(row.created_at),
    }));
  }

  private inTransaction<T>(
    options: LedgerOptions,
    work: (transaction: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    if (options.transaction) return work(options.transaction);
    return this.db.transaction().execute(work);
  }

  private async balanceWithin(transaction: Transaction<Database>, userId: string, now: Date) {
    return roundCredits(await sumActiveCredits(transaction, this.dialect, userId, now));
  }

  /**
   * `options.amount` (commit only) keeps less than was reserved: a chat reply reserves the
   * image price and keeps the text price when no image came (docs/product.md, Credits and
   * tiers). The difference goes back to the entries taken last, like a refund.
   */
  private async settle(
    jobId: string,
    outcome: 'committed' | 'released',
    options: LedgerOptions & { amount?: number },
  ): Promise<Reservation> {
    return this.inTransaction(options, async (transaction) => {
      const now = options.now ?? new Date();
      await lockReservationForSqlite(transaction, this.dialect, jobId);
      const found = await findReservation(transaction, jobId);
      if (!found) throw new AppError('NOT_FOUND', `No credit reservation for job ${jobId}`);
      await lockUserLedger(transaction, this.dialect, found.user_id);
      // Read again under the lock: a concurrent settle may have won.
      const row = await findReservation(transaction, jobId);
      if (row?.status !== 'reserved') return toReservation(row ?? found);
      let amount = Number(row.amount);
      const kept = options.amount === undefined ? amount : Math.min(amount, assertAmount(options.amount));
      if (outcome === 'committed' && kept < amount) {
        const { returned, remaining } = splitAllocations(parseAllocations(row), roundCredits(amount - kept));
        await this.refund(transaction, row.user_id, returned);
        await reduceReservation(transaction, jobId, kept, remaining);
        await insertCreditMovement(transaction, {
          userId: row.user_id,
          kind: 'release',
          amount: roundCredits(amount - kept),
          reason: `not charged for ${row.reason}`,
          reference: jobId,
        });
        amount = kept;
      }
      if (outcome === 'released') await this.refund(transaction, row.user_id, parseAllocations(row));
      await settleReservation(transaction, this.dialect, jobId, outcome, now);
      await insertCreditMovement(transaction, {
        userId: row.user_id,
        kind: outcome === 'committed' ? 'commit' : 'release',
        amount,
        reason: options.reason ?? `${outcome === 'committed' ? 'kept' : 'refunded'} for ${row.reason}`,
        reference: jobId,
      });
      const settled = await findReservation(transaction, jobId);
      return toReservation(settled ?? row);
    });
  }

  /** Puts released credits back where they came from; entries removed at zero come back. */
  private async refund(
    transaction: Transaction<Database>,
    userId: string,
    allocations: ReservationAllocation[],
  ) {
    for (const allocation of allocations) {
      const entry = await findCreditEntry(transaction, allocation.entryId);
      if (entry) {
        await updateCreditEntryAmount(
          transaction,
          entry.id,
          roundCredits(Number(entry.amount) + allocation.amount),
        );
      } else {
        await insertCreditEntry(transaction, this.dialect, {
          id: allocation.entryId,
          userId,
          amount: allocation.amount,
          purchasedAt: new Date(allocation.purchasedAt),
          expiresAt: allocation.expiresAt ? new Date(allocation.expiresAt) : null,
          source: allocation.source,
          grantKey: null,
        });
      }
    }
  }

  /**
   * Takes `amount` from the oldest non-expired entries, removing those that reach zero.
   * Throws NO_CREDITS before changing anything when they do not hold enough.
   */
  private async takeFromEntries(
    transaction: Transaction<Database>,
    userId: string,
    amount: number,
    now: Date,
  ): Promise<ReservationAllocation[]> {
    if (amount === 0) return [];
    const entries = await selectActiveEntries(transaction, this.dialect, userId, now);
    const balance = roundCredits(entries.reduce((sum, entry) => sum + Number(entry.amount), 0));
    if (balance + epsilon < amount) {
      throw new AppError('NO_CREDITS', noCreditsMessage, { balance, required: amount });
    }
    const allocations: ReservationAllocation[] = [];
    let remaining = amount;
    for (const entry of entries) {
      if (remaining <= epsilon) break;
      const available = Number(entry.amount);
      const taken = roundCredits(Math.min(available, remaining));
      if (taken <= 0) continue;
      const left = roundCredits(available - taken);
      if (left <= epsilon) await deleteCreditEntry(transaction, entry.id);
      else await updateCreditEntryAmount(transaction, entry.id, left);
      allocations.push({
        entryId: entry.id,
        amount: taken,
        purchasedAt: toIsoString(entry.purchased_at),
        expiresAt: toIsoString(entry.expires_at),
        source: entry.source,
      });
      remaining = roundCredits(remaining - taken);
    }
    return allocations;
  }

  /** Removes expired entries of a user (already locked) and records each expiry. */
  private async expireWithin(transaction: Transaction<Database>, userId: string, now: Date): Promise<number> {
    const expired = await selectExpiredEntries(transaction, this.dialect, userId, now);
    for (const entry of expired) {
      await deleteCreditEntry(transaction, entry.id);
      const amount = Number(entry.amount);
      if (amount > 0) {
        await insertCreditMovement(transaction, {
          userId,
          kind: 'expiry',
          amount,
          reason: `${formatAmount(amount)} expired on ${toIsoString(entry.expires_at)}`,
          reference: entry.id,
        });
      }
    }
    return expired.length;
  }
}

/**
 * Splits a reservation's allocations into `excess` to give back (from the entries taken last)
 * and what remains taken.
 */
function splitAllocations(
  allocations: ReservationAllocation[],
  excess: number,
): { returned: ReservationAllocation[]; remaining: ReservationAllocation[] } {
  const remaining = allocations.map((allocation) => ({ ...allocation }));
  const returned: ReservationAllocation[] = [];
  let left = excess;
  for (let index = remaining.length - 1; index >= 0 && left > 0; index--) {
    const allocation = remaining[index] as ReservationAllocation;
    const back = roundCredits(Math.min(allocation.amount, left));
    returned.push({ ...allocation, amount: back });
    allocation.amount = roundCredits(allocation.amount - back);
    left = roundCredits(left - back);
  }
  return { returned, remaining: remaining.filter((allocation) => allocation.amount > 0) };
}
