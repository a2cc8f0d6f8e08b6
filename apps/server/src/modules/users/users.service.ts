import type { MeResponse } from '@facelift/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, toBoolean, toIsoString } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import {
  findFirstUserId,
  findPackageTier,
  findUserByEmail,
  findUserById,
  listUsers,
  markUserPaid,
  type UserRow,
  updateIsAdmin,
} from './users.repository.ts';

export function toProfile(row: UserRow, balance: number): MeResponse {
  return {
    id: row.id,
    email: row.email,
    companyName: row.companyName,
    fname: row.fname,
    lname: row.lname,
    isAdmin: toBoolean(row.isAdmin),
    packageTier: row.packageTier === 'paid' ? 'paid' : 'free',
    lastPurchaseAt: toIsoString(row.lastPurchaseAt),
    createdAt: toIsoString(row.createdAt),
    balance,
  };
}

/** What other modules may know about a buyer (payments asks; it never reads the user table). */
export interface Buyer {
  id: string;
  email: string;
  isAdmin: boolean;
}

/**
 * Profiles: what a user sees of their account, what admins may change, and the account
 * questions other modules ask (tier, buyer, a new account's start).
 */
export class UsersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly credits: CreditsService,
  ) {}

  /**
   * Auth's onUserCreated hook: a new account's starting credits (docs/product.md, Credits and
   * tiers), granted once; the installation's first account becomes its admin.
   */
  async onUserCreated(userId: string): Promise<void> {
    await this.credits.grantStartingCredits(userId);
    await this.makeAdminIfFirstAccount(userId);
  }

  /** The signed-in user as a buyer, or NOT_AUTHENTICATED when the account is gone. */
  async requireBuyer(userId: string): Promise<Buyer> {
    const row = await findUserById(this.db, userId);
    if (!row) throw new AppError('NOT_AUTHENTICATED', 'You need to be logged in');
    return { id: row.id, email: row.email, isAdmin: toBoolean(row.isAdmin) };
  }

  /** Free tier until the first purchase (docs/product.md, Credits and tiers). */
  async isFreeTier(userId: string, transaction?: Transaction<Database>): Promise<boolean> {
    return (await findPackageTier(transaction ?? this.db, userId)) !== 'paid';
  }

  /** Admins may buy while sales are closed (docs/product.md, Plans and payments). */
  async isAdmin(userId: string, transaction?: Transaction<Database>): Promise<boolean> {
    const row = await findUserById(transaction ?? this.db, userId);
    return toBoolean(row?.isAdmin ?? false);
  }

  /** A purchase makes the account paid; inside the transaction that grants its credits. */
  markPaidWithin(transaction: Transaction<Database>, userId: string, at: Date): Promise<void> {
    return markUserPaid(transaction, this.dialect, userId, at);
  }

  async getProfile(userId: string): Promise<MeResponse> {
    const row = await findUserById(this.db, userId);
    if (!row) throw new AppError('NOT_AUTHENTICATED', 'You need to be logged in');
    // Accounts made before the ledger existed, or whose sign-up hook was interrupted,
    // still get their starting credits exactly once.
    await this.credits.grantStartingCredits(userId);
    return toProfile(row, await this.credits.balanceOf(userId));
  }

  /**
   * The first account on a fresh installation is its operator's, and is made admin, as
   * self-hosted apps do (docs/decisions/084-first-account-is-admin.md). Called once per new
   * account; true when this one was made admin.
   */
  async makeAdminIfFirstAccount(userId: string): Promise<boolean> {
    if ((await findFirstUserId(this.db)) !== userId) return false;
    await updateIsAdmin(this.db, this.dialect, userId, true);
    return true;
  }

  async requireUserByEmail(email: string): Promise<UserRow> {
    const row = await findUserByEmail(this.db, email);
    if (!row) throw new AppError('NOT_FOUND', `No account with the e-mail ${email}`);
    return row;
  }

  async setAdmin(email: string, isAdmin: boolean): Promise<UserRow> {
    const row = await this.requireUserByEmail(email);
    await updateIsAdmin(this.db, this.dialect, row.id, isAdmin);
    return row;
  }

  async listProfiles(): Promise<MeResponse[]> {
    const rows = await listUsers(this.db);
    return Promise.all(rows.map(async (row) => toProfile(row, await this.credits.balanceOf(row.id))));
  }
}
