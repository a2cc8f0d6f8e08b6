import { randomUUID } from 'node:crypto';
import { startingCredits } from '@facelift/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';
import { insertCreditEntry, insertCreditMovement, sumActiveCredits } from './credits.repository.ts';

export interface GrantRequest {
  userId: string;
  amount: number;
  source: 'starting' | 'purchase' | 'admin';
  reason: string;
  /** Makes the grant idempotent: a second grant with the same key does nothing. */
  grantKey?: string;
  expiresAt?: Date | null;
  now?: Date;
}

/** The credit ledger: entries `{amount, purchasedAt, expiresAt?}` plus an append-only history. */
export class CreditsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Balance = sum of the entries not expired at `now`. */
  balanceOf(userId: string, now: Date = new Date()): Promise<number> {
    return sumActiveCredits(this.db, this.dialect, userId, now);
  }

  /** Adds an entry and its history row in one transaction; returns false if the grant key was used. */
  grant(request: GrantRequest): Promise<boolean> {
    return this.db.transaction().execute(async (transaction) => {
      const isNew = await insertCreditEntry(transaction, this.dialect, {
        id: randomUUID(),
        userId: request.userId,
        amount: request.amount,
        purchasedAt: request.now ?? new Date(),
        expiresAt: request.expiresAt ?? null,
        source: request.source,
        grantKey: request.grantKey ?? null,
      });
      if (isNew) {
        await insertCreditMovement(transaction, {
          userId: request.userId,
          kind: 'grant',
          amount: request.amount,
          reason: request.reason,
          reference: request.grantKey ?? null,
        });
      }
      return isNew;
    });
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
}
