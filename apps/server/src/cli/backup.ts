import { loadConfig } from '../config.ts';
import { BackupError, writeBackup } from '../modules/backup/backup.ts';

/**
 * `npm run backup [ARCHIVE]`: one consistent .tar.gz of the SQLite database, the file store and
 * the generated session secret, safe while the server runs (docs/decisions/111-backup-and-restore.md).
 */
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const archive = process.argv[2] ?? `backups/facelift-${stamp}.tar.gz`;
try {
  const written = await writeBackup(loadConfig(), archive);
  console.log(`Backup written: ${written.archive} (database and ${written.files} files).`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
