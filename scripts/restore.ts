// `npm run restore -- ARCHIVE [--force]`: checks every checksum of a backup archive, then
// restores it into the configured data folder and database (DATA_DIR, DATABASE_URL), which
// must be empty unless --force is given. Stop the server first.
import { parseArgs } from 'node:util';
import { BackupArchiveError } from '../src/server/backup/read-backup';
import { restoreBackup } from '../src/server/backup/restore-backup';
import { loadConfig } from '../src/server/config';
import { openFileStore } from '../src/server/files/open-file-store';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false } },
});
const archive = positionals[0];
if (!archive || positionals.length > 1) {
  process.stderr.write(
    'Укажите один архив: npm run restore -- backups/gl-zadachi-backup-….tar.gz [--force]\n',
  );
  process.exit(2);
}
const config = loadConfig();
const store = await openFileStore(config, { tempFolder: '.tmp-restore' });
try {
  const manifest = await restoreBackup(archive, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    store,
    force: values.force,
  });
  const { tickets, tasks, clients, files } = manifest.counts;
  process.stdout.write(
    `Восстановлено из копии от ${manifest.createdAt}: заявок ${tickets}, задач ${tasks}, ` +
      `клиентов ${clients}, файлов ${files}. Можно запускать: npm start\n`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `${error instanceof BackupArchiveError ? message : `Не удалось восстановить: ${message}`}\n`,
  );
  process.exitCode = 1;
} finally {
  store.close?.();
}
