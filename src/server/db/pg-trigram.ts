// Arbitrary constant: serialises CREATE EXTENSION between sessions running it at once (tests
// migrate several schemas of one database in parallel; an extension is per database).
const EXTENSION_LOCK = 7_302_017;

/**
 * Makes sure pg_trgm exists (search's trigram index, docs/search.md), in
 * `public` — not the first schema of the search path, which may be a test's and dropped after it.
 * Trusted since PostgreSQL 13: the database's owner may create it. Runs inside the caller's
 * transaction (the lock is released at its end).
 */
export async function ensureTrigramExtension(run: (statement: string) => Promise<unknown>): Promise<void> {
  await run(`select pg_advisory_xact_lock(${EXTENSION_LOCK})`);
  await run('create extension if not exists pg_trgm with schema public');
}

/**
 * Every extension search's indexes need today: pg_trgm, and btree_gin for the work state as a
 * GIN index's first column (docs/search.md). btree_gin is trusted since PostgreSQL 13 too.
 */
export async function ensureSearchExtensions(run: (statement: string) => Promise<unknown>): Promise<void> {
  await ensureTrigramExtension(run);
  await run('create extension if not exists btree_gin with schema public');
}
