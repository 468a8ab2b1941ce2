import { sql, type RawBuilder } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { afterBulkChange } from './analyze';
import type { Database } from './database';
import { stateTrigram } from './migrations/0017-search-index';
import { INDEX_ONLY, setLocal } from './read-candidates';
import { phoneStartRows } from './candidate-parts';
import { CANDIDATE_LIMIT, indexPlan, planSearch } from './search-index';
import { createWorklistService } from '../work/worklist.service';
import { DEFAULT_WORK_RULES } from '../../domain/work-rules';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase('sqlite');
});
afterEach(async () => {
  await test.cleanup();
});

/** `count` tasks in `state` titled `title`, written as plain SQL (the index's triggers keep up). */
async function tasks(count: number, title: string, from: number, state: 'new' | 'closed' = 'new') {
  await sql`
    with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${from + count - 1})
    insert into tasks (title, status, created_at, updated_at, closed_at, search_text, work_state, work_sort)
    select ${title}, ${state === 'new' ? 'new' : 'done'}, '2026-11-01T09:00:00.000Z',
           '2026-11-01T09:00:00.000Z', ${state === 'new' ? null : '2026-11-02T09:00:00.000Z'}, ${title},
           ${state}, ${state === 'new' ? '0' : '9'} || printf('%022d', i)
    from n`.execute(test.database.db);
}

const planFor = (q: string, states: string[]) =>
  planSearch(test.database, 'tasks', parseSearchQuery(q), states);

it('reads every candidate of a query too sparse for a walk to fill a page', async () => {
  // 2,600 candidates among 90,000 closed tasks: a walk of 3,000 rows would meet about 87.
  await tasks(CANDIDATE_LIMIT + 100, 'замена экрана', 1, 'closed');
  await tasks(87_400, 'чистка', CANDIDATE_LIMIT + 101, 'closed');
  // Before the trigram counts: nothing tells how many rows the states hold; the walk first.
  expect((await planFor('замена', ['closed'])).use).toBe('walk');
  await test.database.trigramStats!.refresh();
  // Every candidate read: the ids read are the index's rows, not the index asked again.
  const sparse = await planFor('замена', ['closed']);
  if (sparse.use !== 'index') throw new Error(`expected the index's rows, got ${sparse.use}`);
  expect(sparse.rows.compile(test.database.db).sql).toContain('json_each');
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sparse.rows} as named`.execute(
    test.database.db,
  );
  expect(rows[0]!.n).toBe(CANDIDATE_LIMIT + 100);
  // And the list reads them first, as it did FTS5's: a page of matches, in the list's order.
  const page = await createWorklistService({
    database: test.database,
    rules: async () => DEFAULT_WORK_RULES,
    now: () => new Date('2026-11-20T10:00:00Z'),
  }).list({ q: 'замена', states: 'closed' });
  expect(page.items.map((item) => item.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  // Many more than the stretch could be too sparse for: the walk first.
  await tasks(2 * CANDIDATE_LIMIT, 'замена батареи', 100_000, 'closed');
  expect((await planFor('замена', ['closed'])).use).toBe('walk');
  // Each query by its own candidates.
  expect((await planFor('экрана', ['closed'])).use).toBe('index');
  expect((await planFor('батареи', ['closed'])).use).toBe('walk');
});

it('walks a query whose candidates are dense in the states shown, however large the list', async () => {
  // 2,600 candidates among 2,600 open tasks (of 90,000): the first rows walked fill the page.
  await tasks(CANDIDATE_LIMIT + 100, 'замена экрана', 1);
  await tasks(1000, 'чистка', CANDIDATE_LIMIT + 101, 'closed');
  await tasks(86_400, 'прочее', 10_000, 'closed');
  await test.database.trigramStats!.refresh();
  expect((await planFor('замена', ['new', 'in_progress'])).use).toBe('walk');
  // A few are read by id whatever the states.
  const few = await planFor('чистка', ['closed']);
  expect(few.use === 'ids' && few.ids.length).toBe(1000);
});

it('walks at once a query its sample shows common, without reading FTS5’s ids', async () => {
  // One in 30 of 3,000 open tasks: 100 candidates, which it read by id before it had a sample.
  for (let i = 0; i < 100; i += 1) {
    await tasks(1, 'замена экрана', 1 + 30 * i);
    await tasks(29, 'чистка', 2 + 30 * i);
  }
  await test.database.trigramStats!.refresh();
  const common = await planFor('замена', ['new', 'in_progress']);
  expect(common).toMatchObject({ use: 'walk', otherwise: { use: 'index' } });
  expect(common.use === 'walk' && common.whole).toBeFalsy();
  const page = await createWorklistService({
    database: test.database,
    rules: async () => DEFAULT_WORK_RULES,
    now: () => new Date('2026-11-20T10:00:00Z'),
  }).list({ q: 'замена' });
  expect(page.items.map((item) => item.id)).toEqual(Array.from({ length: 50 }, (_, i) => 1 + 30 * i));
  // As many written together (one run of the sample's, a «page»): read by id.
  await sql`delete from tasks`.execute(test.database.db);
  await tasks(100, 'замена экрана', 1);
  await tasks(2900, 'чистка', 101);
  await test.database.trigramStats!.refresh();
  const clustered = await planFor('замена', ['new', 'in_progress']);
  expect(clustered.use === 'ids' && clustered.ids.length).toBe(100);
});

describe.runIf(testDialects().includes('postgres'))('PostgreSQL: a query its sample shows common', () => {
  let pg: TestDatabase;
  beforeEach(async () => {
    pg = await createTestDatabase('postgres');
  });
  afterEach(async () => {
    await pg.cleanup();
  });

  /**
   * `count` (3,000) open tasks, every `every`-th titled «замена экрана» (from the first; or as
   * many, the first ones), else «чистка»; with a description, about as many to a page as a shop's
   * tickets.
   */
  async function spread(every: number, clustered = false, count = 3000) {
    await sql`
      insert into tasks (title, description, status, created_at, updated_at, search_text, work_state, work_sort)
      select t, repeat('описание ', 60), 'new', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', t, 'new', '0' || lpad(i::text, 22, '0')
      from (select i, case when ${clustered}::boolean and i <= ${Math.floor(count / every)} or not ${clustered}::boolean and i % ${every} = 1
                           then 'замена экрана' else 'чистка' end as t
            from generate_series(1, ${count}::int) as i) as n`.execute(pg.database.db);
    await sql`analyze tasks`.execute(pg.database.db);
    await pg.database.trigramStats!.refresh();
  }
  const plan = (q: string) => planSearch(pg.database, 'tasks', parseSearchQuery(q), ['new', 'in_progress']);

  /** 6,000 closed tasks, every 30th titled «замена экрана», then the statistics and counts. */
  async function closedTasks() {
    await sql`
      insert into tasks (title, status, created_at, updated_at, closed_at, search_text, work_state, work_sort)
      select t, 'done', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', '2026-11-02T09:00:00.000Z', t,
             'closed', '9' || lpad(i::text, 22, '0')
      from (select i, case when i % 30 = 1 then 'замена экрана' else 'чистка' end as t
            from generate_series(1, 6000) as i) as n`.execute(pg.database.db);
    await sql`analyze tasks`.execute(pg.database.db);
    await pg.database.trigramStats!.refresh();
  }

  /** What PostgreSQL asks its indexes for, reading these candidates as the search does. */
  const indexConditions = (rows: RawBuilder<unknown>) =>
    pg.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      const { rows: explained } = await sql<{ 'QUERY PLAN': string }>`
        explain (costs off) select id from ${rows} as candidates`.execute(trx);
      return explained.map((line) => line['QUERY PLAN']).filter((line) => line.includes('Index Cond'));
    });

  it('walks at once a query matching one row in thirty all over the list', async () => {
    await spread(30);
    expect(await plan('замена')).toMatchObject({ use: 'walk', whole: true });
    // Rare: its ids are read.
    expect((await plan('чистка экрана')).use).toBe('ids');
  });

  it('reads the ids of one as common but written together (the sample is drawn a page at a time)', async () => {
    await spread(30, true);
    const clustered = await plan('замена');
    expect(clustered.use === 'ids' && clustered.ids.length).toBe(100);
  });

  it('reads the ids of one too sparse for a walk to fill a page soon', async () => {
    // One in 300 of 6,000: 20 matches in all, about 8 within the sampled rows two of a walk's
    // stretches stand for (2,353; 20 needed).
    await spread(300, false, 6000);
    expect((await plan('замена')).use).toBe('ids');
    // One in 40 (2.5 %): a page within about 2,000 rows walked (about 59 of the 2,353).
    await sql`delete from tasks`.execute(pg.database.db);
    await spread(40, false, 6000);
    expect(await plan('замена')).toMatchObject({ use: 'walk', whole: true });
  });

  it('walks at once a query its sample shows matching more rows than it reads ids of', async () => {
    // The table holds 20 matches; the counts say a million open tasks, one in 200 «замена»
    // (5,000: more than CANDIDATE_LIMIT, too sparse to be common). Told so, the plan walks
    // without reading the ids; the 20 are read otherwise.
    await spread(300, false, 6000);
    const told: Database = {
      ...pg.database,
      trigramStats: {
        ...pg.database.trigramStats!,
        of: () => ({ rows: 1_000_000, docs: new Map([[stateTrigram('new'), 1_000_000]]) }),
        sampleOf: () => ({
          rows: Array.from({ length: 20_000 }, (_, i) => ({
            text: i % 200 === 0 ? 'замена экрана' : 'чистка',
            phone: '',
            state: 'new',
            page: i,
          })),
        }),
      },
    };
    const search = parseSearchQuery('замена');
    expect(await planSearch(told, 'tasks', search, ['new'])).toMatchObject({ use: 'walk', whole: true });
    const read = await plan('замена');
    expect(read.use === 'ids' && read.ids.length).toBe(20);
  });

  it('asks its index for the trigram holding the last letter, which tells «зайцева» from «зайцев»', async () => {
    // 600 «зайцев», 100 «зайцева», 2,300 «андреева»: the rarest trigrams name both surnames;
    // «ева» (in 2,400 rows) leaves the 600 «зайцев» out before their table pages are read.
    await sql`
      insert into tasks (title, status, created_at, updated_at, search_text, work_state, work_sort)
      select t, 'new', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', t, 'new', '0' || lpad(i::text, 22, '0')
      from (select i, case when i <= 600 then 'зайцев иван' when i <= 700 then 'зайцева анна' else 'андреева ольга' end as t
            from generate_series(1, 3000) as i) as n`.execute(pg.database.db);
    await sql`analyze tasks`.execute(pg.database.db);
    await pg.database.trigramStats!.refresh();
    const { rows } = indexPlan(pg.database, 'tasks', parseSearchQuery('зайцева'), ['new']);
    const conditions = (await indexConditions(rows)).join('\n');
    expect(conditions).toContain("'%зай%'");
    expect(conditions).toContain("'%ева%'");
    const found = await sql<{ id: number }>`select id from ${rows} as candidates`.execute(pg.database.db);
    expect(found.rows).toHaveLength(100);
  });

  it('reads a phone’s start off its B-tree alone, and digits further on off the tail’s index', async () => {
    // 30,000 open tasks: 300 phones starting 7912, 300 8912, 200 912 (ten digits), 100 holding
    // 8912 further on, the rest 7903….
    await sql`
      insert into tasks (title, status, created_at, updated_at, search_text, work_state, work_sort, client_phone_digits)
      select 'звонок', 'new', '2026-11-01T09:00:00.000Z', '2026-11-01T09:00:00.000Z', 'звонок', 'new',
             '0' || lpad(i::text, 22, '0'),
             case when i <= 300 then '7912' || lpad(i::text, 7, '0')
                  when i <= 600 then '8912' || lpad(i::text, 7, '0')
                  when i <= 800 then '912' || lpad(i::text, 7, '0')
                  when i <= 900 then '79998912' || lpad(i::text, 3, '0')
                  else '7903' || lpad((i % 1000)::text, 7, '0') end
      from generate_series(1, 30000) as i`.execute(pg.database.db);
    await afterBulkChange(pg.database);
    await pg.database.trigramStats!.refresh();
    const search = parseSearchQuery('8912');
    const planned = await planSearch(pg.database, 'tasks', search, ['new', 'in_progress'], 'work_sort');
    // Every match, each with its place in the list's order, and task 8912 by its number.
    expect(planned.use === 'ids' && planned.keys?.length).toBe(901);
    // The starts: no table page visited.
    const starts = phoneStartRows('tasks', search, ['new', 'in_progress'], 'work_sort')!;
    const explained = await pg.database.db.transaction().execute(async (trx) => {
      await setLocal(trx, { enable_seqscan: 'off', ...INDEX_ONLY });
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain (analyze, costs off, timing off) select * from ${starts} as candidates`.execute(trx);
      return rows.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(explained).toContain('Index Only Scan using tasks_state_phone_start');
    expect(explained).not.toMatch(/Heap Fetches: [1-9]/);
    expect(explained).toContain('actual rows=300');
    expect(explained).toContain('actual rows=200');
    // The rest: the tail holds 8912 in the 100 phones with it further on, not in the 300 starting so.
    const { rows } = indexPlan(pg.database, 'tasks', search, ['new']);
    const conditions = (await indexConditions(rows)).join('\n');
    expect(conditions).toContain('substr(client_phone_digits, 2)');
    const tail = await pg.database.db.transaction().execute(async (trx) => {
      await setLocal(trx, { enable_seqscan: 'off', enable_indexscan: 'off' });
      const { rows: lines } = await sql<{ 'QUERY PLAN': string }>`
        explain (analyze, costs off, timing off) select id from ${rows} as candidates`.execute(trx);
      return lines.map((line) => line['QUERY PLAN']).join('\n');
    });
    expect(tail).toMatch(/Bitmap Index Scan on tasks_state_phone_tail_trgm \(actual rows=100 /);
  });

  it('asks its index for no state where the states shown hold most rows (Закрытые)', async () => {
    // 3,000 open tasks (100 «замена»), then 6,000 closed ones (200): Закрытые hold two thirds.
    await spread(30);
    await closedTasks();
    // The state's key would name 6,000 rows in the index: the trigrams alone are asked.
    const closed = indexPlan(pg.database, 'tasks', parseSearchQuery('замена'), ['closed']).rows;
    const conditions = await indexConditions(closed);
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).not.toContain('work_state');
    // The state checked on the rows the trigrams name: the closed ones only, so that their
    // number decides the plan as before.
    const found = await sql<{ id: number }>`select id from ${closed} as candidates`.execute(pg.database.db);
    expect(found.rows).toHaveLength(200);
    // Open states, a third of the rows: asked of the index as before.
    const open = indexPlan(pg.database, 'tasks', parseSearchQuery('замена'), ['new']).rows;
    expect((await indexConditions(open))[0]).toContain("= 'new'::text");
    // And the worklist's closed part lists the closed ones only.
    const worklist = createWorklistService({
      database: pg.database,
      rules: async () => DEFAULT_WORK_RULES,
      now: () => new Date('2026-11-20T10:00:00Z'),
    });
    const page = await worklist.list({ q: 'замена', states: 'closed', limit: 100 });
    expect(page.items).toHaveLength(100);
    expect(page.items.map((item) => item.status)).toEqual(Array(100).fill('closed'));
  });

  it('asks its index for each state shown, not for the rows of every state', async () => {
    // A list of states is a `= ANY`, which the planner may check on each row the trigrams name
    // instead of in the index: «яковлев» among open tasks read 13,267 rows for 2,374. (The open
    // states hold a third of the rows, as in a shop: most of its items are closed.)
    await spread(30);
    await closedTasks();
    const { rows } = indexPlan(pg.database, 'tasks', parseSearchQuery('замена'), ['new', 'in_progress']);
    const conditions = await indexConditions(rows);
    expect(conditions).toHaveLength(2);
    expect(conditions[0]).toContain("= 'new'::text");
    expect(conditions[1]).toContain("= 'in_progress'::text");
    // And every match still found, in either state.
    const found = await sql<{ id: number }>`select id from ${rows} as candidates`.execute(pg.database.db);
    expect(found.rows).toHaveLength(100);
  });
});
