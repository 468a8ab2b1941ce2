import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CreatedCursor } from '../db/paging';
import type { DB } from '../db/schema';
import type { SearchPlan } from './plan';
import { readPlanned } from './walk';

/**
 * A newest-first list's rows (created_at desc, id desc; `limit` of them) under a search plan, as
 * readPlanned reads them. `build` makes the list's query with its filters and cursor and the
 * plan's search condition.
 */
export function readNewestFirst<TB extends keyof DB, O>(
  plan: SearchPlan,
  limit: number,
  table: TB & string,
  build: (plan: SearchPlan) => SelectQueryBuilder<DB, TB, O>,
): Promise<O[]> {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const ordered = <T>(query: SelectQueryBuilder<DB, TB, T>) =>
    query.orderBy(column('created_at'), 'desc').orderBy(column('id'), 'desc');
  /** Where the list without its search has its n-th row; null when it has fewer. */
  const positionAt = async (n: number): Promise<CreatedCursor | null> => {
    const row = await ordered(
      build({ ...plan, road: { use: 'none' } })
        .clearSelect()
        .select([
          sql<string>`${column('created_at')}`.as('created_at'),
          sql<number>`${column('id')}`.as('id'),
        ]),
    )
      .limit(1)
      .offset(n - 1)
      .executeTakeFirst();
    return row ? { createdAt: row.created_at, id: Number(row.id) } : null;
  };
  /** The list's length is below this: a stretch's position was not found. */
  let shorterThan = Infinity;
  return readPlanned<O>(plan, limit, {
    // A stretch as the rows up to its last one's position.
    read: async (searchPlan, within) => {
      const upTo = within === undefined ? null : await positionAt(within);
      if (within !== undefined && upTo === null) shorterThan = Math.min(shorterThan, within);
      let query = build(searchPlan);
      if (upTo) {
        query = query.where(
          sql<SqlBool>`(${column('created_at')}, ${column('id')}) >= (${upTo.createdAt}, ${upTo.id})`,
        );
      }
      return ordered(query).limit(limit).execute();
    },
    reaches: async (n) => n < shorterThan,
  });
}
