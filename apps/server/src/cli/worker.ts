import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { processIdentity } from '../lib/process-identity.ts';
import { createServices, jobRecoveryTiming } from '../services.ts';

/**
 * `npm run worker`: a process that only runs transformation jobs (pg-boss on PostgreSQL),
 * beside web instances started with JOB_WORKERS_IN_PROCESS=false. It builds the same services
 * as the web server (createServices), so jobs are run by exactly the code the web server would run.
 */
const config = loadConfig();
if (config.database.dialect !== 'postgres') {
  console.error(
    'npm run worker needs DATABASE_URL (PostgreSQL): with SQLite, jobs run inside the web server.',
  );
  process.exit(1);
}
const log = pino({ level: config.logLevel });
const database = createDatabase(config.database);
await migrateToLatest(database.db, database.dialect);
const services = await createServices(config, database, { log });
await services.jobs.start({
  runWorkers: true,
  concurrency: config.jobs.concurrency,
  sweepEveryMs: jobRecoveryTiming.sweepEveryMs,
});
log.info({ concurrency: config.jobs.concurrency, runBy: processIdentity }, 'worker started');
closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'worker stopping after an error');
  else log.info({ signal }, 'worker stopping');
  await services.close();
  await database.db.destroy();
});
