import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '@facelift/test-fakes/openai';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, type RunningServer, startServer } from './support/server-process.ts';

/*
 * kill -9 of the one-machine server (SQLite, jobs in process) while jobs run, then a restart on
 * the same data directory (issue 19, faults; docs/decisions/021-ending-jobs.md). The provider
 * holds the first two edits unanswered, so two jobs are running and two queued when the
 * process dies. JOB_MAX_ATTEMPTS=1: the two cut off mid-run are failed and refunded, the two
 * queued ones run after the restart. No credit lost, no file or row half kept.
 */
const jobCount = 4;
const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

describe('kill -9 of the server during running jobs (SQLite), then a restart', () => {
  let fake: FakeOpenAiServer;
  let first: RunningServer | undefined;
  let second: RunningServer | undefined;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await first?.kill();
    await second?.stop();
    await fake?.close();
  });

  it('fails and refunds the jobs cut off, runs the queued ones, and keeps files and rows consistent', async () => {
    const port = await findFreePort();
    const environment = {
      IMAGE_ENGINE: 'openai',
      OPENAI_API_KEY: fake.apiKey,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      JOB_CONCURRENCY: '2',
      JOB_MAX_ATTEMPTS: '1',
      FREE_TIER_MAX_GENERATIONS: String(jobCount + 1),
    };
    first = await startServer(environment, port, 'built');
    const baseUrl = first.baseUrl;
    const origin = { origin: baseUrl };
    const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { ...origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kill', email: 'kill@example.com', password: 'a long password' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const get = async (url: string) => {
      const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#c8b49a' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('name', 'Kill');
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'facade.png');
    const project = await (
      await fetch(`${baseUrl}/api/projects`, { method: 'POST', headers: { ...origin, cookie }, body: form })
    ).json();
    const startingBalance = (await get('/api/me')).balance;

    fake.failNext('hang', 2);
    const jobIds: string[] = [];
    for (let index = 0; index < jobCount; index += 1) {
      const accepted = await fetch(`${baseUrl}/api/projects/${project.id}/transformations`, {
        method: 'POST',
        headers: { ...origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ directives }),
      });
      expect(accepted.status).toBe(202);
      jobIds.push((await accepted.json()).job.id);
    }
    // Both workers are inside a provider call that will not answer: two running, two queued.
    await waitFor(() => fake.requestLog.length === 2, 'two edits in flight');
    const before = await Promise.all(jobIds.map((jobId) => get(`/api/jobs/${jobId}`)));
    expect(before.map((job) => job.status).sort()).toEqual(['queued', 'queued', 'running', 'running']);
    expect((await get('/api/me')).balance).toBe(startingBalance - jobCount);

    await first.kill();
    const killedAt = Date.now();
    second = await startServer({ ...environment, DATA_DIR: first.dataDirectory }, port, 'built');
    let jobs: { id: string; status: string; error: { code: string; message: string } | null }[] = [];
    await waitFor(async () => {
      jobs = await Promise.all(jobIds.map((jobId) => get(`/api/jobs/${jobId}`)));
      return jobs.every((job) => job.status === 'done' || job.status === 'failed');
    }, 'every job settled');
    const settledMs = Date.now() - killedAt;

    const byId = new Map(before.map((job) => [job.id, job.status]));
    for (const job of jobs) {
      if (byId.get(job.id) === 'running') {
        expect(job).toMatchObject({
          status: 'failed',
          error: {
            code: 'INTERRUPTED',
            message: 'The transformation was interrupted by a server restart. Your credits were refunded.',
          },
        });
      } else {
        expect(job.status).toBe('done');
      }
    }
    // Credits: exactly the two done jobs are charged; nothing is still held.
    expect((await get('/api/me')).balance).toBe(startingBalance - 2);
    const database = new Database(path.join(first.dataDirectory, 'app.db'), { readonly: true });
    try {
      expect(
        database.prepare("select count(*) as n from credit_reservation where status = 'reserved'").get(),
      ).toEqual({
        n: 0,
      });
      const history = database
        .prepare('select result_key, result_thumbnail_key from project_history_item where project_id = ?')
        .all(project.id) as { result_key: string; result_thumbnail_key: string }[];
      expect(history).toHaveLength(2);
      // Files: the original, its thumbnail and each kept result with its thumbnail; nothing else.
      const files = await filesUnder(path.join(first.dataDirectory, 'files'));
      const generated = files.filter((file) => file.includes('/generated/'));
      expect(generated).toEqual(
        history.flatMap((item) => [item.result_key, item.result_thumbnail_key]).sort(),
      );
      expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    } finally {
      database.close();
    }
    console.log(
      `[kill -9 server, SQLite] ${jobCount} jobs (2 running, 2 queued) at the kill: 2 failed INTERRUPTED and refunded, ` +
        `2 done after the restart, settled ${settledMs} ms after the kill; balance ${startingBalance} → ${startingBalance - 2}`,
    );
  }, 60_000);
});
