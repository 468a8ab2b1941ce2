import { sql, type Kysely } from 'kysely';
import type pg from 'pg';

/**
 * One key for every change of table definitions on a PostgreSQL database: migrations, and a
 * test's schema created or dropped. Kysely's migrator reads the catalog of every schema of the
 * database to see whether its own table exists; a table altered or dropped in another schema
 * during that read fails it («column "id" of relation "stage_spans" does not exist»). Two shops
 * of a chain, each in its own schema on one server, starting at once, and test files running in
 * parallel, are both that case.
 */
const SCHEMA_CHANGE_LOCK = 4_710_049;

/** Runs `work` on one connection of `db` that holds the lock; other holders wait their turn. */
export async function withSchemaChangeLock<DBT, T>(
  db: Kysely<DBT>,
  work: (connection: Kysely<DBT>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    }
  });
}

/** The same on a plain client (a test's schema created or dropped by an admin connection). */
export async function withSchemaChangeLockOn<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query('select pg_advisory_lock($1)', [SCHEMA_CHANGE_LOCK]);
  try {
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [SCHEMA_CHANGE_LOCK]);
  }
}
