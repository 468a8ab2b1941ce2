import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { allMigrations } from '../db/migrations';
import { PROBE_PREFIX, S3FileStore } from '../files/s3-file-store';
import { readSetting } from '../settings/settings.repository';
import { VAPID_SETTING } from '../push/vapid-keys';
import type { Check, CheckStatus } from './check';
import { checkNoticeChannels } from './notice-checks';

export type { Check, CheckStatus } from './check';

const ok = (title: string, detail?: string): Check => ({ status: 'ok', title, detail });
const warn = (title: string, detail?: string): Check => ({ status: 'warn', title, detail });
const fail = (title: string, detail?: string): Check => ({ status: 'fail', title, detail });

const MB = 1_048_576;
const formatMb = (bytes: number) =>
  bytes >= 10 * 1024 * MB ? `${Math.round(bytes / 1024 / MB)} ГБ` : `${Math.round(bytes / MB)} МБ`;

/**
 * Everything `npm run doctor` checks, in order: the settings, the database, the file store,
 * free space, the public address and HTTPS, the push keys, the client messages' channels, the
 * tools backups need. A check that cannot run because an earlier one failed is left out.
 */
export async function runDoctor(env: NodeJS.ProcessEnv = process.env): Promise<Check[]> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      const lines = error.message.split('\n').slice(1);
      return [fail('Настройки содержат ошибку', lines.map((line) => line.trim()).join('\n'))];
    }
    throw error;
  }
  const checks: Check[] = [ok('Настройки прочитаны')];
  const database = openDatabase(config.databaseUrl);
  try {
    const reached = await checkDatabase(database);
    checks.push(...reached);
    const databaseUsable = reached.every((check) => check.status !== 'fail');
    checks.push(...(await checkFiles(config, database)));
    checks.push(...(await checkSpace(config)));
    checks.push(...checkAddress(config));
    if (databaseUsable) checks.push(await checkPushKeys(config, database));
    if (databaseUsable) checks.push(...(await checkNoticeChannels(config, database)));
    if (database.dialect === 'postgres' && databaseUsable) checks.push(await checkPgDump(database));
  } finally {
    await database.destroy();
  }
  return checks;
}

async function checkDatabase(database: Database): Promise<Check[]> {
  const name = database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  try {
    await sql`select 1`.execute(database.db);
  } catch (error) {
    return [fail(`База данных (${name}) недоступна`, (error as Error).message)];
  }
  const checks: Check[] = [];
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => allMigrations(database.dialect) },
    // Named: Kysely's existence check otherwise matches a migration table in any schema (another
    // app's in the same database) and then reads one that is not in ours.
    ...(database.dialect === 'postgres' ? { migrationTableSchema: database.schema ?? 'public' } : {}),
  });
  let pending: { name: string }[];
  try {
    pending = (await migrator.getMigrations()).filter((migration) => !migration.executedAt);
  } catch (error) {
    return [
      warn(
        `База данных (${name}) доступна, но состояние схемы прочитать не удалось`,
        (error as Error).message,
      ),
    ];
  }
  checks.push(
    pending.length === 0
      ? ok(`База данных (${name}) доступна, схема в актуальном состоянии`)
      : warn(
          `База данных (${name}) доступна; не применено миграций: ${pending.length}`,
          'Их применит `npm start` (или `npm run migrate`).',
        ),
  );
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ autovacuum: string; version: string; extensions: string | null }>`
      select current_setting('autovacuum') as autovacuum,
             current_setting('server_version') as version,
             (select string_agg(extname, ',') from pg_extension
               where extname in ('pg_trgm', 'btree_gin')) as extensions`.execute(database.db);
    const settings = rows[0];
    if (settings?.autovacuum !== 'on') {
      checks.push(
        warn(
          'В PostgreSQL выключен autovacuum',
          'Без него статистика планировщика устаревает и списки листаются в десятки раз медленнее. Включите autovacuum.',
        ),
      );
    }
    const present = new Set((settings?.extensions ?? '').split(','));
    const missing = SEARCH_EXTENSIONS.filter((name) => !present.has(name));
    if (missing.length > 0 && pending.length === 0) {
      checks.push(
        fail(
          missing.length === 1
            ? `Нет расширения ${missing[0]} (нужно для поиска)`
            : `Нет расширений ${missing.join(' и ')} (нужны для поиска)`,
          `Выполните от имени администратора базы: ${missing.map((name) => `CREATE EXTENSION ${name} WITH SCHEMA public;`).join(' ')}`,
        ),
      );
    }
  }
  return checks;
}

/** What search's indexes need on PostgreSQL (docs/search.md, 029). */
const SEARCH_EXTENSIONS = ['pg_trgm', 'btree_gin'];

async function checkFiles(config: Config, database: Database): Promise<Check[]> {
  if (!config.s3) {
    const checks = [ok('Файлы хранятся на этом сервере', path.join(config.dataDir, 'files'))];
    if (database.dialect === 'postgres') {
      checks.push(
        warn(
          'Несколько копий приложения не смогут делить файлы',
          'Для запуска на нескольких серверах задайте S3_BUCKET (см. docs/deploy.md). Одной копии это не мешает.',
        ),
      );
    }
    return checks;
  }
  const where = `S3 ${config.s3.bucket}${config.s3.endpoint ? ` (${config.s3.endpoint})` : ''}`;
  const probeRoot = path.join(config.dataDir, 'files');
  let store: S3FileStore | undefined;
  try {
    fs.mkdirSync(probeRoot, { recursive: true });
    store = await S3FileStore.open(config.s3, { tempRoot: probeRoot, tempFolder: '.tmp-doctor' });
    await store.probe();
    // A real write, read and delete: keys that may list but not write show here.
    const folder = `${PROBE_PREFIX}${randomBytes(6).toString('hex')}`;
    const key = `${folder}/probe.txt`;
    const temp = store.newTempPath();
    await fsp.writeFile(temp, 'GL Задачи doctor');
    await store.moveIn(temp, key);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
    // As a purge deletes a ticket's folder.
    await store.removeFolder(folder);
    if (Buffer.concat(chunks).toString() !== 'GL Задачи doctor') {
      return [fail(`Хранилище ${where} вернуло не то, что было записано`)];
    }
    return [ok(`Хранилище файлов ${where}: запись, чтение и удаление работают`)];
  } catch (error) {
    const failure = ((error as { cause?: unknown }).cause ?? error) as {
      name?: string;
      message?: string;
      $metadata?: { httpStatusCode?: number };
    };
    return [fail(`Хранилище файлов ${where} недоступно`, s3Hint(failure))];
  } finally {
    store?.close();
    fs.rmSync(path.join(probeRoot, '.tmp-doctor'), { recursive: true, force: true });
  }
}

/** What an S3 failure most likely means. HEAD answers carry no error code, only a status. */
function s3Hint(failure: {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}): string {
  const byName: Record<string, string> = {
    NoSuchBucket: 'Такой корзины нет: проверьте S3_BUCKET (и S3_REGION).',
    NotFound: 'Такой корзины нет: проверьте S3_BUCKET (и S3_REGION).',
    InvalidAccessKeyId: 'Ключ S3_ACCESS_KEY_ID не принят.',
    SignatureDoesNotMatch: 'Секрет S3_SECRET_ACCESS_KEY не подходит к ключу.',
    AccessDenied: 'У ключа нет прав на эту корзину (нужны чтение, запись, удаление, список).',
  };
  const named = failure.name ? byName[failure.name] : undefined;
  if (named) return named;
  const status = failure.$metadata?.httpStatusCode;
  if (status === 404) return byName.NotFound as string;
  if (status === 403) {
    return 'Доступ запрещён: ключ S3_ACCESS_KEY_ID не принят, секрет не подходит или у ключа нет прав на эту корзину.';
  }
  if (status === 301 || status === 400) return 'Корзина в другом регионе? Проверьте S3_REGION и S3_ENDPOINT.';
  return `Проверьте S3_ENDPOINT и сеть. Ответ: ${failure.message ?? failure.name ?? 'нет ответа'}`;
}

async function freeBytes(dir: string): Promise<number | null> {
  let probe = path.resolve(dir);
  while (!fs.existsSync(probe) && path.dirname(probe) !== probe) probe = path.dirname(probe);
  try {
    const { bavail, bsize } = await fsp.statfs(probe);
    return bavail * bsize;
  } catch {
    return null;
  }
}

async function checkSpace(config: Config): Promise<Check[]> {
  const checks: Check[] = [];
  for (const [label, dir, least] of [
    ['Папка данных (DATA_DIR)', config.dataDir, config.minFreeDiskBytes],
    ['Папка резервных копий (BACKUP_DIR)', config.backupDir, config.minFreeDiskBytes],
  ] as const) {
    const free = await freeBytes(dir);
    if (free === null) checks.push(warn(`${label}: не удалось узнать свободное место`, dir));
    else if (free < least) {
      checks.push(
        fail(
          `${label}: свободно ${formatMb(free)}, меньше MIN_FREE_DISK_MB (${formatMb(least)})`,
          `${dir}. Загрузки файлов будут отклоняться, пока места мало.`,
        ),
      );
    } else checks.push(ok(`${label}: свободно ${formatMb(free)}`, dir));
  }
  return checks;
}

function checkAddress(config: Config): Check[] {
  if (!config.publicUrl) {
    return [
      warn(
        'PUBLIC_URL не задан',
        'Задайте адрес, по которому сотрудники открывают приложение (https://…): по нему строятся ссылки в письмах и для клиентов.',
      ),
    ];
  }
  if (!config.publicUrl.startsWith('https://')) {
    return [
      warn(
        `PUBLIC_URL без HTTPS: ${config.publicUrl}`,
        'Браузеры разрешают уведомления и установку приложения только по HTTPS. Поставьте перед приложением Caddy или nginx (docs/deploy.md).',
      ),
    ];
  }
  if (config.trustProxy === false) {
    return [
      warn(
        `PUBLIC_URL ${config.publicUrl}, но TRUST_PROXY выключен`,
        'За обратным прокси задайте TRUST_PROXY (например 127.0.0.1), иначе все входы будут считаться с адреса прокси и ограничение попыток коснётся всех сразу.',
      ),
    ];
  }
  return [ok(`Адрес ${config.publicUrl} (HTTPS, за прокси)`)];
}

async function checkPushKeys(config: Config, database: Database): Promise<Check> {
  if (config.vapidKeys) return ok('Ключи Web Push заданы в настройках');
  // Before the first start there is no settings table yet: nothing stored.
  const stored = await readSetting(database.db, VAPID_SETTING).catch(() => undefined);
  return stored
    ? ok('Ключи Web Push хранятся в базе данных')
    : ok('Ключи Web Push будут созданы в базе данных при первом запуске');
}

/** Backups on PostgreSQL run pg_dump, which must be as new as the server. */
async function checkPgDump(database: Database): Promise<Check> {
  const run = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    return fail(
      'Не найден pg_dump: резервные копии не получатся',
      'Установите клиент PostgreSQL той же или более новой версии, что сервер (Debian: apt-get install postgresql-client).',
    );
  }
  const tool = Number(/(\d+)(\.\d+)?/.exec(run.stdout)?.[1] ?? 0);
  const { rows } = await sql<{
    version: string;
  }>`select current_setting('server_version_num') as version`.execute(database.db);
  const server = Math.floor(Number(rows[0]?.version ?? 0) / 10_000);
  if (tool < server) {
    return fail(
      `pg_dump версии ${tool} старее сервера PostgreSQL ${server}: резервные копии не получатся`,
      'Установите клиент PostgreSQL версии сервера или новее.',
    );
  }
  return ok(`pg_dump ${tool} подходит к серверу PostgreSQL ${server}`);
}

/** The report as printed: one line per check, a hint under it, a verdict at the end. */
export function formatDoctorReport(checks: readonly Check[]): string {
  const mark: Record<CheckStatus, string> = { ok: '✓', warn: '!', fail: '✗' };
  const lines = checks.map(
    (check) =>
      `${mark[check.status]} ${check.title}${check.detail ? `\n    ${check.detail.split('\n').join('\n    ')}` : ''}`,
  );
  const failed = checks.filter((check) => check.status === 'fail').length;
  const warned = checks.filter((check) => check.status === 'warn').length;
  lines.push(
    '',
    failed > 0
      ? `Нужно исправить: ${failed}${warned ? `; стоит посмотреть: ${warned}` : ''}.`
      : warned > 0
        ? `Работать будет; стоит посмотреть: ${warned}.`
        : 'Всё в порядке.',
  );
  return `${lines.join('\n')}\n`;
}
