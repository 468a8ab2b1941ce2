import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import type { DialectName } from '../db/dialect-name';
import { Migrator, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { withSchemaChangeLock, withSchemaChangeLockOn } from '../db/schema-change-lock';
import { migrateToLatest } from '../db/migrate';
import { allMigrations } from '../db/migrations/index';

export interface TestDatabase {
  database: Database;
  /** Another connection (pool) to the same database, as a second instance of the service has. */
  openAnother(): Database;
  cleanup(): Promise<void>;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI always sets it). */
export function testDialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A fresh database of its own (migrated unless told not to): a temp SQLite file, or a new schema on the
 * PostgreSQL server, so that parallel test files and CI runs never see each other.
 */
export async function createTestDatabase(
  dialect: DialectName,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glz-test-'));
    const url = `sqlite:${path.join(dir, 'test.sqlite')}`;
    const database = openDatabase(url);
    if (migrate) await migrateToLatest(database);
    return {
      database,
      openAnother: () => openDatabase(url),
      async cleanup() {
        await database.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await withSchemaChangeLockOn(admin, () => admin.query(`create schema "${schema}"`));
  await admin.end();
  const database = openDatabase(url, { pgSchema: schema });
  if (migrate) await migrateToLatest(database);
  return {
    database,
    openAnother: () => openDatabase(url, { pgSchema: schema }),
    async cleanup() {
      await database.destroy();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await withSchemaChangeLockOn(dropper, () => dropper.query(`drop schema "${schema}" cascade`));
      await dropper.end();
    },
  };
}

/** A fresh database migrated up to and including `migration`: for testing the one after it. */
export async function createTestDatabaseAt(dialect: DialectName, migration: string): Promise<TestDatabase> {
  const test = await createTestDatabase(dialect, { migrate: false });
  const result = await migrateTestDatabaseTo(test.database, migration);
  if (result.error) throw result.error;
  return test;
}

/** Runs the migrations up to and including `migration` (a migration's own test stops at it). */
export function migrateTestDatabaseTo(database: Database, migration: string) {
  const run = (db: Kysely<DB>) =>
    new Migrator({
      db,
      provider: { getMigrations: async () => allMigrations(database.dialect) },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    }).migrateTo(migration);
  return database.dialect === 'postgres' ? withSchemaChangeLock(database.db, run) : run(database.db);
}
