import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

/** The entries of a zip, name → bytes, read with yauzl. */
function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Every row in the database that still names the user, table by table. */
async function rowsOf(app: FastifyInstance, userId: string) {
  const db = app.db;
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    user: await count(db.selectFrom('user').select('id').where('id', '=', userId).execute()),
    session: await count(db.selectFrom('session').select('id').where('userId', '=', userId).execute()),
    account: await count(db.selectFrom('account').select('id').where('userId', '=', userId).execute()),
    credit_entry: await count(
      db.selectFrom('credit_entry').select('id').where('user_id', '=', userId).execute(),
    ),
    credit_movement: await count(
      db.selectFrom('credit_movement').select('id').where('user_id', '=', userId).execute(),
    ),
    credit_reservation: await count(
      db.selectFrom('credit_reservation').select('job_id').where('user_id', '=', userId).execute(),
    ),
    checkout_session: await count(
      db.selectFrom('checkout_session').select('id').where('user_id', '=', userId).execute(),
    ),
    project: await count(db.selectFrom('project').select('id').where('user_id', '=', userId).execute()),
    job: await count(db.selectFrom('job').select('id').where('user_id', '=', userId).execute()),
  };
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`delete my account, download my data ${title}`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, { IMAGE_ENGINE: 'local', SALES_OPEN: 'true' });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    async function accountWithData(email: string) {
      const { app } = testApp;
      const { cookie } = await signUp(app, { email, password: 'a long password' });
      const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      const project = await createProject(app, cookie, 'My house', await solidPng(48, 32));
      const checkout = await app.inject({
        method: 'POST',
        url: '/api/payments/checkout',
        headers: sameOriginHeaders(app, cookie),
        payload: { planId: 'starter' },
      });
      const sessionId = new URL(checkout.json().url, 'http://x').pathname.split('/').at(-1) as string;
      const paid = await app.inject({
        method: 'POST',
        url: `/api/payments/test-checkout/${sessionId}/pay`,
        headers: sameOriginHeaders(app, cookie),
      });
      expect(paid.statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/api/payments/fulfil',
        headers: sameOriginHeaders(app, cookie),
        payload: { sessionId },
      });
      return { cookie, userId: me.id as string, projectId: project.id, sessionId };
    }

    it('downloads a zip of the profile, credits, projects and every file', async () => {
      const { app } = testApp;
      const { cookie, userId, projectId } = await accountWithData(`export-${dialect}@example.com`);
      const response = await app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="facelift-data-/);
      const entries = await readZip(response.rawPayload);
      const account = JSON.parse(String(entries.get('account.json')));
      expect(account.profile).toMatchObject({ id: userId, balance: 15 });
      expect(account.creditHistory.map((movement: { kind: string }) => movement.kind)).toContain('grant');
      expect(account.payments).toHaveLength(1);
      const project = JSON.parse(String(entries.get(`projects/${projectId}/project.json`)));
      expect(project.name).toBe('My house');
      const original = entries.get(`files/projects/${projectId}/original.png`);
      expect(original?.subarray(1, 4).toString()).toBe('PNG');
      // Someone else's data is not in it, and signed out there is nothing to download.
      expect([...entries.keys()].every((name) => !name.includes('..'))).toBe(true);
      const signedOut = await app.inject({ method: 'GET', url: '/api/account/export' });
      expect(signedOut.statusCode).toBe(401);
    });

    it('refuses to delete without the right password, changing nothing', async () => {
      const { app } = testApp;
      const { cookie, userId } = await accountWithData(`keep-${dialect}@example.com`);
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: sameOriginHeaders(app, cookie),
        payload: { password: 'not my password' },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.message).toBe('The password is not right.');
      const missing = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: sameOriginHeaders(app, cookie),
        payload: {},
      });
      expect(missing.statusCode).toBe(403);
      expect((await rowsOf(app, userId)).user).toBe(1);
      expect((await app.services.blobStore.list(`users/${userId}/`)).length).toBeGreaterThan(0);
    });

    it('deletes the account leaving no row and no file of the user; the payment stays, anonymised', async () => {
      const { app } = testApp;
      const { cookie, userId, sessionId, projectId } = await accountWithData(`leave-${dialect}@example.com`);
      const other = await accountWithData(`stay-${dialect}@example.com`);
      // A chat exchange with an attached image: rows and files of the chat go too.
      await app.services.chatMessages.appendChatMessage(userId, projectId, {
        role: 'user',
        text: 'Paint the walls sage',
        attachments: [await solidPng(16, 16)],
      });
      expect(
        await app.db
          .selectFrom('project_chat_message')
          .select('id')
          .where('project_id', '=', projectId)
          .execute(),
      ).toHaveLength(1);
      expect((await app.services.blobStore.list(`users/${userId}/`)).length).toBeGreaterThan(0);

      const deleted = await app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: sameOriginHeaders(app, cookie),
        payload: { password: 'a long password' },
      });
      expect(deleted.statusCode).toBe(204);

      expect(await rowsOf(app, userId)).toEqual({
        user: 0,
        session: 0,
        account: 0,
        credit_entry: 0,
        credit_movement: 0,
        credit_reservation: 0,
        checkout_session: 0,
        project: 0,
        job: 0,
      });
      expect(await app.services.blobStore.list(`users/${userId}/`)).toEqual([]);
      expect(
        await app.db
          .selectFrom('project_chat_message')
          .select('id')
          .where('project_id', '=', projectId)
          .execute(),
      ).toEqual([]);
      const anonymised = await app.db
        .selectFrom('anonymised_payment')
        .selectAll()
        .where('checkout_session_id', '=', sessionId)
        .execute();
      expect(anonymised).toHaveLength(1);
      expect(anonymised[0]).toMatchObject({ plan_id: 'starter', price_cents: 500, payment_status: 'paid' });
      expect(JSON.stringify(anonymised[0])).not.toContain(userId);
      // The old session no longer signs anyone in; the other account is untouched.
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.json()).toBeNull();
      expect((await rowsOf(app, other.userId)).project).toBe(1);
      expect((await app.services.blobStore.list(`users/${other.userId}/`)).length).toBeGreaterThan(0);
    });
  });
}
