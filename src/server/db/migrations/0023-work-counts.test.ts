import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../../domain/search-text';
import type { WorkKind } from '../../../domain/worklist';
import { insertItems, type RawItem } from '../../test/insert-items';
import { createTestDatabaseAt, testDialects, type TestDatabase } from '../../test/test-database';
import { readKeptCounts } from '../../work/kept-counts';
import { countWork } from '../../work/worklist-counts';
import { migrateToLatest } from '../migrate';

const item = (kind: WorkKind, status: string, assigneeId: number | null): RawItem => ({
  kind,
  status,
  title: `${kind} ${status}`,
  dueDate: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  closedAt: status === 'closed' ? '2026-01-11T10:00:00.000Z' : null,
  assigneeId,
});

for (const dialect of testDialects()) {
  describe(`migration 0023: the worklist's counts, kept from the items already there [${dialect}]`, () => {
    let test: TestDatabase;

    beforeAll(async () => {
      test = await createTestDatabaseAt(dialect, '0022-phone-start-covered');
    });
    afterAll(() => test.cleanup());

    it('counts every item once, by kind, state, status and assignee, and keeps counting after', async () => {
      const { db } = test.database;
      const user = await db
        .insertInto('users')
        .values({
          email: 'migr@example.ru',
          email_lower: 'migr@example.ru',
          display_name: 'Мигрант',
          phone: '',
          password_hash: 'x',
          role: 'employee',
          disabled_at: null,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // insertItems derives each row's state in a second write, as the app does.
      await insertItems(db, [
        item('ticket', 'new', null),
        item('ticket', 'in_repair', user.id),
        item('ticket', 'closed', user.id),
        item('ticket', 'closed', null),
        item('task', 'todo', user.id),
        item('task', 'done', null),
      ]);
      expect((await migrateToLatest(test.database)).error).toBeUndefined();

      const exactly = (kinds: WorkKind[], assignee?: number | 'none') =>
        countWork(db, { kinds, assignee, search: parseSearchQuery('') });
      for (const [kinds, assignee] of [
        [['ticket', 'task'], undefined],
        [['ticket'], user.id],
        [['task'], 'none'],
      ] as const) {
        const filter = { kinds: [...kinds], assignee };
        expect(await readKeptCounts(test.database, filter)).toEqual(await exactly(filter.kinds, assignee));
      }
      expect(await readKeptCounts(test.database, { kinds: ['ticket', 'task'] })).toEqual({
        new: 2,
        in_progress: 1,
        closed: 3,
      });
      await insertItems(db, [item('ticket', 'closed', user.id)]);
      expect(await readKeptCounts(test.database, { kinds: ['ticket'], assignee: user.id })).toEqual({
        new: 0,
        in_progress: 1,
        closed: 2,
      });
    });
  });
}
