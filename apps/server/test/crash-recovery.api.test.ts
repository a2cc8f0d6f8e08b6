import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testDialects } from './support/test-databases.ts';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

async function balanceOf(testApp: TestApp, cookie: string): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().balance;
}

async function jobStatus(testApp: TestApp, jobId: string) {
  return testApp.app.db
    .selectFrom('job')
    .select(['status', 'error_code'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const postgres = testDialects.find((entry) => entry.dialect === 'postgres');

describe.skipIf(!postgres?.isAvailable)(`a worker killed mid-job ${postgres?.title}`, () => {
  let fake: FakeOpenAiServer;
  let web: TestApp;
  let worker: ChildProcess | undefined;
  let workerLog = '';

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    const engine = {
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      OPENAI_TIMEOUT_MS: '120000',
      JOB_TIMEOUT_MS: '300000',
      JOB_MAX_ATTEMPTS: '1',
    };
    // A web-only instance (this process) beside a worker process that will be killed.
    web = await createTestApp('postgres', { ...engine, JOB_WORKERS_IN_PROCESS: 'false' });
    if (web.config.database.dialect !== 'postgres') throw new Error('expected PostgreSQL');
    worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/worker.ts'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...engine,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: web.dataDirectory,
        DATABASE_URL: web.config.database.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk) => {
      workerLog += chunk;
    });
    worker.stderr?.on('data', (chunk) => {
      workerLog += chunk;
    });
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await web?.close();
    await fake?.close();
  });

  it('is settled and refunded by the surviving instance within a minute, without a restart', async () => {
    const { app } = web;
    const { cookie } = await signUp(app, { email: 'crash@example.com', password: 'a long password' });
    const project = await createProject(app, cookie, 'Crash', await solidPng(48, 32));
    fake.failNext('hang');
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/transformations`,
      headers: sameOriginHeaders(app, cookie),
      payload: { directives, useElementRegions: false },
    });
    expect(accepted.statusCode).toBe(202);
    const jobId: string = accepted.json().job.id;
    await waitFor(async () => (await jobStatus(web, jobId)).status === 'running', 30_000).catch((error) => {
      throw new Error(`${error}\nworker output:\n${workerLog}`);
    });
    expect(await balanceOf(web, cookie)).toBe(4);

    worker?.kill('SIGKILL');
    const killedAt = Date.now();
    await waitFor(async () => (await jobStatus(web, jobId)).status === 'failed', 60_000);
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(await jobStatus(web, jobId)).toEqual({ status: 'failed', error_code: 'INTERRUPTED' });
    expect(await balanceOf(web, cookie)).toBe(5);
  }, 120_000);
});

for (const { dialect, title, isAvailable } of testDialects) {
  describe.skipIf(!isAvailable)(`a job killed while storing ${title}`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, { IMAGE_ENGINE: 'local', JOB_WORKERS_IN_PROCESS: 'false' });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('has its half-written result file removed and its credits refunded when settled', async () => {
      const { app } = testApp;
      const { cookie } = await signUp(app, {
        email: `storing-${dialect}@example.com`,
        password: 'a long password',
      });
      const project = await createProject(app, cookie, 'Storing', await solidPng(48, 32));
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/transformations`,
        headers: sameOriginHeaders(app, cookie),
        payload: { directives, useElementRegions: false },
      });
      const job = accepted.json().job;
      const owner = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      const resultKey = `users/${owner.id}/projects/${project.id}/generated/1700000000000.png`;
      await app.services.blobStore.put(resultKey, await solidPng(48, 32), 'image/png');
      // The "crash": the worker had written the file and died before recording the history item.
      const longAgo = new Date(Date.now() - 5 * 60_000);
      await app.db
        .updateTable('job')
        .set({
          status: 'storing',
          attempts: 1,
          result_key: resultKey,
          started_at: dialect === 'postgres' ? longAgo : longAgo.toISOString(),
          heartbeat_at: dialect === 'postgres' ? longAgo : longAgo.toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
      expect(await balanceOf(testApp, cookie)).toBe(4);

      const recovered = await app.services.jobs.recoverInterruptedJobs({ isStartup: false });
      expect(recovered).toMatchObject({ failed: 1 });
      expect(await jobStatus(testApp, job.id)).toEqual({ status: 'failed', error_code: 'INTERRUPTED' });
      expect(await balanceOf(testApp, cookie)).toBe(5);
      expect(await app.services.blobStore.get(resultKey)).toBeNull();
    });

    it('leaves a job whose worker is alive alone', async () => {
      const { app } = testApp;
      const { cookie } = await signUp(app, {
        email: `alive-${dialect}@example.com`,
        password: 'a long password',
      });
      const project = await createProject(app, cookie, 'Alive', await solidPng(48, 32));
      const job = (
        await app.inject({
          method: 'POST',
          url: `/api/projects/${project.id}/transformations`,
          headers: sameOriginHeaders(app, cookie),
          payload: { directives, useElementRegions: false },
        })
      ).json().job;
      const justNow = new Date();
      await app.db
        .updateTable('job')
        .set({
          status: 'running',
          attempts: 1,
          started_at: dialect === 'postgres' ? justNow : justNow.toISOString(),
          heartbeat_at: dialect === 'postgres' ? justNow : justNow.toISOString(),
        })
        .where('id', '=', job.id)
        .execute();
      await app.services.jobs.recoverInterruptedJobs({ isStartup: false });
      expect((await jobStatus(testApp, job.id)).status).toBe('running');
      expect(await balanceOf(testApp, cookie)).toBe(4);
    });
  });
}
