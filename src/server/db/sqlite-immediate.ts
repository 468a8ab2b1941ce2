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
export function withImmediateTransactions(database: SqliteDatabase): SqliteDatabase {
  return {
    prepare: (sql: string) => database.prepare(sql === 'begin' ? 'begin immediate' : sql),
    close: () => database.close(),
  };
}
