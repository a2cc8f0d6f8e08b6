import { chmod, copyFile, cp, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import type { Config } from '../../config.ts';
import { createDatabase } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrator.ts';

/**
 * Backup and restore of the embedded default: SQLite and the local file store in one
 * `.tar.gz` (docs/decisions/111-backup-and-restore.md). PostgreSQL and S3 are backed up with
 * their own tools (README, Deploying).
 */

const databaseEntry = 'app.db';
const filesEntry = 'files';
const authSecretEntry = 'auth-secret';

export class BackupError extends Error {}

function embeddedPaths(config: Config) {
  if (config.database.dialect !== 'sqlite') {
    throw new BackupError(
      'npm run backup covers the embedded SQLite database; back up PostgreSQL with pg_dump (README, Deploying).',
    );
  }
  if (config.files.driver !== 'local') {
    throw new BackupError(
      'npm run backup covers the local file store; back up the S3 bucket with its own versioning or replication (README, Deploying).',
    );
  }
  return {
    databaseFile: config.database.file,
    filesDirectory: config.files.localDirectory ?? path.join(config.dataDirectory, 'files'),
    authSecretFile: path.join(config.dataDirectory, 'auth-secret'),
  };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Copies the stored files while users work. A write in flight is a `.tmp` file that the local
 * store renames into place (local-blob-store.ts): it is not a stored file yet and may be gone
 * a moment later, so it is left out. A file removed between the listing and its copy (a project
 * being deleted) is skipped, not an error.
 */
async function copyStoredFiles(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * Writes one consistent archive while the server runs. The database is copied first with
 * SQLite's online backup (a consistent snapshot, whatever is being written), then the files:
 * files are written before the rows that name them, so every file the snapshot names is
 * already there when the files are copied.
 */
export async function writeBackup(
  config: Config,
  archive: string,
): Promise<{ archive: string; files: number }> {
  const paths = embeddedPaths(config);
  if (!(await exists(paths.databaseFile))) throw new BackupError(`No database at ${paths.databaseFile}.`);
  await mkdir(path.dirname(path.resolve(archive)), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(path.resolve(archive)), '.backup-'));
  try {
    const sqlite = new Database(paths.databaseFile, { fileMustExist: true });
    try {
      sqlite.pragma('busy_timeout = 5000');
      await sqlite.backup(path.join(staging, databaseEntry));
    } finally {
      sqlite.close();
    }
    const entries = [databaseEntry];
    if (await exists(paths.filesDirectory)) {
      await copyStoredFiles(paths.filesDirectory, path.join(staging, filesEntry));
      entries.push(filesEntry);
    }
    // Without it, sessions of an offline install would not survive the restore.
    if (await exists(paths.authSecretFile)) {
      await cp(paths.authSecretFile, path.join(staging, authSecretEntry));
      entries.push(authSecretEntry);
    }
    const partial = `${archive}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    // The archive holds every user's data (and the session secret): owner-only, like the data.
    await chmod(partial, 0o600);
    await rename(partial, archive);
    const files = entries.includes(filesEntry)
      ? (await readdir(path.join(staging, filesEntry), { recursive: true, withFileTypes: true })).filter(
          (entry) => entry.isFile(),
        ).length
      : 0;
    return { archive, files };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Brings an archive back into an empty data directory (a new machine), then applies any
 * migration the archive predates. Refuses to overwrite an existing database.
 */
export async function restoreBackup(config: Config, archive: string): Promise<void> {
  const paths = embeddedPaths(config);
  if (!(await exists(archive))) throw new BackupError(`No archive at ${archive}.`);
  if (await exists(paths.databaseFile)) {
    throw new BackupError(
      `A database already exists at ${paths.databaseFile}; restore into an empty DATA_DIR (move the old one away first).`,
    );
  }
  await mkdir(config.dataDirectory, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDirectory, '.restore-'));
  try {
    await tar.extract({ file: archive, cwd: staging, strict: true });
    if (!(await exists(path.join(staging, databaseEntry)))) {
      throw new BackupError(`${archive} is not a Facelift backup: it has no ${databaseEntry}.`);
    }
    if (await exists(path.join(staging, filesEntry))) {
      await mkdir(path.dirname(paths.filesDirectory), { recursive: true });
      await cp(path.join(staging, filesEntry), paths.filesDirectory, { recursive: true });
    }
    if (!config.auth.secret && (await exists(path.join(staging, authSecretEntry)))) {
      await cp(path.join(staging, authSecretEntry), paths.authSecretFile);
      await chmod(paths.authSecretFile, 0o600);
    }
    // The database goes in last: until it is there, the directory reads as empty.
    await mkdir(path.dirname(paths.databaseFile), { recursive: true });
    await rename(path.join(staging, databaseEntry), paths.databaseFile);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const { db, dialect } = createDatabase(config.database);
  try {
    await migrateToLatest(db, dialect);
  } finally {
    await db.destroy();
  }
}
