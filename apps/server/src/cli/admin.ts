import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { MemoryProjectEventBus } from '../integrations/project-events/memory-project-event-bus.ts';
import { AppError } from '../lib/app-error.ts';
import { createServices } from '../services.ts';

const usage = `Usage: npm run admin -- <command>
  promote EMAIL                 make the user an admin
  demote EMAIL                  remove admin rights
  grant EMAIL AMOUNT [--days N] add AMOUNT credits (expiring after N days when given)
  list                          list users with their balance
  history EMAIL                 the user's credit movements (grants, spends, reservations, expiries)`;

/** Runs one admin command against the configured database; returns the text to print. */
export async function runAdminCommand(argv: string[], environment = process.env): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { days: { type: 'string' } },
  });
  const [command, email, amountText] = positionals;
  const config = loadConfig(environment);
  const database = createDatabase(config.database);
  const { db, dialect } = database;
  // Admin commands change accounts and credits only: no project events to send anywhere.
  const services = await createServices(config, database, {
    log: pino({ level: 'warn' }),
    projectEvents: new MemoryProjectEventBus(),
  });
  try {
    await migrateToLatest(db, dialect);
    const { users, credits } = services;
    switch (command) {
      case 'promote':
      case 'demote': {
        if (!email) throw new UsageError(`${command} needs an e-mail.`);
        await users.setAdmin(email, command === 'promote');
        return command === 'promote' ? `${email} is now an admin.` : `${email} is no longer an admin.`;
      }
      case 'grant': {
        const amount = Number(amountText);
        if (!email || !Number.isFinite(amount) || amount <= 0)
          throw new UsageError('grant needs an e-mail and a positive amount.');
        const days = values.days === undefined ? null : Number(values.days);
        if (days !== null && (!Number.isFinite(days) || days <= 0))
          throw new UsageError('--days must be a positive number.');
        const user = await users.requireUserByEmail(email);
        const now = new Date();
        await credits.grant({
          userId: user.id,
          amount,
          source: 'admin',
          reason: 'granted by an admin',
          expiresAt: days === null ? null : new Date(now.getTime() + days * 86_400_000),
          now,
        });
        return `Granted ${amount} credits to ${email}${days === null ? '' : ` (expire in ${days} days)`}.`;
      }
      case 'history': {
        if (!email) throw new UsageError('history needs an e-mail.');
        const user = await users.requireUserByEmail(email);
        // Entries that expired since the user last spent are recorded now, so the history is complete.
        await credits.expire(user.id);
        const movements = await credits.history(user.id);
        if (movements.length === 0) return `No credit movements for ${email}.`;
        const lines = movements.map((movement) =>
          [
            movement.createdAt,
            movement.kind,
            movement.amount,
            movement.reason,
            movement.reference ?? '',
          ].join('\t'),
        );
        return [...lines, `Balance: ${await credits.balanceOf(user.id)} credits`].join('\n');
      }
      case 'list': {
        const profiles = await users.listProfiles();
        if (profiles.length === 0) return 'No users yet.';
        return profiles
          .map((profile) =>
            [
              profile.email,
              profile.isAdmin ? 'admin' : 'user',
              profile.packageTier,
              `${profile.balance} credits`,
            ].join('\t'),
          )
          .join('\n');
      }
      default:
        throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
    }
  } finally {
    await services.close();
    await db.destroy();
  }
}

export class UsageError extends Error {}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  try {
    console.log(await runAdminCommand(process.argv.slice(2)));
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof AppError) console.error(error.message);
    else throw error;
    process.exitCode = 1;
  }
}
