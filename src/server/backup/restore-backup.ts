import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withSchemaChangeLockOn } from '../db/schema-change-lock';
import { ensureSearchExtensions } from '../db/pg-trigram';
import { openDatabase } from '../db/database';
import { afterBulkChange } from '../db/analyze';
import { migrateToLatest } from '../db/migrate';
import type { FileStore } from '../files/file-store';
import { FILES_PREFIX, PG_DUMP_ENTRY, SQLITE_ENTRY, VAPID_ENTRY, type Manifest } from './manifest';
import { BackupArchiveError, unpackAndVerify } from './read-backup';
import { run } from './write-backup';

export interface RestoreTarget {
  /** Receives the push keys (and the unpacked archive while it is checked). */
  dataDir: string;
  /** Receives the files: DATA_DIR/files or the S3 bucket. */
  store: FileStore;
  /** `sqlite:<file>` or `postgres://…` (the same setting the server reads). */
  databaseUrl: string;
  /** PostgreSQL schema (tests); the default otherwise. */
  pgSchema?: string;
  /** Replace what is there. Without it a target holding data is refused. */
  force?: boolean;
}

/**
 * Restores an archive into an empty data folder and database: checks every checksum first
 * (nothing is touched if one is wrong), then puts the database, the files and the push keys
 * in place, and migrates the database on if the archive is from an older version.
 */
export async function restoreBackup(archive: string, target: RestoreTarget): Promise<Manifest> {
  await fsp.mkdir(target.dataDir, { recursive: true, mode: 0o700 });
  const work = await fsp.mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    const manifest = await unpackAndVerify(archive, work);
    const targetDialect = target.databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres';
    if (manifest.dialect !== targetDialect) {
      throw new BackupArchiveError(
        manifest.dialect === 'sqlite'
          ? 'Архив сделан со встроенной базой (SQLite), а DATABASE_URL указывает на PostgreSQL'
          : 'Архив сделан с PostgreSQL: задайте DATABASE_URL базы PostgreSQL, куда восстанавливать',
      );
    }
    if (!target.force) await refuseIfNotEmpty(target);
    if (manifest.dialect === 'sqlite') await putSqlite(path.join(work, SQLITE_ENTRY), target);
    else await putPostgres(path.join(work, PG_DUMP_ENTRY), target);

    await target.store.removeAll();
    const unpackedFiles = path.join(work, FILES_PREFIX.slice(0, -1));
    for (const key of await listFiles(unpackedFiles)) {
      await target.store.moveIn(path.join(unpackedFiles, ...key.split('/')), key);
    }
    const vapid = path.join(work, VAPID_ENTRY);
    if (fs.existsSync(vapid)) await fsp.rename(vapid, path.join(target.dataDir, VAPID_ENTRY));

    const database = openDatabase(target.databaseUrl, { pgSchema: target.pgSchema });
    try {
      const migrated = await migrateToLatest(database);
      if (migrated.error) throw migrated.error;
      // pg_restore loads rows without statistics (migrateToLatest refreshed them if migrations ran).
      if ((migrated.results ?? []).length === 0) await afterBulkChange(database);
    } finally {
      await database.destroy();
    }
    return manifest;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

const NOT_EMPTY =
  'Папка данных или база уже содержат данные. Восстановление заменит их: повторите с --force, если это и нужно';

async function refuseIfNotEmpty(target: RestoreTarget) {
  const stored = target.store.list()[Symbol.asyncIterator]();
  if (!(await stored.next()).done) throw new BackupArchiveError(NOT_EMPTY);
  if (target.databaseUrl.startsWith('sqlite:')) {
    const file = target.databaseUrl.slice('sqlite:'.length);
    if (fs.existsSync(file) && (await fsp.stat(file)).size > 0) throw new BackupArchiveError(NOT_EMPTY);
    return;
  }
  const client = postgresClient(target);
  await client.connect();
  try {
    const tables = await client.query(
      `select 1 from information_schema.tables where table_schema = $1 limit 1`,
      [target.pgSchema ?? 'public'],
    );
    if (tables.rowCount) throw new BackupArchiveError(NOT_EMPTY);
  } finally {
    await client.end();
  }
}

/** The snapshot file becomes the database; a replaced one's journal goes with it. */
async function putSqlite(snapshot: string, target: RestoreTarget) {
  const file = path.resolve(target.databaseUrl.slice('sqlite:'.length));
  await fsp.mkdir(path.dirname(file), { recursive: true });
  for (const suffix of ['-wal', '-shm']) await fsp.rm(`${file}${suffix}`, { force: true });
  await fsp.copyFile(snapshot, `${file}.restoring`);
  await fsp.rename(`${file}.restoring`, file);
  await fsp.chmod(file, 0o600);
}

/**
 * The schema is emptied and loaded while this database's schema changes take turns (ADR 049):
 * another schema's migration reading the catalog meanwhile would fail on the tables coming and going.
 */
async function putPostgres(dump: string, target: RestoreTarget) {
  const holder = postgresClient(target);
  await holder.connect();
  try {
    await withSchemaChangeLockOn(holder, () => loadPostgres(dump, target));
  } finally {
    await holder.end();
  }
}

async function loadPostgres(dump: string, target: RestoreTarget) {
  if (target.force) await emptyPostgresSchema(target);
  // The dump's indexes name pg_trgm's and btree_gin's operator classes; an extension is not in a
  // schema's dump.
  const client = postgresClient(target);
  await client.connect();
  try {
    await client.query('begin');
    await ensureSearchExtensions((statement) => client.query(statement));
    await client.query('commit');
  } finally {
    await client.end();
  }
  // Parallel jobs cannot share one transaction: a restore that fails part of the way is undone by
  // emptying the schema again, which held nothing of ours before (refused otherwise, or --force).
  // ADR 041.
  try {
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--jobs=${PG_RESTORE_JOBS}`,
      `--dbname=${withServerOption(target.databaseUrl, `maintenance_work_mem=${PG_RESTORE_INDEX_MEMORY}`)}`,
      dump,
    ]);
  } catch (error) {
    // pg_restore's own error is the one to report; a failed emptying is said beside it.
    await emptyPostgresSchema(target).catch((cleanup: Error) => {
      throw new Error(`${(error as Error).message}\n(the restored part was not removed: ${cleanup.message})`);
    });
    throw error;
  }
}

/**
 * pg_restore's jobs: one for each core of the machine running the restore, at most four. The search's GIN indexes are each built by one
 * process; with two jobs two are built at once (ADR 041).
 */
export const PG_RESTORE_JOBS = Math.min(4, os.availableParallelism());

/** Each restore job's memory for building an index: the GIN builds spill to disk with less (ADR 041). */
const PG_RESTORE_INDEX_MEMORY = '256MB';

/**
 * The address with a server setting added to its own `options` (PGOPTIONS would be ignored where
 * the address has them: a search path, say).
 */
export function withServerOption(databaseUrl: string, setting: string): string {
  const url = new URL(databaseUrl);
  const own = url.searchParams.get('options');
  url.searchParams.set('options', [own, `-c ${setting}`].filter(Boolean).join(' '));
  // Written again by encodeURIComponent: URLSearchParams writes a space as «+», which libpq reads
  // literally (a «+» of the address's own, in a password say, comes back as %2B: the same to libpq).
  url.search = [...url.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return url.toString();
}

/**
 * What a dump of the target's schema creates, dropped: its tables, sequences and our functions —
 * or, for a schema of its own (tests), the schema, which such a dump creates too.
 */
async function emptyPostgresSchema(target: RestoreTarget) {
  const client = postgresClient(target);
  await client.connect();
  try {
    const schema = target.pgSchema ?? 'public';
    const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
    if (schema !== 'public') {
      await client.query(`drop schema if exists ${quoted(schema)} cascade`);
      return;
    }
    const tables = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = $1`,
      [schema],
    );
    for (const { name } of tables.rows) {
      await client.query(`drop table if exists ${quoted(schema)}.${quoted(name)} cascade`);
    }
    // A sequence of its own (migration 0019's change_count) outlives the tables.
    const sequences = await client.query<{ name: string }>(
      `select sequence_name as name from information_schema.sequences where sequence_schema = $1`,
      [schema],
    );
    for (const { name } of sequences.rows) {
      await client.query(`drop sequence if exists ${quoted(schema)}.${quoted(name)} cascade`);
    }
    // Search's function (migration 0017) and the kept counts' (0023), which the dump creates again.
    for (const fn of ['search_grams(text)', 'tickets_count_change()', 'tasks_count_change()']) {
      await client.query(`drop function if exists ${quoted(schema)}.${fn} cascade`);
    }
  } finally {
    await client.end();
  }
}

/** Every file under `root` as a `/`-separated key (the archive's files, unpacked). */
async function listFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

function postgresClient(target: RestoreTarget) {
  return new pg.Client({ connectionString: target.databaseUrl });
}
