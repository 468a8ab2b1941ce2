// `npm run backup`: one archive of the database (a consistent snapshot, taken while the server
// runs), the uploaded files and the push keys, with a manifest of counts and SHA-256 sums,
// written to BACKUP_DIR (./backups unless set). Restore with `npm run restore -- ARCHIVE`.
import { writeBackup } from '../src/server/backup/write-backup';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { openFileStore } from '../src/server/files/open-file-store';
import { systemClock } from '../src/server/clock';
import { createWorkRules } from '../src/server/settings/work-rules';

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
const store = await openFileStore(config, { tempFolder: '.tmp-backup' });
try {
  const started = Date.now();
  // Named by the shop's clock, as the server's own backups are.
  const { timeZone } = await createWorkRules(database.db, systemClock).get();
  const { file, manifest } = await writeBackup(
    { database, databaseUrl: config.databaseUrl, dataDir: config.dataDir, store },
    config.backupDir,
    new Date(),
    timeZone,
  );
  const { size } = await import('node:fs').then((fs) => fs.statSync(file));
  const { tickets, tasks, clients, files } = manifest.counts;
  process.stdout.write(
    `Резервная копия готова: ${file}\n` +
      `${size < 1_048_576 ? `${Math.ceil(size / 1024)} КБ` : `${(size / 1_048_576).toFixed(1)} МБ`} за ${((Date.now() - started) / 1000).toFixed(1)} с; ` +
      `заявок ${tickets}, задач ${tasks}, клиентов ${clients}, файлов ${files}\n`,
  );
} catch (error) {
  process.stderr.write(
    `Резервная копия не сделана: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.destroy();
  store.close?.();
}
