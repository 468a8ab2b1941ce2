// `npm run import -- --from EXPORT.json [--files DIR] [--dry-run]`: brings in the previous
// system's export (users, clients, tickets, tasks with their history and files) into the
// configured data folder and database. Running it again adds nothing; a run that was cut off
// goes on where it stopped. See docs/import.md.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { progressPrinter } from '../src/server/import/import-progress';
import { formatImportReport } from '../src/server/import/import-report';
import { ExportFileError } from '../src/server/import/legacy-export';
import { newUserLinks } from '../src/server/import/new-user-links';
import { runImport } from '../src/server/import/run-import';

const USAGE = 'Как запускать: npm run import -- --from EXPORT.json [--files ПАПКА] [--dry-run]\n';

let values: { from?: string; files?: string; 'dry-run'?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      from: { type: 'string' },
      files: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!values.from) {
  process.stderr.write(`Укажите файл выгрузки: --from EXPORT.json\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
const dryRun = values['dry-run'] ?? false;
const progress = progressPrinter(process.stderr, dryRun ? 'Проверено' : 'Перенесено');
try {
  await migrateToLatest(database);
  const report = await runImport({
    database,
    dataDir: config.dataDir,
    s3: config.s3,
    exportFile: values.from,
    filesDir: values.files ?? null,
    dryRun,
    onProgress: (done, total) => progress.update(done, total),
  });
  process.stdout.write(formatImportReport(report));
  if (report.newUsers.length > 0) {
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    const links = await newUserLinks(database.db, report.newUsers, origin, new Date());
    process.stdout.write(
      '\nНовые сотрудники входят, задав пароль по одноразовой ссылке (действует сутки):\n',
    );
    for (const { email, link } of links) process.stdout.write(`  ${email}: ${link}\n`);
    process.stdout.write(
      'Позже ссылку выдаст владелец в «Сотрудники» или команда npm run reset-password -- EMAIL\n',
    );
  }
  if (!dryRun)
    process.stdout.write('\nГотово. Если сервер запущен, обновите страницу, чтобы увидеть данные.\n');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    error instanceof ExportFileError
      ? `${message}\n`
      : `\nПеренос прерван: ${message}\nЗапустите ту же команду снова: уже перенесённое не повторится.\n`,
  );
  process.exitCode = 1;
} finally {
  await database.destroy();
}
