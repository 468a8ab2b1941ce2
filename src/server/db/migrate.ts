import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { DB } from './schema';
import { withSchemaChangeLock } from './schema-change-lock';
import { afterBulkChange } from './analyze';
import type { Database } from './database';
import { allMigrations } from './migrations';

/**
 * Brings the schema up to date. Safe to run from several processes at once: Kysely locks its own
 * table, and on PostgreSQL every migration of the database waits its turn (schema-change-lock.ts).
 */
export async function migrateToLatest(database: Database): Promise<MigrationResultSet> {
  const run = (db: Kysely<DB>) =>
    new Migrator({
      db,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
      // Named explicitly: Kysely's existence check otherwise matches its tables in any
      // schema, and parallel test runs (one schema each) would skip creating their own.
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    }).migrateToLatest();
  const result =
    database.dialect === 'postgres' ? await withSchemaChangeLock(database.db, run) : await run(database.db);
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  // A migration may have filled a column or a table from every row.
  if ((result.results ?? []).length > 0) await afterBulkChange(database);
  return result;
}
