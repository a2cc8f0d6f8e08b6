import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/cli/admin.ts';
import { signUp } from './support/auth-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`credit history on the admin command line ${title}`, () => {
    let testApp: TestApp;
    let environment: Record<string, string>;

    beforeAll(async () => {
      testApp = await createTestApp(dialect);
      const { config } = testApp;
      environment = {
        DATA_DIR: testApp.dataDirectory,
        LOG_LEVEL: 'silent',
        ...(config.database.dialect === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
      };
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('lists every movement with its reason, expiries included', async () => {
      const { app } = testApp;
      await signUp(app, { email: 'audit@example.com', password: 'password-1' });
      const user = await app.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', 'audit@example.com')
        .executeTakeFirstOrThrow();
      const credits = app.services.credits;
      await credits.grant({
        userId: user.id,
        amount: 3,
        source: 'admin',
        reason: 'goodwill',
        now: new Date(Date.now() - 10_000),
        expiresAt: new Date(Date.now() - 1000),
      });
      await credits.reserve(user.id, 1.5, 'job-audit-1', { reason: 'transformation' });
      await credits.release('job-audit-1');
      // Expired with no spend since: the command records it before listing.
      await credits.grant({
        userId: user.id,
        amount: 2,
        source: 'admin',
        reason: 'trial',
        now: new Date(Date.now() - 5000),
        expiresAt: new Date(Date.now() - 1000),
      });

      const output = await runAdminCommand(['history', 'audit@example.com'], environment);
      const rows = output.split('\n').map((line) => line.split('\t').slice(1));
      // The reservation recorded the expiry of the goodwill credits before taking its own.
      expect(rows).toEqual([
        ['grant', '5', 'starting credits', `starting:${user.id}`],
        ['grant', '3', 'goodwill', ''],
        ['expiry', '3', expect.stringContaining('expired'), expect.any(String)],
        ['reserve', '1.5', 'transformation', 'job-audit-1'],
        ['release', '1.5', 'refunded for transformation', 'job-audit-1'],
        ['grant', '2', 'trial', ''],
        ['expiry', '2', expect.stringContaining('expired'), expect.any(String)],
        [],
      ]);
      expect(output.endsWith('Balance: 5 credits')).toBe(true);
      await expect(runAdminCommand(['history'], environment)).rejects.toThrow('history needs an e-mail.');
    });
  });
}
