import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema';
import { looksForText, pgCandidateCondition } from './candidates';
import { decide, indexRows, recordNumber, withRoad, type SearchPlan } from './plan';
import { ruleOf } from './rule';
import { pgStateKey, SEARCHED_LISTS } from './searched-lists';
import { COMMON_IN_HEAD, COUNT_WALK_FURTHER, COUNT_WALK_ROWS, HEAD_ROWS } from './tuning';

type WorkTable = 'tickets' | 'tasks';
type Narrow = <O>(query: SelectQueryBuilder<DB, WorkTable, O>) => SelectQueryBuilder<DB, WorkTable, O>;

/**
 * How a search's counts are read: where the index names at most CANDIDATE_LIMIT rows, those ids
 * (`ids`: each state counted exactly, in one query); else `walk`, each state counted up to the
 * cap (countUpTo). A query the list's first HEAD_ROWS rows show common (COMMON_IN_HEAD) is taken
 * as common at once.
 */
export async function countingRoad(plan: SearchPlan, narrow: Narrow): Promise<SearchPlan> {
  if (plan.road.use !== 'search') return plan;
  const head = await countWalked(plan, narrow, plan.walkRows?.head ?? HEAD_ROWS);
  const common = head.rows > 0 && head.matches * COMMON_IN_HEAD >= head.rows;
  const decided = common ? withRoad(plan, { use: 'walk' }) : await decide(plan);
  return head.rows > 0 ? { ...decided, headShare: head.matches / head.rows } : decided;
}

/**
 * How many rows of a list in `state` match the plan's query and the caller's filters (`narrow`),
 * counted up to `upTo` (the counts beside the worklist's states stop at «1000+»): the index's
 * candidates of the state, each checked against the rule and the filters, until `upTo` are found.
 * PostgreSQL first walks the state's rows, stopping at the `upTo`-th match, where the list's head
 * showed the query dense enough to reach it: its GIN index gathers every candidate before the
 * first is checked, which for a query held by many rows («а», «77», a common surname) is much of
 * the state; a state the walk reaches the end of is counted whole.
 */
export async function countUpTo(
  plan: SearchPlan,
  state: string,
  narrow: Narrow,
  upTo: number,
): Promise<number> {
  const walkRows = plan.walkRows?.count ?? COUNT_WALK_ROWS;
  // How far a walk goes: as far as the list's head, as dense as it showed the query, puts the cap
  // (a quarter more), at least COUNT_WALK_ROWS; none where that is beyond COUNT_WALK_FURTHER times
  // as far: the index at once.
  const share = plan.headShare;
  const toCap = share === undefined ? walkRows : share > 0 ? Math.ceil((1.25 * upTo) / share) : Infinity;
  if (plan.database.dialect === 'postgres' && toCap <= walkRows * COUNT_WALK_FURTHER) {
    const rows = Math.max(walkRows, toCap);
    const matches = await countMatchesWalked(plan, state, narrow, rows, upTo);
    if (matches >= upTo) return upTo;
    if (!(await stateReaches(plan, state, narrow, rows))) return matches;
  }
  return countNamed(plan, state, narrow, upTo);
}

/** The rows in `states` under the filters, the first `rows` of them, in no particular order. */
const stateRows = (plan: SearchPlan, states: readonly string[], narrow: Narrow, rows: number) =>
  narrow(plan.database.db.selectFrom(plan.list as WorkTable))
    .where(SEARCHED_LISTS[plan.list as WorkTable].state, 'in', states)
    .limit(rows);

/** How many of the first `walkRows` rows of `state` match, counted up to `upTo` (the walk stops there). */
async function countMatchesWalked(
  plan: SearchPlan,
  state: string,
  narrow: Narrow,
  walkRows: number,
  upTo: number,
) {
  const table = plan.list as WorkTable;
  const rule = ruleOf(plan.database.dialect, table, plan.search, table);
  const walked = stateRows(plan, [state], narrow, walkRows).select(sql<boolean>`${rule}`.as('matched'));
  const matches = plan.database.db
    .selectFrom(walked.as('walked'))
    .select(sql<number>`1`.as('one'))
    .where(sql<SqlBool>`matched`)
    .limit(upTo);
  const row = await plan.database.db
    .selectFrom(matches.as('capped'))
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether `state` has at least n rows under the filters. */
async function stateReaches(plan: SearchPlan, state: string, narrow: Narrow, n: number) {
  const row = await stateRows(plan, [state], narrow, 1)
    .select(sql<number>`1`.as('one'))
    .offset(n - 1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Among up to `walkRows` rows of any state the plan asks, under the filters, how many there are
 * and how many match.
 */
async function countWalked(plan: SearchPlan, narrow: Narrow, walkRows: number) {
  const { db } = plan.database;
  const table = plan.list as WorkTable;
  const rule = ruleOf(plan.database.dialect, table, plan.search, table);
  const head = stateRows(plan, plan.states ?? [], narrow, walkRows).select(
    sql<number>`case when ${rule} then 1 else 0 end`.as('matched'),
  );
  const row = await db
    .selectFrom(head.as('head'))
    .select([
      (eb) => eb.fn.countAll<string | number>().as('rows'),
      sql<string | number>`coalesce(sum(matched), 0)`.as('matches'),
    ])
    .executeTakeFirst();
  return { rows: Number(row?.rows ?? 0), matches: Number(row?.matches ?? 0) };
}

/**
 * The index's candidates of `state` that match, up to `upTo`. SQLite: the candidates drive a join
 * to the rows — it takes a CROSS JOIN's left side as the outer loop, so FTS5's ids stream and the
 * LIMIT stops them (asked as `id in (…)`, it reads every candidate first). PostgreSQL: the
 * candidates' condition on the table itself, which its search index answers with the state.
 */
async function countNamed(plan: SearchPlan, state: string, narrow: Narrow, upTo: number) {
  const { db } = plan.database;
  const table = plan.list as WorkTable;
  const stateColumn = SEARCHED_LISTS[table].state;
  const sqlite = plan.database.dialect === 'sqlite';
  const from = sqlite
    ? drivenBy(db, table, indexRows({ ...plan, states: [state] }))
    : db.selectFrom(table).where(pgNamed(plan, state));
  // The record a number names is a candidate in any state.
  const stateOf = sqlite ? sql.ref(`${table}.${stateColumn}`) : pgStateKey(stateColumn);
  const matches = narrow(from)
    .where(stateOf, '=', state)
    .where(ruleOf(plan.database.dialect, table, plan.search, table))
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
