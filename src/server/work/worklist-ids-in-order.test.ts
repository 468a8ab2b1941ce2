import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORK_RULES } from '../../domain/work-rules';
import { parseSearchQuery } from '../../domain/search-text';
import { planSearch } from '../db/search-index';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { listWork } from './worklist.repository';
import { createWorklistService } from './worklist.service';

// A search whose candidates are few enough to read by id: PostgreSQL reads each one's place in
// the worklist's order with it, and the list then reads the ids in that order, a page at a time
// (src/server/db/ids-in-order.ts). Whatever the road, the pages are the plain list's.
for (const dialect of testDialects()) {
  describe(`a search read by id, in the list's order [${dialect}]`, () => {
    let test: TestDatabase;
    let userId: number;
    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      const at = '2026-11-01T09:00:00.000Z';
      const user = await test.database.db
        .insertInto('users')
        .values({
          email: 'master@example.com',
          email_lower: 'master@example.com',
          display_name: 'Мастер',
          phone: '',
          role: 'employee',
          password_hash: 'x',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = user.id;
      // 400 open tasks «замена экрана» (the first 300 of them in the list's order assigned, the
      // rest not) among 600 others; keys in a shuffled order of ids.
      const rows = Array.from({ length: 1000 }, (_, n) => {
        const i = n + 1;
        const place = (i * 7919) % 1000;
        const title = i % 5 === 1 || i % 5 === 3 ? 'замена экрана' : 'чистка';
        return {
          title,
          description: '',
          status: 'new',
          assignee_id: title === 'замена экрана' && place < 750 ? userId : null,
          assignee_name: '',
          client_name: '',
          created_by_name: '',
          created_at: at,
          updated_at: at,
          search_text: title,
          work_state: 'new',
          work_sort: `0${String(place).padStart(22, '0')}`,
        };
      });
      for (let i = 0; i < rows.length; i += 250) {
        await test.database.db
          .insertInto('tasks')
          .values(rows.slice(i, i + 250))
          .execute();
      }
      if (dialect === 'postgres') await sql`analyze tasks`.execute(test.database.db);
    });
    afterAll(async () => {
      await test.cleanup();
    });

    const worklist = () =>
      createWorklistService({
        database: test.database,
        rules: async () => DEFAULT_WORK_RULES,
        now: () => new Date('2026-11-20T09:00:00.000Z'),
      });

    /** Every page of the list, `limit` at a time. */
    async function allPages(query: { q: string; assignee?: string }, limit: number) {
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await worklist().list({ ...query, type: 'tasks', limit, cursor });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    }

    /** The same list read without its search: every row, checked here. */
    async function plainList(assignee?: 'none') {
      let query = test.database.db
        .selectFrom('tasks')
        .select('id')
        .where('search_text', 'like', '%замена%')
        .orderBy('work_sort')
        .orderBy('id');
      if (assignee === 'none') query = query.where('assignee_id', 'is', null);
      return (await query.execute()).map((row) => Number(row.id));
    }

    it('plans the ids with their places on PostgreSQL, without on SQLite', async () => {
      const plan = await planSearch(test.database, 'tasks', parseSearchQuery('замена'), ['new'], 'work_sort');
      expect(plan.use).toBe('ids');
      if (plan.use !== 'ids') return;
      expect(plan.ids).toHaveLength(400);
      expect(plan.keys?.length).toBe(dialect === 'postgres' ? 400 : undefined);
    });

    it('pages through every match in order', async () => {
      expect(await allPages({ q: 'замена' }, 50)).toEqual(await plainList());
    });

    it('reads further in order where another filter leaves the first ids out', async () => {
      // The first 300 matches in order are assigned: «Без исполнителя» finds its page past them.
      const unassigned = await plainList('none');
      expect(unassigned).toHaveLength(100);
      expect(await allPages({ q: 'замена', assignee: 'none' }, 30)).toEqual(unassigned);
    });

    it('reads a record its number names with its place, beside the text that holds the digits', async () => {
      // «777» is text in ten titles and the number of task 777, which holds no «777».
      const { rows: ten } = await sql<{ id: number }>`
        select id from tasks where id % 100 = 7 and id <> 777 order by id limit 10`.execute(test.database.db);
      for (const { id } of ten) {
        await sql`update tasks set title = 'замена 777', search_text = 'замена 777' where id = ${id}`.execute(
          test.database.db,
        );
      }
      const plan = await planSearch(test.database, 'tasks', parseSearchQuery('777'), ['new'], 'work_sort');
      expect(plan.use).toBe('ids');
      if (plan.use !== 'ids') return;
      expect(plan.ids).toContain(777);
      expect(plan.keys?.length).toBe(dialect === 'postgres' ? 11 : undefined);
      const plain = await listWork(
        test.database.db,
        { kinds: ['task'], states: ['new'], search: parseSearchQuery('777') },
        undefined,
        100,
        { positionsFirst: false },
      );
      expect(plain.map((row) => Number(row.id))).toContain(777);
      expect(await allPages({ q: '777' }, 4)).toEqual(plain.map((row) => Number(row.id)));
      await sql`update tasks set title = 'чистка', search_text = 'чистка' where title = 'замена 777'`.execute(
        test.database.db,
      );
    });

    it('reads every id at once where a row moved after its place was read', async () => {
      const first = (await plainList())[0]!;
      // Moved to the end of the list between the plan and the read: were the ids read in their
      // old order, it would end the page, and the rows before it would be skipped.
      const plan = await planSearch(test.database, 'tasks', parseSearchQuery('замена'), ['new'], 'work_sort');
      await sql`update tasks set work_sort = ${'0' + '9'.repeat(22)} where id = ${first}`.execute(
        test.database.db,
      );
      const rows = await listWork(
        test.database.db,
        { kinds: ['task'], states: ['new'], search: parseSearchQuery('замена'), searchPlans: { task: plan } },
        undefined,
        10,
        { positionsFirst: dialect === 'sqlite' },
      );
      expect(rows.map((row) => Number(row.id))).toEqual((await plainList()).slice(0, 10));
      expect(rows.map((row) => Number(row.id))).not.toContain(first);
    });
  });
}
