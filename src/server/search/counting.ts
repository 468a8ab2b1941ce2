import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { looksForText, pgCandidateCondition } from './candidates';
import { indexRows, recordNumber, type SearchPlan } from './plan';
import { ruleOf } from './rule';
import { pgStateKey, SEARCHED_LISTS } from './searched-lists';

type WorkTable = 'tickets' | 'tasks';

/**
 * How many rows of a list in `state` match the plan's query, counted up to `upTo` (the counts
 * beside the worklist's states stop at «1000+»): the index's candidates of that state, each
 * checked against the rule and the caller's filters (`narrow`), until `upTo` are found.
 * SQLite: the candidates drive a join to the rows — SQLite takes a CROSS JOIN's left side as the
 * outer loop, so FTS5's ids stream and the LIMIT stops them (asked as `id in (…)`, it reads every
 * candidate first). PostgreSQL: the candidates' condition on the table itself, which its search
 * index answers with the state.
 */
export async function countUpTo(
  db: Kysely<DB>,
  plan: SearchPlan,
  state: string,
  narrow: <O>(query: SelectQueryBuilder<DB, WorkTable, O>) => SelectQueryBuilder<DB, WorkTable, O>,
  upTo: number,
): Promise<number> {
  const table = plan.list as WorkTable;
  const stateColumn = SEARCHED_LISTS[table].state;
  const inState = { ...plan, states: [state] };
  const sqlite = plan.dialect === 'sqlite';
  const from = sqlite
    ? drivenBy(db, table, indexRows(inState))
    : db.selectFrom(table).where(pgNamed(plan, state));
  // The record a number names is a candidate in any state.
  const stateOf = sqlite ? sql.ref(`${table}.${stateColumn}`) : pgStateKey(stateColumn);
  const matches = narrow(from)
    .where(stateOf, '=', state)
    .where(ruleOf(plan.dialect, table, plan.search, table))
    .select(sql<number>`1`.as('one'))
    .limit(upTo);
  const row = await db
    .selectFrom(matches.as('capped'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A list's rows in the order the index names them, each once (a row may be named twice). */
function drivenBy(db: Kysely<DB>, table: WorkTable, candidates: ReturnType<typeof indexRows>) {
  // Typed as the table alone: the join adds only `candidates.candidate`, which no filter names.
  const joined = db
    .selectFrom(sql`(select distinct id as candidate from ${candidates} as named)`.as('candidates'))
    .crossJoin(table) as unknown as SelectQueryBuilder<DB, WorkTable, object>;
  return joined.where(sql<boolean>`${sql.ref(`${table}.id`)} = candidates.candidate`);
}

/** PostgreSQL: the rows of `state` the index names, and the record the query's number names. */
function pgNamed(plan: SearchPlan, state: string) {
  const number = recordNumber(plan.list, plan.search);
  const conditions = [
    ...(looksForText(plan.search) ? [pgCandidateCondition(plan.list, plan.search, [state])] : []),
    ...(number === null ? [] : [sql<SqlBool>`id = ${number}`]),
  ];
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` or `)})` : sql<SqlBool>`1 = 0`;
}
