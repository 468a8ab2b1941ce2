import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SEARCH } from '../../domain/search-text';
import type { Database } from '../db/database';
import { createTestDatabase, testDialects, type TestDatabase } from '../test/test-database';
import { insertItems } from '../test/insert-items';
import { refreshDerived } from './derived-columns';
import { listWork } from './worklist.repository';

/** Runs `write` once, right after the second read of positions alone (one per side) has come back. */
function afterBothKeyReads(write: () => Promise<void>): KyselyPlugin & { wrote: boolean } {
  let keyReads = 0;
  return {
    wrote: false,
    transformQuery: (args) => args.node,
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const columns = Object.keys(result.rows[0] ?? {}).sort();
      if (columns.join() === 'id,work_sort' && ++keyReads === 2) {
        await write();
        this.wrote = true;
      }
      return result;
    },
  };
}

for (const dialect of testDialects()) {
  describe(`listWork reads positions, then the page's rows [${dialect}]`, () => {
    let test: TestDatabase;
    let other: Database;
    beforeAll(async () => {
      test = await createTestDatabase(dialect);
      other = test.openAnother();
    });
    afterAll(async () => {
      await other.destroy();
      await test.cleanup();
    });

    it('leaves out a row moved to the Корзина between the two reads, still fills the page, and shows a changed one as it is now', async () => {
      const at = (m: number) => new Date(Date.UTC(2026, 10, 1, 9, m)).toISOString();
      const item = (kind: 'ticket' | 'task', title: string, m: number) => ({
        kind,
        status: 'new',
        title,
        dueDate: null,
        createdAt: at(m),
        closedAt: null,
      });
      const [ticket1, task1, ticket2, task2] = await insertItems(test.database.db, [
        item('ticket', 'Гарантийный ремонт', 1),
        item('task', 'Позвонить клиенту', 2),
        item('ticket', 'Замена SSD', 3),
        item('task', 'Отвезти в ПВЗ', 4),
      ]);
      const plugin = afterBothKeyReads(async () => {
        // Another instance (or request) commits between the two reads.
        await other.db
          .updateTable('tickets')
          .set({ deleted_at: at(10) })
          .where('id', '=', ticket1!)
          .execute();
        await refreshDerived(other.db, 'ticket', ticket1!);
        await other.db
          .updateTable('tasks')
          .set({ title: 'Позвонить ещё раз' })
          .where('id', '=', task1!)
          .execute();
      });
      const rows = await listWork(
        test.database.db.withPlugin(plugin),
        { kinds: ['ticket', 'task'], states: ['new', 'in_progress'], search: NO_SEARCH },
        undefined,
        // One short of every row: the page must still come back full (the caller reads one row
        // more than it shows to know whether another page follows).
        3,
        { positionsFirst: true },
      );
      expect(plugin.wrote).toBe(true);
      expect(rows.map((row) => [row.kind, Number(row.id), row.title])).toEqual([
        ['ticket', ticket2, 'Замена SSD'],
        ['task', task1, 'Позвонить ещё раз'],
        ['task', task2, 'Отвезти в ПВЗ'],
      ]);
    });
  });
}
