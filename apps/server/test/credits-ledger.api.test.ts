import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBoolean, fromDate } from '../src/db/dialect.ts';
import { AppError } from '../src/lib/app-error.ts';
import type { CreditsService } from '../src/modules/credits/credits.service.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const day = 86_400_000;

/** A bare account row: the ledger only needs the user to exist. */
async function createUser(app: FastifyInstance): Promise<string> {
  const id = randomUUID();
  const now = fromDate(app.dialect, new Date());
  await app.db
    .insertInto('user')
    .values({
      id,
      name: 'Ledger',
      email: `${id}@example.com`,
      emailVerified: fromBoolean(app.dialect, false),
      image: null,
      createdAt: now,
      updatedAt: now,
      companyName: null,
      fname: null,
      lname: null,
      isAdmin: fromBoolean(app.dialect, false),
      packageTier: 'free',
      lastPurchaseAt: null,
    })
    .execute();
  return id;
}

async function entriesOf(app: FastifyInstance, userId: string) {
  const rows = await app.db
    .selectFrom('credit_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('purchased_at')
    .execute();
  return rows.map((row) => ({ id: row.id, amount: Number(row.amount), source: row.source }));
}

async function historyOf(credits: CreditsService, userId: string) {
  return (await credits.history(userId)).map((movement) => [movement.kind, movement.amount]);
}

async function expectNoCredits(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'NO_CREDITS', message: 'No credits available' });
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`credit ledger ${title}`, () => {
    let testApp: TestApp;
    let credits: CreditsService;
    let app: FastifyInstance;

    beforeAll(async () => {
      testApp = await createTestApp(dialect);
      app = testApp.app;
      credits = app.services.credits;
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('spends the oldest non-expired entry first and removes entries that reach zero', async () => {
      const userId = await createUser(app);
      const start = new Date('2026-01-01T00:00:00Z');
      await credits.grant({ userId, amount: 5, source: 'starting', reason: 'start', now: start });
      await credits.grant({
        userId,
        amount: 10,
        source: 'purchase',
        reason: 'starter',
        now: new Date(start.getTime() + day),
        expiresAt: new Date(start.getTime() + 31 * day),
      });
      const now = new Date(start.getTime() + 2 * day);
      expect(await credits.spend(userId, 6, { reason: 'test', now })).toEqual({ balance: 9 });
      expect(await entriesOf(app, userId)).toEqual([
        expect.objectContaining({ amount: 9, source: 'purchase' }),
      ]);
      expect(await historyOf(credits, userId)).toEqual([
        ['grant', 5],
        ['grant', 10],
        ['spend', 6],
      ]);
    });

    it('skips an entry from the moment it expires and records the expiry', async () => {
      const userId = await createUser(app);
      const purchasedAt = new Date('2026-02-01T00:00:00Z');
      const expiresAt = new Date(purchasedAt.getTime() + 30 * day);
      await credits.grant({
        userId,
        amount: 10,
        source: 'purchase',
        reason: 'p',
        now: purchasedAt,
        expiresAt,
      });
      await credits.grant({
        userId,
        amount: 1,
        source: 'admin',
        reason: 'a',
        now: new Date(purchasedAt.getTime() + day),
      });

      const justBefore = new Date(expiresAt.getTime() - 1);
      expect(await credits.balanceOf(userId, justBefore)).toBe(11);
      expect(await credits.balanceOf(userId, expiresAt)).toBe(1);

      // At the boundary the older entry is expired: the spend takes from the newer one.
      await expectNoCredits(credits.spend(userId, 2, { now: expiresAt }));
      expect(await credits.spend(userId, 1, { now: expiresAt })).toEqual({ balance: 0 });
      expect(await entriesOf(app, userId)).toEqual([]);
      const history = await credits.history(userId);
      expect(history.map((movement) => [movement.kind, movement.amount])).toEqual([
        ['grant', 10],
        ['grant', 1],
        ['expiry', 10],
        ['spend', 1],
      ]);
      expect(history[2]?.reason).toContain('expired');
    });

    it('spends fractional amounts without leaving dust', async () => {
      const userId = await createUser(app);
      await credits.grant({ userId, amount: 5, source: 'starting', reason: 'start' });
      await credits.spend(userId, 1.5);
      await credits.spend(userId, 1.5);
      expect(await credits.spend(userId, 1.5)).toEqual({ balance: 0.5 });
      await expectNoCredits(credits.spend(userId, 1));
      expect(await credits.balanceOf(userId)).toBe(0.5);
      for (let index = 0; index < 5; index += 1) await credits.spend(userId, 0.1);
      expect(await credits.balanceOf(userId)).toBe(0);
      expect(await entriesOf(app, userId)).toEqual([]);
    });

    it('refuses a spend larger than the balance and changes nothing at all', async () => {
      const userId = await createUser(app);
      const now = new Date();
      await credits.grant({
        userId,
        amount: 2,
        source: 'starting',
        reason: 'start',
        now: new Date(now.getTime() - 2 * day),
      });
      await credits.grant({
        userId,
        amount: 3,
        source: 'purchase',
        reason: 'p',
        now: new Date(now.getTime() - day),
      });
      const entriesBefore = await entriesOf(app, userId);
      const historyBefore = await historyOf(credits, userId);
      await expectNoCredits(credits.spend(userId, 5.5, { now }));
      await expectNoCredits(credits.reserve(userId, 6, `job-${randomUUID()}`, { now }));
      expect(await entriesOf(app, userId)).toEqual(entriesBefore);
      expect(await historyOf(credits, userId)).toEqual(historyBefore);
      expect(await credits.balanceOf(userId, now)).toBe(5);
      // Exactly the balance is allowed.
      expect(await credits.spend(userId, 5, { now })).toEqual({ balance: 0 });
    });

    it('keeps grants idempotent after their entry is spent to zero', async () => {
      const userId = await createUser(app);
      expect(await credits.grantStartingCredits(userId)).toBe(true);
      await credits.spend(userId, 5);
      expect(await entriesOf(app, userId)).toEqual([]);
      expect(await credits.grantStartingCredits(userId)).toBe(false);
      expect(await credits.balanceOf(userId)).toBe(0);
    });

    it('200 parallel spends of 1 against a balance of 5: exactly 5 succeed, the balance ends at 0', async () => {
      const userId = await createUser(app);
      await credits.grant({
        userId,
        amount: 2,
        source: 'starting',
        reason: 'start',
        now: new Date(Date.now() - day),
      });
      await credits.grant({
        userId,
        amount: 3,
        source: 'purchase',
        reason: 'p',
        expiresAt: new Date(Date.now() + day),
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 200 }, (_, index) => credits.spend(userId, 1, { reference: `spend-${index}` })),
      );
      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(succeeded).toHaveLength(5);
      expect(refused).toHaveLength(195);
      for (const outcome of refused) {
        expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'NO_CREDITS' });
      }
      expect(await credits.balanceOf(userId)).toBe(0);
      expect(await entriesOf(app, userId)).toEqual([]);
      const spends = (await credits.history(userId)).filter((movement) => movement.kind === 'spend');
      expect(spends).toHaveLength(5);
    });

    it('reservations are idempotent: reserve, commit and release twice change things once', async () => {
      const userId = await createUser(app);
      const expiresAt = new Date(Date.now() + 10 * day);
      await credits.grant({
        userId,
        amount: 1,
        source: 'purchase',
        reason: 'p',
        expiresAt,
        now: new Date(Date.now() - day),
      });
      await credits.grant({ userId, amount: 4, source: 'admin', reason: 'a' });
      const kept = `job-${randomUUID()}`;
      const refunded = `job-${randomUUID()}`;

      const first = await credits.reserve(userId, 1.5, kept);
      const again = await credits.reserve(userId, 1.5, kept);
      expect(again).toEqual(first);
      expect(first).toMatchObject({ status: 'reserved', amount: 1.5, userId });
      expect(await credits.balanceOf(userId)).toBe(3.5);
      // The 1-credit purchase entry was used up and removed.
      expect(await entriesOf(app, userId)).toEqual([
        expect.objectContaining({ amount: 3.5, source: 'admin' }),
      ]);

      expect((await credits.commit(kept)).status).toBe('committed');
      expect((await credits.commit(kept)).status).toBe('committed');
      expect((await credits.release(kept)).status).toBe('committed');
      expect(await credits.balanceOf(userId)).toBe(3.5);

      await credits.reserve(userId, 3.5, refunded);
      expect(await credits.balanceOf(userId)).toBe(0);
      await expectNoCredits(credits.reserve(userId, 1, `job-${randomUUID()}`));
      expect((await credits.release(refunded)).status).toBe('released');
      expect((await credits.release(refunded)).status).toBe('released');
      expect((await credits.commit(refunded)).status).toBe('released');
      expect(await credits.balanceOf(userId)).toBe(3.5);

      expect(await historyOf(credits, userId)).toEqual([
        ['grant', 1],
        ['grant', 4],
        ['reserve', 1.5],
        ['commit', 1.5],
        ['reserve', 3.5],
        ['release', 3.5],
      ]);
      await expect(credits.commit('job-unknown')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const otherUser = await createUser(app);
      await credits.grant({ userId: otherUser, amount: 5, source: 'admin', reason: 'a' });
      await expect(credits.reserve(otherUser, 1, kept)).rejects.toMatchObject({ code: 'CONFLICT' });
    });

    it('a release puts credits back into the entries they came from, expiry included', async () => {
      const userId = await createUser(app);
      const purchasedAt = new Date('2026-03-01T00:00:00Z');
      const expiresAt = new Date(purchasedAt.getTime() + 30 * day);
      await credits.grant({
        userId,
        amount: 2,
        source: 'purchase',
        reason: 'p',
        now: purchasedAt,
        expiresAt,
      });
      const jobId = `job-${randomUUID()}`;
      const now = new Date(purchasedAt.getTime() + day);
      await credits.reserve(userId, 2, jobId, { now });
      expect(await entriesOf(app, userId)).toEqual([]);
      await credits.release(jobId, { now });
      const [entry] = await app.db
        .selectFrom('credit_entry')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(Number(entry?.amount)).toBe(2);
      expect(new Date(entry?.expires_at as string | Date).toISOString()).toBe(expiresAt.toISOString());
      expect(await credits.balanceOf(userId, expiresAt)).toBe(0);
    });

    it('parallel reserves, commits and releases never lose or create a credit', async () => {
      const userId = await createUser(app);
      await credits.grant({ userId, amount: 20, source: 'admin', reason: 'a' });
      const jobIds = Array.from({ length: 60 }, (_, index) => `job-${index}-${randomUUID()}`);
      // Every job is reserved three times at once, then settled twice at once.
      const reserved = await Promise.allSettled(
        jobIds.flatMap((jobId) => [1, 2, 3].map(() => credits.reserve(userId, 1, jobId))),
      );
      const reservedJobs = new Set(
        reserved.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.jobId] : [])),
      );
      expect(reservedJobs.size).toBe(20);
      expect(await credits.balanceOf(userId)).toBe(0);
      const settled = [...reservedJobs];
      const committed = settled.filter((_, index) => index % 4 === 0);
      await Promise.all(
        settled.flatMap((jobId) =>
          committed.includes(jobId)
            ? [credits.commit(jobId), credits.commit(jobId), credits.release(jobId)]
            : [credits.release(jobId), credits.release(jobId)],
        ),
      );
      const finalStates = await Promise.all(settled.map((jobId) => credits.findReservation(jobId)));
      const committedCount = finalStates.filter((state) => state?.status === 'committed').length;
      expect(
        finalStates.every((state) => state?.status === 'committed' || state?.status === 'released'),
      ).toBe(true);
      expect(committedCount).toBeGreaterThan(0);
      expect(await credits.balanceOf(userId)).toBe(20 - committedCount);
      // The history adds up to the balance.
      const history = await credits.history(userId);
      const total = history.reduce((sum, movement) => {
        if (movement.kind === 'grant' || movement.kind === 'release') return sum + movement.amount;
        if (movement.kind === 'commit') return sum;
        return sum - movement.amount;
      }, 0);
      expect(total).toBe(20 - committedCount);
      expect(history.filter((movement) => movement.kind === 'reserve')).toHaveLength(20);
    });
  });
}
