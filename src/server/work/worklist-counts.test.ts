import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { parseSearchQuery, type SearchQuery } from '../../domain/search-text';
import { WORK_STATES, type WorkKind, type WorkState } from '../../domain/worklist';
import { newClientColumns } from '../clients/client-columns';
import { matchesSearch } from '../db/search-condition';
import { countingCondition, indexPlan, PLAIN_WALK } from '../db/search-index';
import { insertItems } from '../test/insert-items';
import { describeEachDatabase } from '../test/test-app';
import { countWork, drivenBy } from './worklist-counts';
import { SEARCH_COLUMNS } from './worklist.repository';

const TABLES = { ticket: 'tickets', task: 'tasks' } as const;

/** A new item of `kind` titled `title` (insertItems). */
const item = (kind: WorkKind, title: string) => ({
  kind,
  status: 'new',
  title,
  dueDate: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  closedAt: null,
});

// Issue 22, docs/decisions/027 and 029: counts stopped at the cap, walking the search index's
// candidates of each state (SQLite's way), or the rule and the state, which PostgreSQL's search
// indexes answer together.
describeEachDatabase('state counts stopped at a cap', (ctx) => {
  it('counts a row once when the index names it twice (by its phone anywhere and by its start)', async () => {
    const db = ctx.database.db;
    const client = await db
      .insertInto('clients')
      .values({
        ...newClientColumns({ fullName: 'Дважды Найденный', phone: '+7 912 345-67-89' }),
        created_by: null,
        created_at: '2026-11-01T09:00:00.000Z',
        updated_at: '2026-11-01T09:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertItems(db, [
      {
        kind: 'ticket',
        status: 'new',
        title: 'Замена экрана',
        dueDate: null,
        createdAt: '2026-11-01T09:00:00.000Z',
        closedAt: null,
        clientId: client.id,
        clientName: 'Дважды Найденный',
      },
    ]);
    // «7912»: the digits anywhere in the phone (trigrams) and a phone starting 7912 (its B-tree).
    const search = parseSearchQuery('7912');
    const kinds: WorkKind[] = ['ticket', 'task'];
    const searchPlans = {
      ticket: indexPlan(ctx.database, 'tickets', search, WORK_STATES),
      task: indexPlan(ctx.database, 'tasks', search, WORK_STATES),
    };
    const stateCandidates = (kind: WorkKind, s: typeof search, state: WorkState) =>
      indexPlan(ctx.database, TABLES[kind], s, [state]);
    for (const how of [
      { cap: 1, capWithIndex: true },
      { cap: 1, capWithIndex: true, stateCandidates },
    ]) {
      expect(await countWork(db, { kinds, search, searchPlans }, how)).toEqual({
        new: 1,
        in_progress: 0,
        closed: 0,
      });
      // The list's other filters still apply: the ticket is nobody's.
      expect(await countWork(db, { kinds, search, searchPlans, assignee: 'none' }, how)).toEqual({
        new: 1,
        in_progress: 0,
        closed: 0,
      });
      expect(await countWork(db, { kinds, search, searchPlans, assignee: 999_999 }, how)).toEqual({
        new: 0,
        in_progress: 0,
        closed: 0,
      });
    }
  });
  it.runIf(ctx.dialect === 'sqlite')(
    'SQLite reads the index’s candidates as the outer loop, so the count stops at the cap',
    async () => {
      const search = parseSearchQuery('замена');
      const counted = drivenBy(
        ctx.database.db,
        'tickets',
        indexPlan(ctx.database, 'tickets', search, ['new']),
      )
        .select(sql<number>`1`.as('one'))
        .limit(1001)
        .compile();
      const plan = ctx.database
        .sqlite!.prepare(`explain query plan ${counted.sql}`)
        .all(...counted.parameters) as { detail: string }[];
      const steps = plan.map((step) => step.detail);
      // The candidates first, each row then looked up by its id: nothing gathered before the first.
      const candidates = steps.findIndex((step) => step.startsWith('SCAN candidates'));
      const rows = steps.findIndex((step) => step.startsWith('SEARCH tickets USING INTEGER PRIMARY KEY'));
      expect(candidates, steps.join('\n')).toBeGreaterThanOrEqual(0);
      expect(rows, steps.join('\n')).toBeGreaterThan(candidates);
      expect(
        steps.some((step) => /^SCAN tickets( |$)/.test(step)),
        steps.join('\n'),
      ).toBe(false);
    },
  );

  it('a state capped on one side stays «cap + 1» when the other side adds its exact count', async () => {
    const db = ctx.database.db;
    await insertItems(db, [
      item('ticket', 'Пайка разъёма'),
      item('ticket', 'Пайка платы'),
      item('task', 'Пайка кабеля'),
      item('task', 'Пайка клавиш'),
      item('task', 'Пайка контакта'),
    ]);
    const search = parseSearchQuery('пайка');
    const ids = async (kind: WorkKind) =>
      (await db.selectFrom(TABLES[kind]).select('id').where('title', 'like', 'Пайка%').execute()).map(
        (row) => row.id,
      );
    // One side by a short list of ids (counted exactly), the other walked (counted up to the cap),
    // in either order.
    for (const [exact, capped] of [
      ['ticket', 'task'],
      ['task', 'ticket'],
    ] as const) {
      const searchPlans = { [exact]: { use: 'ids', ids: await ids(exact) }, [capped]: PLAIN_WALK };
      for (const kinds of [
        [exact, capped],
        [capped, exact],
      ]) {
        expect(
          await countWork(db, { kinds, search, searchPlans }, { cap: 1, capWithIndex: true }),
          `${exact} exact, ${capped} capped, ${kinds.join(' then ')}`,
        ).toEqual({ new: 2, in_progress: 0, closed: 0 });
      }
    }
    // Both exact: the count as it is, above the cap.
    const searchPlans = {
      ticket: { use: 'ids' as const, ids: await ids('ticket') },
      task: { use: 'ids' as const, ids: await ids('task') },
    };
    expect(
      await countWork(db, { kinds: ['ticket', 'task'], search, searchPlans }, { cap: 1, capWithIndex: true }),
    ).toEqual({ new: 5, in_progress: 0, closed: 0 });
  });
});

// PostgreSQL counts one or two characters, which pg_trgm cannot answer, off the pieces' index
// where a state's matches are sparse (search-index.ts countingCondition); dense, by the rule.
describeEachDatabase('counts of one or two characters', (ctx) => {
  it.runIf(ctx.dialect === 'postgres')(
    'are read off the pieces’ index where sparse, walked where dense, and come out the same',
    async () => {
      const db = ctx.database.db;
      // 1,200 closed tasks, one to a table page (the sample trusts hits spread over pages):
      // «обмен» in each, one in 40 «обмен 77», one in 60 with a phone holding «77».
      await sql`alter table tasks set (fillfactor = 10)`.execute(db);
      await sql`
        insert into tasks (title, description, status, created_at, updated_at, closed_at, search_text,
                           client_phone_digits, work_state, work_sort)
        select t, repeat('описание ', 60), 'done', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z',
               '2026-11-02T09:00:00.000Z', t, case when i % 60 = 0 then '79123457701' else '79123456801' end,
               'closed', '9' || lpad(i::text, 22, '0')
        from (select i, case when i % 40 = 0 then 'обмен 77' else 'обмен' end as t
              from generate_series(1, 1200) as i) as n`.execute(db);
      await sql`analyze tasks`.execute(db);
      await ctx.database.trigramStats!.refresh();
      const condition = (q: string) =>
        countingCondition(ctx.database, 'tasks', parseSearchQuery(q), 'closed', 1001);
      // «77»: one in 24 (text or phone), sparse for a count of 1,001; «о», in every row, dense;
      // three characters and more: pg_trgm answers the rule's LIKE.
      expect(condition('77')?.compile(db).sql).toContain('array_to_tsvector');
      expect(condition('о')).toBeUndefined();
      expect(condition('обмен')).toBeUndefined();
      const stateCondition = (kind: WorkKind, search: SearchQuery, state: WorkState, upTo: number) =>
        countingCondition(ctx.database, TABLES[kind], search, state, upTo);
      for (const [q, cap] of [
        ['77', 1001],
        ['77', 10],
        ['7', 1001],
        ['о', 1001],
        ['о', 10],
        ['ъ', 1001],
        ['#40', 1001],
      ] as const) {
        const search = parseSearchQuery(q);
        // Capped (a plan that is not a short list of ids), as a common query is.
        const searchPlans = { task: { use: 'walk' as const, whole: true } };
        const filter = { kinds: ['task'] as WorkKind[], search, searchPlans };
        const exact = await countWork(db, filter);
        const capped = await countWork(db, filter, { cap, capWithIndex: true, stateCondition });
        expect(capped, `«${q}» up to ${cap}`).toEqual({
          new: 0,
          in_progress: 0,
          closed: Math.min(cap + 1, exact.closed),
        });
      }
      // 30 by their text, 20 by their phone, 10 of them by both; and task 77, by its number.
      expect((await countWork(db, { kinds: ['task'], search: parseSearchQuery('77') })).closed).toBe(41);
    },
  );
});

// Counted first, a side whose matches are dense enough to walk to may reach the cap alone: the
// other side's index is then not read at all.
describeEachDatabase('the side counted first', (ctx) => {
  it('is one whose matches are walked to, before one with fewer items in the state', async () => {
    const db = ctx.database.db;
    await insertItems(db, [
      ...Array.from({ length: 3 }, () => item('ticket', 'обмен 77')),
      ...Array.from({ length: 5 }, () => item('task', 'обмен 77')),
    ]);
    const search = parseSearchQuery('77');
    // Tickets' condition among new items names a column no table has: counting them there fails.
    const stateCondition = (kind: WorkKind, _search: SearchQuery, state: WorkState) =>
      kind === 'ticket' && state === 'new' ? sql<boolean>`no_such_column = 1` : undefined;
    // Fewer tickets than tasks in every state: by size alone, tickets would be counted first.
    const population = (kind: WorkKind) => (kind === 'ticket' ? 3 : 5);
    const filter = {
      kinds: ['ticket', 'task'] as WorkKind[],
      search,
      searchPlans: { ticket: PLAIN_WALK, task: PLAIN_WALK },
    };
    expect(await countWork(db, filter, { cap: 2, capWithIndex: true, stateCondition, population })).toEqual({
      new: 3,
      in_progress: 0,
      closed: 0,
    });
  });
});

// docs/decisions/029: on PostgreSQL the search indexes hold the state as their first column, so
// «matches in this state» is one bitmap of the index, not every match's row read for its state.
describeEachDatabase('the search index answers the state with the search', (ctx) => {
  it.runIf(ctx.dialect === 'postgres')(
    'a state’s matches are read off one index, for a count and for the index’s candidates',
    async () => {
      const db = ctx.database.db;
      // The plan of a query when the one index named is the only one of its kind: at a test's
      // size the planner may well read the state alone; what is checked is that the condition as
      // the app writes it is the index's (the state as the same expression, the search beside it).
      const planOf = async (query: { sql: string; parameters: readonly unknown[] }, only: string) => {
        let plan = '';
        const undo = new Error('rolled back: the dropped indexes come back');
        await db
          .transaction()
          .execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const others = [
              'state_text_trgm',
              'state_phone_trgm',
              'state_phone_tail_trgm',
              'state_grams',
              'state_phone_start',
            ];
            for (const other of others) {
              if (other !== only) await sql.raw(`drop index tickets_${other}`).execute(trx);
            }
            const { rows } = await sql
              .raw<{ 'QUERY PLAN': string }>(`explain (costs off) ${query.sql}`)
              .execute(trx);
            plan = rows.map((row) => row['QUERY PLAN']).join('\n');
            throw undo;
          })
          .catch((error: unknown) => {
            if (error !== undo) throw error;
          });
        return plan;
      };
      const countQuery = (q: string) =>
        db
          .selectFrom('tickets')
          .select(sql<number>`1`.as('one'))
          .where((eb) => matchesSearch(eb, parseSearchQuery(q), SEARCH_COLUMNS, PLAIN_WALK))
          .where(sql<string>`(work_state || '')`, '=', 'new')
          .limit(1001)
          .compile();
      // A count of «замена» in Новые (the rule and the state, as countWork asks on PostgreSQL).
      const counted = await planOf(inlined(countQuery('замена')), 'state_text_trgm');
      expect(counted).toMatch(
        /Bitmap Index Scan on tickets_state_text_trgm\s+Index Cond: \(\(\(work_state \|\| ''::text\) = 'new'::text\) AND \(search_text ~~ '%замена%'::text\)\)/,
      );
      // Two characters: the index's candidates in the states shown, as planSearch reads them (up
      // to 2,501 ids), from the pieces' index with the state.
      const short = indexPlan(ctx.database, 'tickets', parseSearchQuery('ив'), ['new']);
      const candidates = await planOf(
        inlined(sql`select id from ${short.rows} as candidates limit 2501`.compile(db)),
        'state_grams',
      );
      expect(candidates).toMatch(
        /Bitmap Index Scan on tickets_state_grams\s+Index Cond: \(\(\(work_state \|\| ''::text\) = 'new'::text\) AND \(array_to_tsvector/,
      );
    },
  );
});

/** A compiled PostgreSQL query with its parameters written in (EXPLAIN takes no parameters). */
function inlined(query: { sql: string; parameters: readonly unknown[] }) {
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  return {
    sql: query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1])),
    parameters: [],
  };
}
