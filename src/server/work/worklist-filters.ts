import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema';
import type { SearchQuery } from '../../domain/search-text';
import type { TicketChannel } from '../../domain/ticket-channels';
import type { WorkKind, WorkState } from '../../domain/worklist';
import type { SearchPlan } from '../search';

// The filters the worklist's pages and its counts both narrow by (worklist.repository.ts).

export interface WorkFilter {
  kinds: WorkKind[];
  states: WorkState[];
  assignee?: number | 'none';
  search: SearchQuery;
  /** How each side answers the search (src/server/search); needed while searching. */
  searchPlans?: Partial<Record<WorkKind, SearchPlan>>;
  /**
   * «Сначала просроченные» (issue 20): leave out open items due before this date — they are
   * listed first, by listOverdue.
   */
  overdueBefore?: string;
  /**
   * «Дольше срока в статусе»: only tickets that entered one of these statuses before its
   * cutoff (domain/status-limits.ts overLimitCutoffs); an empty list matches nothing.
   */
  overLimit?: { status: string; before: string }[];
  /** Only tickets in this status, or that came in this way (the dashboard's links). */
  ticketStatus?: string;
  channel?: TicketChannel;
  /** Only tickets created, or closed, within [from, to) (instants; a dashboard week). */
  createdBetween?: { from: string; to: string };
  closedBetween?: { from: string; to: string };
  /** Tickets at this stage inside «В ремонте» (issue 49). */
  stageId?: number;
}

/** Narrows a tickets query to a status and a way in (no-ops without them). */
export function withTicketFacets<Query extends { where: (...args: never[]) => unknown }>(
  query: Query,
  {
    ticketStatus,
    channel,
    createdBetween,
    closedBetween,
    stageId,
  }: Pick<WorkFilter, 'ticketStatus' | 'channel' | 'createdBetween' | 'closedBetween' | 'stageId'>,
): Query {
  // Typed loosely like withOverLimit: tickets only, the caller has left tasks out.
  let q = query as unknown as SelectQueryBuilder<DB, 'tickets', object>;
  if (ticketStatus !== undefined) q = q.where('status', '=', ticketStatus);
  if (stageId !== undefined) q = q.where('stage_id', '=', stageId);
  if (channel === 'walk_in') q = q.where('intake', '=', 'walk_in');
  else if (channel === 'none') q = q.where('intake', '=', 'pvz').where('delivery_provider', 'is', null);
  else if (channel !== undefined) q = q.where('intake', '=', 'pvz').where('delivery_provider', '=', channel);
  if (createdBetween) {
    q = q.where('created_at', '>=', createdBetween.from).where('created_at', '<', createdBetween.to);
  }
  if (closedBetween) {
    q = q.where('closed_at', '>=', closedBetween.from).where('closed_at', '<', closedBetween.to);
  }
  return q as unknown as Query;
}

/** Narrows a side's query to tickets over their status's time limit (a no-op without the filter). */
export function withOverLimit<Query extends { where: (...args: never[]) => unknown }>(
  query: Query,
  overLimit: WorkFilter['overLimit'],
): Query {
  if (overLimit === undefined) return query;
  // Typed loosely: the same condition goes onto the list's and the counts' queries.
  const q = query as unknown as SelectQueryBuilder<DB, 'tickets', object>;
  const narrowed =
    overLimit.length === 0
      ? q.where(sql<boolean>`1 = 0`)
      : q.where((eb) =>
          eb.or(
            overLimit.map(({ status, before }) =>
              // An imported ticket without the column counts from its creation, as its badge does.
              eb.and([
                eb('status', '=', status),
                eb(sql<string>`coalesce(status_since, created_at)`, '<', before),
              ]),
            ),
          ),
        );
  return narrowed as unknown as Query;
}
