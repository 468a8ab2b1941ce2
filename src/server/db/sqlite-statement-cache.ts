import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct query texts kept prepared; the app has a few hundred at most (IN lists vary). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with its statements kept prepared.
 * The driver prepares every query anew — parsing and planning the SQL each time, 5.5 % of a
 * server's CPU under load (docs/benchmarks.md «Throughput») — while the app sends the same few
 * hundred texts again and again with other parameters. A statement still being iterated (a
 * streamed export) cannot run twice at once, so a busy one is left alone and a fresh one prepared.
 * The least recently used text goes once the cache is full.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Re-inserted: a Map keeps insertion order, so its first key is the least recently used.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
