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

/**
 * How a search's counts stop part-way through the search index's candidates of one state
 * (docs/decisions/027, 029). PostgreSQL: the rule and the state on the table itself (`filter`),
 * which a bitmap scan of the search index answers (the state is its first column), the visits to
 * the table stopping at the limit. SQLite: asked as `id in (candidates)` it read every FTS5
 * candidate before the first row, so there the candidates drive a join to the rows (`drive`),
 * which stops at the limit (counts of common queries 5–10× faster at 200,000 items).
 */
export function cappedCountWay(dialect: DialectName): 'filter' | 'drive' {
  return dialect === 'postgres' ? 'filter' : 'drive';
}
