import type { MeResponse } from '@facelift/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, toBoolean, toIsoString } from '../../db/dialect.ts';
import { AppError } from '../../lib/app-error.ts';
import { CreditsService } from '../credits/credits.service.ts';
import { findUserByEmail, findUserById, listUsers, type UserRow, updateIsAdmin } from './users.repository.ts';

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

/** Profiles: what a user sees of their account, and what admins may change. */
export class UsersService {
  private readonly credits: CreditsService;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {
    this.credits = new CreditsService(db, dialect);
  }

  async getProfile(userId: string): Promise<MeResponse> {
    const row = await findUserById(this.db, userId);
    if (!row) throw new AppError('NOT_AUTHENTICATED', 'You need to be logged in');
    // Accounts made before the ledger existed, or whose sign-up hook was interrupted,
    // still get their starting credits exactly once.
    await this.credits.grantStartingCredits(userId);
    return toProfile(row, await this.credits.balanceOf(userId));
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
