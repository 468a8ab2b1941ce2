import type { Migration } from 'kysely';
import type { DialectName } from '../dialect-name';
import { accountsMigration } from './0001-accounts';

/** Every migration, in order. The same set runs on SQLite and PostgreSQL. */
export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-accounts': accountsMigration(dialect),
  };
}
