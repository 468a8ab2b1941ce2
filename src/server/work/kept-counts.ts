import { sql } from 'kysely';
import { WORK_STATES, type WorkState } from '../../domain/worklist';
import type { Database } from '../db/database';
import { foldCounts } from '../db/fold-work-counts';
import type { WorkFilter } from './worklist-filters';

// The counts beside the worklist's states without a search, read from the counts the database
// keeps (migration 0023) instead of counted over the archive at every open (issue 47).

/**
 * Change rows a read may find before it folds them into the counts. A read sums the changes under
 * its filter, so they are kept short; a fold takes a write transaction, so not after every read.
 */
export const FOLD_AFTER = 500;

/** The filters kept counts answer: a kind, an assignee, a ticket status. Others are counted. */
export type KeptFilter = Pick<WorkFilter, 'kinds' | 'assignee' | 'ticketStatus'>;

/** True when the kept counts answer the filter exactly (no search, no facet the counts lack). */
export function keptCountsAnswer(
  filter: Pick<WorkFilter, 'overLimit' | 'channel' | 'createdBetween' | 'closedBetween' | 'stageId'>,
): boolean {
  return (
    filter.overLimit === undefined &&
    filter.stageId === undefined &&
    filter.channel === undefined &&
    filter.createdBetween === undefined &&
    filter.closedBetween === undefined
  );
}

/**
 * Each state's items under the filter: the kept counts plus the changes not yet folded into them,
 * in one statement (one snapshot: a fold between two statements would count its changes twice).
 * Folds the changes when a read summed many of them.
 */
export async function readKeptCounts(
  database: Database,
  filter: KeptFilter,
): Promise<Record<WorkState, number>> {
  const { db } = database;
  const both = db
    .selectFrom('work_counts')
    .select(['kind', 'work_state', 'status', 'assignee', 'n'])
    .unionAll(
      db
        .selectFrom('work_count_changes')
        .select(['kind', 'work_state', 'status', 'assignee', sql<number>`n`.as('n')]),
    );
  let query = db
    .selectFrom(both.as('k'))
    .select([
      'work_state',
      (eb) => eb.fn.sum<string | number>('n').as('n'),
      // Every change row, whatever the filter: how long the next read's sum has grown.
      sql<string | number>`(select count(*) from work_count_changes)`.as('logged'),
    ])
    .where('kind', 'in', filter.kinds)
    .where('work_state', 'in', WORK_STATES)
    .groupBy('work_state');
  if (filter.assignee !== undefined)
    query = query.where('assignee', '=', filter.assignee === 'none' ? 0 : filter.assignee);
  if (filter.ticketStatus !== undefined) query = query.where('status', '=', filter.ticketStatus);
  const counts: Record<WorkState, number> = { new: 0, in_progress: 0, closed: 0 };
  let logged = 0;
  for (const row of await query.execute()) {
    counts[row.work_state as WorkState] = Number(row.n);
    logged = Number(row.logged);
  }
  if (logged > FOLD_AFTER) await foldCounts(database);
  return counts;
}
