import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { COUNTED_TABLES, type CountedTable } from './manifest';

export interface SqliteSnapshotFacts {
  counts: Record<CountedTable, number>;
  migration: string | null;
}

/**
 * The worker's code, plain CommonJS run from a string: the server is one bundle (ADR 035), and a
 * string needs no second entry point in the build nor a TypeScript loader in the thread.
 *
 * The copy is `VACUUM INTO`: one read transaction of the thread's own connection, which the server's
 * writers do not wait for in WAL mode, writing the rows packed into a new file (ADR 043). Each
 * connection here reads the file once, so its page cache is kept small: better-sqlite3's default,
 * 16 MB a connection, would fill during the copy in the server's process.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
(async () => {
  const source = new SQLite(workerData.file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.pragma('cache_size = -512');
    source.prepare('vacuum into ?').run(workerData.copy);
  } finally {
    source.close();
  }
  const snapshot = new SQLite(workerData.copy, { readonly: true });
  try {
    snapshot.pragma('cache_size = -512');
    const counts = {};
    for (const table of workerData.tables) {
      counts[table] = snapshot.prepare('select count(*) as n from "' + table + '"').get().n;
    }
    const last = snapshot.prepare('select name from kysely_migration order by name desc limit 1').get();
    parentPort.postMessage({ counts, migration: last ? last.name : null });
  } finally {
    snapshot.close();
  }
})().catch((error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

/**
 * Copies the database into `copy` on a thread of its own, and reads from the copy what the manifest
 * needs. On the server's thread, the copy's last step (SQLite finishing the new file) held every
 * request waiting at 200,000 items (issue 47, `npm run bench:mix`).
 */
export function takeSqliteSnapshot(sqlite: SQLite.Database, copy: string): Promise<SqliteSnapshotFacts> {
  if (sqlite.memory) throw new Error('An in-memory SQLite database has no file to back up');
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // VACUUM INTO writes only into a file that is not there (or empty).
  fs.rmSync(copy, { force: true });
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { driver, file: sqlite.name, copy, tables: [...COUNTED_TABLES] },
    });
    worker.once('message', (message: SqliteSnapshotFacts | { error: string }) => {
      if ('error' in message) reject(new Error(`SQLite snapshot: ${message.error}`));
      else resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`SQLite snapshot: the thread ended with ${code}`));
    });
  });
}
