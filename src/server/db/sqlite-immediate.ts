import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Transactions on SQLite begin IMMEDIATE: each takes the write lock as it begins, waiting up to the
 * busy timeout while another process writes (`npm run import` beside the server). Begun deferred,
 * as Kysely begins them, a transaction that reads first and then writes fails at its first write
 * with «database is locked» whenever another process committed in between: its reads saw an older
 * database, so SQLite cannot let it wait and write (issue 47: an import beside a server printing
 * receipts stopped so). One process serializes its own transactions already (Kysely's SQLite
 * driver has one connection), and readers never wait for a writer in WAL mode.
 */
export function withImmediateTransactions(
  database: SqliteDatabase,
  connection: Pick<SQLite.Database, 'inTransaction'>,
): SqliteDatabase {
  return {
    prepare: (sql: string) => {
      if (sql === 'begin') return database.prepare('begin immediate');
      // SQLite ends a transaction itself on some errors (SQLITE_FULL: the disk is full). Kysely's
      // ROLLBACK then failed with «no transaction is active», and that error hid the real one
      // (issue 48: a full disk answered «Внутренняя ошибка сервера»). Nothing is left to undo.
      if (sql === 'rollback' && !connection.inTransaction) return database.prepare('select 1 where 0');
      return database.prepare(sql);
    },
    close: () => database.close(),
  };
}
