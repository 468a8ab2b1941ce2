import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct query texts kept prepared; the app has a few hundred at most (IN lists vary). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A text with more parameters than this is prepared each time and not kept: a search's id list
 * (up to 2,500 ids) makes a text of its own for every length, and each such statement holds
 * about 0.3 MB of SQLite's memory — a full cache of them, some 150 MB.
 */
export const MAX_KEPT_PARAMETERS = 100;

/**
 * The connection as Kysely's SQLite driver sees it, with its statements kept prepared.
 * The driver prepares every query anew — parsing and planning the SQL each time, 5.5 % of a
 * server's CPU under load (docs/benchmarks.md «Throughput») — while the app sends the same few
 * hundred texts again and again with other parameters. A statement still being iterated (a
 * streamed export) cannot run twice at once, so a busy one is left alone and a fresh one prepared.
 * The least recently used text goes once the cache is full; a text with a long id list is not kept.
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
      if (!cached && parameterCount(sql) <= MAX_KEPT_PARAMETERS) {
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

/** The `?` placeholders in a text Kysely compiled (it sends every value as a parameter). */
function parameterCount(sql: string): number {
  let count = 0;
  for (let at = sql.indexOf('?'); at !== -1; at = sql.indexOf('?', at + 1)) count += 1;
  return count;
}
