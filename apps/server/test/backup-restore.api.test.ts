import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { BackupError, restoreBackup, writeBackup } from '../src/modules/backup/backup.ts';
import { sameOriginHeaders, signUp } from './support/auth-helpers.ts';
import { solidPng } from './support/image-fixtures.ts';
import { rectangleMask } from './support/masks.ts';
import { multipartBody } from './support/multipart.ts';
import { createProject } from './support/project-helpers.ts';
import { createTestApp } from './support/test-app.ts';

const directives = { mode: 'options', selectedItems: [{ type: 'walls', value: 'itemColor-sage' }] };

async function waitForJob(app: FastifyInstance, cookie: string, jobId: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const job = await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie } });
    const { status } = job.json();
    if (status === 'done' || status === 'failed') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not end');
}

/** What a user sees of their account: the answer a restore must bring back unchanged. */
async function accountView(app: FastifyInstance, cookie: string) {
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const me = (await get('/api/me')).json();
  const projects = (await get('/api/projects')).json().projects as { id: string }[];
  const details = [];
  for (const { id } of projects) {
    const project = (await get(`/api/projects/${id}`)).json();
    const files = [
      project.original.url,
      ...project.history.map((item: { transformed: { url: string } }) => item.transformed.url),
    ];
    const sizes = [];
    for (const url of files) {
      const file = await get(url);
      expect(file.statusCode, url).toBe(200);
      sizes.push(file.rawPayload.length);
    }
    details.push({ project, sizes, regions: (await get(`/api/projects/${id}/regions`)).json() });
  }
  return { me, details };
}

describe('backup and restore of the embedded default (SQLite + local files)', () => {
  const directories: string[] = [];
  afterAll(async () => {
    for (const directory of directories) await rm(directory, { recursive: true, force: true });
  });

  it('round-trips projects, results, chat, credits and sessions through one archive taken while users work', async () => {
    const source = await createTestApp('sqlite', { WRITE_RATE_LIMIT_MAX: '1000' });
    const { app } = source;
    const { cookie } = await signUp(app, { email: 'kept@example.com', password: 'a long password' });
    const project = await createProject(app, cookie, 'Kept facade', await solidPng(48, 32));
    const region = await app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/regions/walls`,
      headers: { ...sameOriginHeaders(app, cookie), 'content-type': 'image/png' },
      payload: await rectangleMask(48, 32, { left: 0, top: 0, right: 24, bottom: 16 }),
    });
    expect(region.statusCode).toBe(200);
    const job = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/transformations`,
      headers: sameOriginHeaders(app, cookie),
      payload: { directives },
    });
    expect(job.statusCode, job.body).toBeLessThan(300);
    expect(await waitForJob(app, cookie, job.json().job.id)).toBe('done');
    const chat = multipartBody({ text: 'Paint the walls sage' });
    const message = await app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/chat`,
      headers: { ...sameOriginHeaders(app, cookie), ...chat.headers },
      payload: chat.payload,
    });
    expect(message.statusCode, message.body).toBe(202);
    expect(['done', 'failed']).toContain(await waitForJob(app, cookie, message.json().job.id));
    const userId = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().id;
    await app.services.credits.grant({ userId, amount: 7, source: 'admin', reason: 'goodwill' });
    const before = await accountView(app, cookie);
    expect(before.details[0]?.project.history).toHaveLength(1);
    expect(before.details[0]?.project.chatHistory.length).toBeGreaterThanOrEqual(1);

    // Someone else keeps working while the backup runs: new projects and renames.
    const busy = await signUp(app, { email: 'busy@example.com', password: 'a long password' });
    const busyProject = await createProject(app, busy.cookie, 'Busy 0', await solidPng(16, 16));
    let working = true;
    const work = (async () => {
      for (let round = 1; working; round += 1) {
        await app.inject({
          method: 'PATCH',
          url: `/api/projects/${busyProject.id}`,
          headers: sameOriginHeaders(app, busy.cookie),
          payload: { name: `Busy ${round}` },
        });
        await createProject(app, busy.cookie, `More ${round}`, await solidPng(16, 16));
      }
    })();
    const backups = await mkdtemp(path.join(tmpdir(), 'facelift-backups-'));
    directories.push(backups);
    const archive = path.join(backups, 'facelift.tar.gz');
    // A write in flight: the local store's temporary file, renamed into place a moment later.
    const filesDirectory =
      source.config.files.localDirectory ?? path.join(source.config.dataDirectory, 'files');
    await mkdir(filesDirectory, { recursive: true });
    await writeFile(path.join(filesDirectory, 'in-flight.png.0d6f.tmp'), 'half a file');
    const written = await writeBackup(source.config, archive);
    working = false;
    await work;
    expect(written.files).toBeGreaterThanOrEqual(4);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    await source.close();

    // A new machine: an empty data directory, no AUTH_SECRET configured, as on the first.
    const target = await mkdtemp(path.join(tmpdir(), 'facelift-restored-'));
    directories.push(target);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: target,
      WEB_DIST_DIR: path.join(target, 'web-dist'),
    });
    await restoreBackup(config, archive);
    const restoredFiles = await readdir(path.join(target, 'files'), { recursive: true });
    expect(restoredFiles.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(restoredFiles.length).toBeGreaterThanOrEqual(4);
    const restored = await buildApp(config, { logger: false });
    await restored.ready();
    try {
      // The old session cookie still signs the user in; everything reads back the same.
      expect(await accountView(restored, cookie)).toEqual(before);
      expect(before.me.balance).toBeGreaterThan(5);
      // The busy user's projects are consistent: every project in the snapshot has its file.
      const busyView = await accountView(restored, busy.cookie);
      expect(busyView.details.length).toBeGreaterThanOrEqual(1);
      // Restoring over an existing database is refused.
      await expect(restoreBackup(config, archive)).rejects.toBeInstanceOf(BackupError);
    } finally {
      await restored.close();
    }
  });
});
