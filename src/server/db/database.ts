import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';
import type { DialectName } from './dialect-name';
import { gramTokens } from './search-grams';
import { withImmediateTransactions } from './sqlite-immediate';
import { withStatementCache } from './sqlite-statement-cache';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string;
  /** SQLite only: the connection itself, for its online backup (src/server/backup). */
  sqlite?: SQLite.Database;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: put every table in this schema (tests use one schema per run). */
  pgSchema?: string;
}

// COUNT(*) and other int8 values arrive as strings by default; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens `sqlite:<file>` (the default) or `postgres://…`. */
export function openDatabase(url: string, options: OpenOptions = {}): Database {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, options.pgSchema);
}

/** The page cache each SQLite connection keeps, in KiB, at least and at most (docs/search.md). */
export const SQLITE_CACHE_KIB = { least: 64 * 1024, most: 128 * 1024 };

/**
 * The page cache for a database file of `fileBytes`: a sixteenth of it, within SQLITE_CACHE_KIB —
 * enough that searches following one another do not push each other's pages out (docs/search.md).
 */
export function sqliteCacheKib(fileBytes: number): number {
  const { least, most } = SQLITE_CACHE_KIB;
  return Math.min(most, Math.max(least, Math.round(fileBytes / 16 / 1024)));
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR_MODE });
  const sqlite = new SQLite(file);
  // Before WAL mode is set: SQLite gives its -wal and -shm files the database's mode.
  if (file !== ':memory:') fs.chmodSync(file, PRIVATE_FILE_MODE);
  sqlite.pragma('journal_mode = WAL');
  // FULL, not NORMAL: a commit survives a power cut too, at one fsync per write
  // transaction, which a shop's write rate never notices (docs/decisions/002-database.md).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 64–128 MB of pages kept in memory, not SQLite's default 2 MB: a search's index pages and rows
  // otherwise come back from the operating system page by page (docs/search.md). Sized by the file
  // as it is at start; filled only as pages are read; per connection.
  const fileBytes = file === ':memory:' ? 0 : fs.statSync(file).size;
  sqlite.pragma(`cache_size = ${-sqliteCacheKib(fileBytes)}`);
  // Called by the search index's triggers (migration 0017): every connection that writes needs it.
  sqlite.function('search_gram_tokens', { deterministic: true }, (text: unknown) =>
    gramTokens(typeof text === 'string' ? text : ''),
  );
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withImmediateTransactions(withStatementCache(sqlite), sqlite) }),
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    destroy: () => db.destroy(),
  };
}

/**
 * How long a pooled PostgreSQL connection may sit idle before it is closed. pg's default, 10 s,
 * made the first search after a pause open new connections, each a fresh server process reading
 * its catalogs again (docs/search.md). At most ten idle server processes (a few MB each) are kept
 * for five minutes instead.
 */
export const POOL_IDLE_MS = 5 * 60_000;

function openPostgres(connectionString: string, schema?: string): Database {
  // jit=off: our queries are short; JIT compiling one that the planner costs high (a search over
  // a big table) takes longer than the query itself (docs/search.md).
  // The URL's own `options` (a search path, say) would replace ours: pg takes the URL's over the
  // config's. Both are kept, the URL's after ours, so that it may still set any of them itself.
  const url = new URL(connectionString);
  const urlOptions = url.searchParams.get('options');
  url.searchParams.delete('options');
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 10,
    idleTimeoutMillis: POOL_IDLE_MS,
    options: [
      '-c jit=off -c max_parallel_workers_per_gather=0',
      ...(urlOptions ? [urlOptions] : []),
      ...(schema ? [`-c search_path=${schema}`] : []),
    ].join(' '),
  });
  // An idle connection the server ended (a restart, an administrator's pg_terminate_backend) is
  // dropped by the pool, which then reports it here: unheard, the report would end the process.
  // The next query opens a new connection. (A connection checked out — a query or a transaction
  // under way — is not the pool's to report: its user gets the error.)
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message})`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    schema,
    destroy: () => db.destroy(),
  };
}
