import { sql, type Transaction } from 'kysely';
import type { DialectName } from './dialect-name';
import type { DB } from './schema';

// Arbitrary constant identifying the "user roles" advisory lock on PostgreSQL.
const USER_ROLES_LOCK = 7_302_001;

/**
 * Serialises transactions that read and then change who is an admin (first account,
 * last-admin guard). SQLite already runs one write transaction at a time; PostgreSQL
 * takes a transaction-scoped advisory lock.
 */
export async function lockUserRoles(trx: Transaction<DB>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${USER_ROLES_LOCK})`.execute(trx);
  }
}

/**
 * Whether a query is a call within this process (SQLite) rather than a round trip to a server
 * (PostgreSQL): then several small queries cost less than one that reads more rows than it needs
 * (the worklist reads its rows' positions first, docs/decisions/024).
 */
export function queriesAreInProcess(dialect: DialectName): boolean {
  return dialect === 'sqlite';
}
