import { loadConfig } from '../config.ts';
import { BackupError, restoreBackup } from '../modules/backup/backup.ts';

/** `npm run restore ARCHIVE`: brings a backup back into an empty DATA_DIR (docs/decisions/111-backup-and-restore.md). */
const archive = process.argv[2];
if (!archive) {
  console.error('Usage: npm run restore -- ARCHIVE');
  process.exitCode = 1;
} else {
  try {
    await restoreBackup(loadConfig(), archive);
    console.log(`Restored ${archive}. Start the server as usual.`);
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
