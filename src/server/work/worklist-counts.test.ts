import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { parseSearchQuery, type SearchQuery } from '../../domain/search-text';
import { WORK_STATES, type WorkKind } from '../../domain/worklist';
import { newClientColumns } from '../clients/client-columns';
import type { Database } from '../db/database';
import { planSearch, withRoad, type Road } from '../search';
import { insertItems } from '../test/insert-items';
import { describeEachDatabase } from '../test/test-app';
import { countWork } from './worklist-counts';

/** A new item of `kind` titled `title` (insertItems). */
const item = (kind: WorkKind, title: string) => ({
  kind,
  status: 'new',
  title,
  dueDate: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  closedAt: null,
});

/** Both sides' plans of a query, answered by `road` (a common query's is `walk`: counted to the cap). */
async function plansOf(database: Database, search: SearchQuery, road: Road) {
  return {
    ticket: withRoad(planSearch(database, 'tickets', search, WORK_STATES), road),
    task: withRoad(planSearch(database, 'tasks', search, WORK_STATES), road),
  };
}

// Counts stopped at the cap: the index's candidates of each state, each checked against the rule
// and the list's filters (docs/search.md).
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
    for (const road of [{ use: 'walk' }, { use: 'index' }] as const) {
      const searchPlans = await plansOf(ctx.database, search, road);
      const how = { cap: 1 };
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

  it('counts the sides together up to the cap; a number alone exactly', async () => {
    const db = ctx.database.db;
    const ids = await insertItems(db, [
      item('ticket', 'Пайка разъёма'),
      item('ticket', 'Пайка платы'),
      item('task', 'Пайка кабеля'),
      item('task', 'Пайка клавиш'),
      item('task', 'Пайка контакта'),
    ]);
    const search = parseSearchQuery('пайка');
    for (const kinds of [
      ['ticket', 'task'],
      ['task', 'ticket'],
    ] as WorkKind[][]) {
      const searchPlans = await plansOf(ctx.database, search, { use: 'search' });
      expect(await countWork(db, { kinds, search, searchPlans }, { cap: 1 }), kinds.join(' then ')).toEqual({
        new: 2,
        in_progress: 0,
        closed: 0,
      });
      expect(await countWork(db, { kinds, search, searchPlans }, { cap: 10 })).toEqual({
        new: 5,
        in_progress: 0,
        closed: 0,
      });
    }
    const number = parseSearchQuery(`#${ids[2]}`);
    const searchPlans = {
      ticket: planSearch(ctx.database, 'tickets', number, WORK_STATES),
      task: planSearch(ctx.database, 'tasks', number, WORK_STATES),
    };
    expect(
      await countWork(db, { kinds: ['ticket', 'task'], search: number, searchPlans }, { cap: 0 }),
    ).toEqual({
      new: 2,
      in_progress: 0,
      closed: 0,
    });
  });
});

// One or two characters: no trigram answers them, the pieces' index does (both databases).
describeEachDatabase('counts of one or two characters', (ctx) => {
  it('come out as the plain count, stopped at the cap', async () => {
    const db = ctx.database.db;
    // 120 closed tasks: «обмен» in each, one in 4 «обмен 77», one in 6 with a phone holding «77».
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 120)
      insert into tasks (title, description, status, created_at, updated_at, closed_at, search_text,
                         client_phone_digits, work_state, work_sort)
      select t, '', 'done', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z',
             '2026-11-02T09:00:00.000Z', t, case when i % 6 = 0 then '79123457701' else '79123456801' end,
             'closed', '9' || (1000000 + i)
      from (select i, case when i % 4 = 0 then 'обмен 77' else 'обмен' end as t from n) as numbered`.execute(
      db,
    );
    for (const [q, cap] of [
      ['77', 100],
      ['77', 10],
      ['7', 100],
      ['о', 100],
      ['о', 10],
      ['ъ', 100],
      ['#40', 100],
    ] as const) {
      const search = parseSearchQuery(q);
      const plans = await plansOf(ctx.database, search, { use: 'walk' });
      const filter = { kinds: ['task'] as WorkKind[], search };
      const exact = await countWork(db, {
        ...filter,
        searchPlans: { task: withRoad(plans.task, { use: 'scan' }) },
      });
      const capped = await countWork(db, { ...filter, searchPlans: plans }, { cap });
      expect(capped, `«${q}» up to ${cap}`).toEqual({
        new: 0,
        in_progress: 0,
        closed: Math.min(cap + 1, exact.closed),
      });
    }
    // 30 by their text, 20 by their phone, 10 of them by both; and task 77, by its number.
    const search = parseSearchQuery('77');
    const plans = await plansOf(ctx.database, search, { use: 'scan' });
    expect((await countWork(db, { kinds: ['task'], search, searchPlans: plans })).closed).toBe(41);
  });
});
