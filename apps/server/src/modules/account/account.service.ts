import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type DialectName, fromDate, toIsoString } from '../../db/dialect.ts';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { UsersService } from '../users/users.service.ts';

export interface AccountDependencies {
  db: Kysely<Database>;
  dialect: DialectName;
  blobStore: BlobStore;
  users: UsersService;
  credits: CreditsService;
  projects: ProjectsService;
  log: FastifyBaseLogger;
}

/** Every blob of a user lives under this folder (project-keys.ts). */
function userFolder(userId: string): string {
  return `users/${userId}/`;
}

/**
 * The right to leave and to take one's data along (docs/decisions/026-account-deletion-and-export.md).
 */
export class AccountService {
  constructor(private readonly deps: AccountDependencies) {}

  /**
   * "Download my data": a zip with account.json (profile, credits and their history, payments),
   * one projects/{id}/project.json per project (results, chat, regions) and every file of the
   * user (originals, results, thumbnails, masks, chat images) under files/.
   */
  async exportData(userId: string): Promise<Readable> {
    const { db, blobStore, users, credits, projects, log } = this.deps;
    const archive = archiver('zip', { zlib: { level: 6 } });
    const output = new PassThrough();
    archive.on('warning', (error) => log.warn({ err: error, userId }, 'data export warning'));
    archive.on('error', (error) => output.destroy(error));
    archive.pipe(output);

    const payments = await db
      .selectFrom('checkout_session')
      .select(['id', 'provider', 'plan_id', 'credits', 'price_cents', 'currency', 'status', 'payment_status'])
      .select(['created_at', 'fulfilled_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const account = {
      exportedAt: new Date().toISOString(),
      profile: await users.getProfile(userId),
      creditHistory: await credits.history(userId),
      payments: payments.map((row) => ({
        ...row,
        created_at: toIsoString(row.created_at),
        fulfilled_at: toIsoString(row.fulfilled_at),
      })),
    };
    archive.append(`${JSON.stringify(account, null, 2)}\n`, { name: 'account.json' });
    for (const summary of await projects.listProjects(userId)) {
      const project = await projects.getProject(userId, summary.id);
      archive.append(`${JSON.stringify(project, null, 2)}\n`, {
        name: `projects/${project.id}/project.json`,
      });
    }
    const folder = userFolder(userId);
    // Files are added one at a time, each read when the zip is ready for it.
    const keys = await blobStore.list(folder);
    void (async () => {
      try {
        for (const key of keys) {
          const bytes = await blobStore.get(key);
          if (bytes) archive.append(bytes, { name: `files/${key.slice(folder.length)}` });
        }
        await archive.finalize();
      } catch (error) {
        output.destroy(error as Error);
      }
    })();
    return output;
  }

  /**
   * Deletes the account and everything of it: each project through the projects service (its
   * jobs end first, its rows and files go), then every remaining file of the user, then the
   * user row, whose deletion cascades to sessions, sign-in accounts, credits, reservations and
   * checkouts. Paid checkouts are first copied, without the user, into anonymised_payment.
   */
  async deleteAccount(userId: string): Promise<void> {
    const { db, dialect, blobStore, projects, log } = this.deps;
    for (const project of await projects.listProjects(userId)) {
      await projects.deleteProject(userId, project.id);
    }
    try {
      await blobStore.deletePrefix(userFolder(userId));
    } catch (error) {
      // The rows go anyway; files without rows are unreachable (the file door checks rows).
      log.error({ err: error, userId }, 'files of a deleted account not removed');
    }
    await db.transaction().execute(async (transaction) => {
      const paid = await transaction
        .selectFrom('checkout_session')
        .selectAll()
        .where('user_id', '=', userId)
        .where((expression) =>
          expression.or([
            expression('payment_status', '=', 'paid'),
            expression('fulfilled_at', 'is not', null),
          ]),
        )
        .execute();
      const now = fromDate(dialect, new Date());
      for (const row of paid) {
        await transaction
          .insertInto('anonymised_payment')
          .values({
            checkout_session_id: row.id,
            provider: row.provider,
            plan_id: row.plan_id,
            credits: row.credits,
            price_cents: row.price_cents,
            currency: row.currency,
            payment_status: row.payment_status,
            created_at: row.created_at,
            fulfilled_at: row.fulfilled_at,
            account_deleted_at: now,
          })
          .execute();
      }
      await transaction.deleteFrom('user').where('id', '=', userId).execute();
    });
  }
}
