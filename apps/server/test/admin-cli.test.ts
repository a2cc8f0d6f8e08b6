import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin.ts';
import { signUp } from './support/auth-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`admin command line ${title}`, () => {
    let testApp: TestApp;
    let environment: Record<string, string>;

    beforeAll(async () => {
      testApp = await createTestApp(dialect);
      const { config } = testApp;
      environment = {
        DATA_DIR: testApp.dataDirectory,
        ...(config.database.dialect === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
      };
      await signUp(testApp.app, { email: 'owner@example.com', password: 'password-1' });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    async function profile() {
      const users = testApp.app.services.users;
      const row = await users.requireUserByEmail('owner@example.com');
      return users.getProfile(row.id);
    }

    it('promotes and demotes', async () => {
      expect(await runAdminCommand(['promote', 'owner@example.com'], environment)).toBe(
        'owner@example.com is now an admin.',
      );
      expect((await profile()).isAdmin).toBe(true);
      await runAdminCommand(['demote', 'OWNER@example.com'], environment);
      expect((await profile()).isAdmin).toBe(false);
    });

    it('grants credits, with an expiry when --days is given', async () => {
      await runAdminCommand(['grant', 'owner@example.com', '2.5'], environment);
      await runAdminCommand(['grant', 'owner@example.com', '10', '--days', '30'], environment);
      expect((await profile()).balance).toBe(17.5);
      const expiring = await testApp.app.db
        .selectFrom('credit_entry')
        .select(['expires_at', 'purchased_at'])
        .where('amount', '=', 10)
        .executeTakeFirstOrThrow();
      const days =
        (new Date(expiring.expires_at as string).getTime() -
          new Date(expiring.purchased_at as string).getTime()) /
        86_400_000;
      expect(days).toBeCloseTo(30, 5);
    });

    it('lists users with their balance', async () => {
      const listing = await runAdminCommand(['list'], environment);
      expect(listing).toBe('owner@example.com\tuser\tfree\t17.5 credits');
    });

    it('says clearly when the e-mail is unknown or the command is wrong', async () => {
      await expect(runAdminCommand(['promote', 'ghost@example.com'], environment)).rejects.toThrow(
        'No account with the e-mail ghost@example.com',
      );
      await expect(runAdminCommand(['grant', 'owner@example.com', 'lots'], environment)).rejects.toThrow(
        'positive amount',
      );
      await expect(runAdminCommand(['explode'], environment)).rejects.toThrow('Unknown command "explode".');
    });
  });
}

describe('admin command line on a fresh data directory', () => {
  it('migrates an empty database and reports no users', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'facelift-admin-'));
    try {
      expect(await runAdminCommand(['list'], { DATA_DIR: directory })).toBe('No users yet.');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
