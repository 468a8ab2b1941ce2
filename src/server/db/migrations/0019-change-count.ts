import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect-name';

// Kysely<any>: migrations describe the schema as it was then, independent of app types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * PostgreSQL: a count of the changes every instance has published (EventBus.sharedMark), bumped
 * in the statement that sends each change's NOTIFY. An instance can then tell that the shop's data
 * changed before its own LISTEN has heard of it (docs/decisions/028). SQLite runs one instance,
 * whose own count says as much: nothing to add there.
 */
export function changeCountMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await sql`create sequence change_count`.execute(db);
    },
  };
}
