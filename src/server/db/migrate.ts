import { Migrator, type MigrationResultSet } from 'kysely';
import { afterBulkChange } from './analyze';
import type { Database } from './database';
import { allMigrations } from './migrations';

/** Brings the schema up to date. Safe to run from several processes at once (Kysely locks). */
export async function migrateToLatest(database: Database): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => allMigrations(database.dialect) },
    // Named explicitly: Kysely's existence check otherwise matches its tables in any
    // schema, and parallel test runs (one schema each) would skip creating their own.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  // A migration may have filled a column or a table from every row.
  if ((result.results ?? []).length > 0) await afterBulkChange(database);
  return result;
}
