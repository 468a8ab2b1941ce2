import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import tar from 'tar-stream';
import type { Database } from '../db/database';
import { FileNotFoundError, type FileStore, type StoredFile } from '../files/file-store';
import { takeSqliteSnapshot } from './sqlite-snapshot';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  COUNTED_TABLES,
  FILES_PREFIX,
  MANIFEST_NAME,
  PG_DUMP_ENTRY,
  SQLITE_ENTRY,
  VAPID_ENTRY,
  backupFileName,
  isSafeEntryPath,
  type CountedTable,
  type Manifest,
  type ManifestEntry,
} from './manifest';

export interface BackupSource {
  database: Database;
  /** The PostgreSQL address pg_dump connects to (ignored on SQLite). */
  databaseUrl: string;
  /** Holds the push keys (and the work folder's temporary copy). */
  dataDir: string;
  /** Where the uploaded files are: DATA_DIR/files or the S3 bucket. */
  store: FileStore;
}

type Counts = Record<CountedTable, number>;

/**
 * Writes one archive (`.tar.gz`) of a consistent snapshot of the database, taken while the
 * server runs — SQLite's online backup, or pg_dump inside an exported snapshot — and then the
 * uploaded files, the push keys, and a manifest with counts and every entry's SHA-256. The
 * archive appears under its final name only when complete.
 */
export async function writeBackup(
  source: BackupSource,
  outDir: string,
  now: Date = new Date(),
  /** The shop's zone, for the archive's name (UTC without). */
  timeZone?: string,
) {
  await fsp.mkdir(outDir, { recursive: true, mode: 0o700 });
  await removeLeftovers(outDir);
  const file = path.join(outDir, backupFileName(now, timeZone));
  const work = await fsp.mkdtemp(path.join(outDir, WORK_PREFIX));
  await fsp.writeFile(path.join(work, OWNER_FILE), ownerMark());
  try {
    const snapshot =
      source.database.dialect === 'sqlite'
        ? await sqliteSnapshot(source.database, work)
        : await postgresSnapshot(source.database, source.databaseUrl, work);
    // Inside the work folder: a backup killed midway leaves its partial archive where the next
    // one's clean-up finds it, never beside the finished archives.
    const partial = path.join(work, `${path.basename(file)}.partial`);
    const manifest = await writeArchive(partial, snapshot, source, now);
    await fsync(partial);
    await fsp.rename(partial, file);
    return { file, manifest };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

const WORK_PREFIX = '.backup-';
const OWNER_FILE = 'owner';
const LEFTOVER_MS = 6 * 3_600_000;

/** Who is writing in a work folder: this machine and process. */
const ownerMark = () => `${os.hostname()}:${process.pid}`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what backups killed midway left (issue 48: each `kill -9` of `npm run backup` left a
 * whole database copy in a `.backup-*` folder that nothing removed): work folders whose writer
 * on this machine is gone, and the partial archives older versions wrote beside the finished
 * ones when no backup is under way. A folder of a backup that is still running is kept; one
 * from another machine (a shared folder), or six hours old, is not. What cannot be removed (a
 * folder another user owns) is left: it is no reason not to back up.
 */
export async function removeLeftovers(outDir: string): Promise<string[]> {
  const removed: string[] = [];
  const names = await fsp.readdir(outDir).catch(() => [] as string[]);
  let live = false;
  for (const name of names.filter((entry) => entry.startsWith(WORK_PREFIX))) {
    const folder = path.join(outDir, name);
    const owner = await fsp.readFile(path.join(folder, OWNER_FILE), 'utf8').catch(() => '');
    const [host, pid] = owner.split(':');
    const age = Date.now() - (await fsp.stat(folder).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    // No backup runs for hours: past that, a folder is left over whoever it names (in a container
    // a killed writer's pid is soon another process's).
    const gone =
      age > LEFTOVER_MS || (host === os.hostname() ? !isRunning(Number(pid)) : !owner && age > 60_000);
    if (!gone) {
      live = true;
      continue;
    }
    if (await removeQuietly(folder)) removed.push(name);
  }
  if (!live) {
    for (const name of names.filter((entry) => entry.endsWith('.tar.gz.partial'))) {
      if (await removeQuietly(path.join(outDir, name))) removed.push(name);
    }
  }
  return removed;
}

async function removeQuietly(target: string): Promise<boolean> {
  try {
    await fsp.rm(target, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}

interface Snapshot {
  dialect: Manifest['dialect'];
  entry: string;
  path: string;
  counts: Counts;
  migration: string | null;
}

async function sqliteSnapshot(database: Database, work: string): Promise<Snapshot> {
  if (!database.sqlite) throw new Error('SQLite backup needs the connection');
  const copy = path.join(work, SQLITE_ENTRY);
  const { counts, migration } = await takeSqliteSnapshot(database.sqlite, copy);
  return { dialect: 'sqlite', entry: SQLITE_ENTRY, path: copy, counts, migration };
}

/**
 * pg_dump reads the snapshot a transaction of ours exported, and the counts are read in that
 * same transaction: the manifest describes exactly what the dump holds.
 */
async function postgresSnapshot(database: Database, url: string, work: string): Promise<Snapshot> {
  const client = new pg.Client({
    connectionString: url,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshotId = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
    if (!snapshotId) throw new Error('no snapshot');
    const counts = {} as Counts;
    for (const table of COUNTED_TABLES) {
      counts[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0);
    }
    const last = await client.query<{ name: string }>(
      'select name from kysely_migration order by name desc limit 1',
    );
    const dump = path.join(work, PG_DUMP_ENTRY);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshotId}`,
      ...(database.schema ? [`--schema=${database.schema}`] : []),
      `--file=${dump}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    return {
      dialect: 'postgres',
      entry: PG_DUMP_ENTRY,
      path: dump,
      counts,
      migration: last.rows[0]?.name ?? null,
    };
  } finally {
    await client.end();
  }
}

/** Runs a command; rejects with its error output (pg_dump's, pg_restore's) when it fails. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => reject(new Error(`${command}: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`)),
    );
  });
}

async function writeArchive(
  file: string,
  snapshot: Snapshot,
  { dataDir, store }: Pick<BackupSource, 'dataDir' | 'store'>,
  now: Date,
) {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), fs.createWriteStream(file, { mode: 0o600 }));
  const entries: ManifestEntry[] = [];
  /** Writes one entry of `size` bytes from `body`, noting its SHA-256 in the manifest. */
  const putEntry = async (name: string, size: number, body: Readable) => {
    const hash = createHash('sha256');
    await pipeline(
      body,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          hash.update(chunk);
          yield chunk;
        }
      },
      // tar-stream fails the archive if the bytes are not the size its header declares.
      pack.entry({ name, size, mode: 0o600, mtime: now }),
    );
    entries.push({ path: name, size, sha256: hash.digest('hex') });
  };
  /** Adds a file; false if it is gone (opened first: one deleted later still reads whole). */
  const add = async (name: string, source: string): Promise<boolean> => {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    const { size } = await handle.stat();
    // Exactly the bytes declared in the entry's header, whatever happens to the file meanwhile.
    await putEntry(
      name,
      size,
      size === 0
        ? Readable.from(emptyChunks(handle))
        : handle.createReadStream({ start: 0, end: size - 1, autoClose: true }),
    );
    return true;
  };
  /** Adds a stored file of the size the store listed (a key is never written twice); false if it is gone. */
  const addStored = async (name: string, { key, size }: StoredFile): Promise<boolean> => {
    let body: Readable;
    try {
      body = await store.read(key);
    } catch (error) {
      if (error instanceof FileNotFoundError) return false;
      throw error;
    }
    await putEntry(name, size, body);
    return true;
  };
  try {
    if (!(await add(snapshot.entry, snapshot.path))) throw new Error('the snapshot is gone');
    // After the snapshot: a file uploaded meanwhile is extra (harmless); one deleted meanwhile
    // is missing, and the restore says so.
    for await (const stored of store.list()) {
      // A key our app never writes (one made by hand in the bucket) that a restore would refuse.
      if (!isSafeEntryPath(`${FILES_PREFIX}${stored.key}`)) continue;
      await addStored(`${FILES_PREFIX}${stored.key}`, stored);
    }
    const vapid = path.join(dataDir, VAPID_ENTRY);
    if (fs.existsSync(vapid)) await add(VAPID_ENTRY, vapid);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      dialect: snapshot.dialect,
      migration: snapshot.migration,
      counts: snapshot.counts,
      entries,
    };
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_NAME, size: body.length, mode: 0o600, mtime: now }, body);
    pack.finalize();
    await written;
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    await fsp.rm(file, { force: true });
    throw error;
  }
}

/** No bytes, and the handle closed: an empty file's entry. */
async function* emptyChunks(handle: fsp.FileHandle): AsyncGenerator<Buffer> {
  await handle.close();
  yield* [];
}

async function fsync(file: string) {
  const handle = await fsp.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
