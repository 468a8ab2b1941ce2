import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

// The worklist's kept counts (migration 0023, ADR 036): the changes the triggers appended, folded
// into the counts. Called by a count read that found many (work/kept-counts.ts) and after a bulk
// change (analyze.ts), which may have appended millions.

/**
 * Moves the changes into the counts, in one transaction; a count that reaches 0 goes. On
 * PostgreSQL one instance folds at a time (an advisory lock; another skips), and the changes
 * moved are exactly those deleted (DELETE … RETURNING): a change committed during the fold stays
 * for the next.
 */
export async function foldCounts(database: Database): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(hashtext('work_counts_fold')) as locked`.execute(trx);
      if (!rows[0]?.locked) return;
      await sql`
        with moved as (
          delete from work_count_changes returning kind, work_state, status, assignee, n
        )
        insert into work_counts as c (kind, work_state, status, assignee, n)
        select kind, work_state, status, assignee, sum(n) from moved
        group by kind, work_state, status, assignee
        order by kind, work_state, status, assignee
        on conflict (kind, work_state, status, assignee) do update set n = c.n + excluded.n`.execute(trx);
    } else {
      await foldSqlite(trx);
    }
    await trx.deleteFrom('work_counts').where('n', '=', 0).execute();
  });
}

/** SQLite has one writer: the changes up to the last read are added, then deleted. */
async function foldSqlite(trx: Kysely<DB>) {
  const last = await trx
    .selectFrom('work_count_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  if (last?.id == null) return;
  await sql`
    insert into work_counts (kind, work_state, status, assignee, n)
    select kind, work_state, status, assignee, sum(n) from work_count_changes where id <= ${last.id}
    group by kind, work_state, status, assignee
    on conflict (kind, work_state, status, assignee) do update set n = work_counts.n + excluded.n`.execute(
    trx,
  );
  await trx.deleteFrom('work_count_changes').where('id', '<=', last.id).execute();
}
