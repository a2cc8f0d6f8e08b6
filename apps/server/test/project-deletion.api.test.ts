import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

async function balanceOf(testApp: TestApp, cookie: string): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().balance;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`deleting a project during its jobs ${title}`, () => {
    let fake: FakeOpenAiServer;
    let testApp: TestApp;

    beforeAll(async () => {
      fake = await startFakeOpenAiServer();
      testApp = await createTestApp(dialect, {
        IMAGE_ENGINE: 'openai',
        OPENAI_API_KEY: fake.apiKey,
        OPENAI_BASE_URL: fake.baseUrl,
        OPENAI_MAX_RETRIES: '0',
        OPENAI_TIMEOUT_MS: '2500',
        JOB_TIMEOUT_MS: '20000',
        JOB_CONCURRENCY: '2',
        FREE_TIER_MAX_GENERATIONS: '100',
      });
    });
    afterAll(async () => {
      await testApp?.close();
      await fake?.close();
    });

    it('ends 2 running and 3 queued jobs and gives back all 5 credits', async () => {
      const { app } = testApp;
      const { cookie } = await signUp(app, {
        email: `deleter-${dialect}@example.com`,
        password: 'a long password',
      });
      const project = await createProject(app, cookie, 'Busy', await solidPng(48, 32));
      // The provider never answers the first two edits: they stay running until deleted.
      fake.failNext('hang', 2);
      const jobIds: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const accepted = await app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/transformations`,
          headers: sameOriginHeaders(app, cookie),
          payload: { directives, useElementRegions: false },
        });
        expect(accepted.statusCode).toBe(202);
        jobIds.push(accepted.json().job.id);
      }
      expect(await balanceOf(testApp, cookie)).toBe(0);
      const statusOf = async (jobId: string) =>
        (await app.db.selectFrom('job').select('status').where('id', '=', jobId).executeTakeFirst())?.status;
      await waitFor(
        async () => (await Promise.all(jobIds.map(statusOf))).filter((s) => s === 'running').length === 2,
      );

      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}`,
        headers: sameOriginHeaders(app, cookie),
      });
      expect(deleted.statusCode).toBe(204);
      expect(await balanceOf(testApp, cookie)).toBe(5);
      const held = await app.db
        .selectFrom('credit_reservation')
        .select('status')
        .where('job_id', 'in', jobIds)
        .execute();
      expect(held.map((row) => row.status)).toEqual(Array(5).fill('released'));

      // The hanging edits time out later; nothing is refunded twice or stored.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(await balanceOf(testApp, cookie)).toBe(5);
      expect(await app.db.selectFrom('job').select('id').where('id', 'in', jobIds).execute()).toEqual([]);
      const history = await app.db
        .selectFrom('credit_movement')
        .select(['kind'])
        .where('reference', 'in', jobIds)
        .execute();
      expect(history.filter((row) => row.kind === 'release')).toHaveLength(5);
      expect(history.filter((row) => row.kind === 'commit')).toHaveLength(0);
    });
  });
}
