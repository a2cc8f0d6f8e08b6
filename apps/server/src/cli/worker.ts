import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * `npm run worker`: a process that only runs transformation jobs (pg-boss on PostgreSQL),
 * beside web instances started with JOB_WORKERS_IN_PROCESS=false. It is the same app without
 * an HTTP listener, so jobs are run by exactly the code the web server would run.
 */
const config = loadConfig();
if (config.database.dialect !== 'postgres') {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL): with SQLite, jobs run inside the web server.',
  );
  process.exit(1);
}
const app = await buildApp({ ...config, jobs: { ...config.jobs, runWorkersInProcess: true } });
await app.ready();
app.log.info({ concurrency: config.jobs.concurrency }, 'worker started');
closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'worker stopping after an error');
  else app.log.info({ signal }, 'worker stopping');
  await app.close();
});
