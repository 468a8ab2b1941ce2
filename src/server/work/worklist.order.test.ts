import { DEFAULT_WORK_RULES } from '../../domain/work-rules';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ALL_TICKET_STATUSES } from '../../domain/ticket-status';
import { compareWork, workState, type WorkOrderFields } from '../../domain/worklist';
import { insertItems, type RawItem } from '../test/insert-items';
import { describeEachDatabase } from '../test/test-app';
import { createWorklistService } from './worklist.service';
import { propertyRuns } from '../test/property-runs';

const TASK_STATUSES = ['new', 'in_progress', 'closed', 'todo', 'done'];
const TITLES = [
  'Гарантийный ремонт',
  'Позвонить клиенту',
  'Забрать плату',
  'заБРАТЬ коробку',
  'Отвезти в ПВЗ',
];
// A narrow range of days and minutes so that equal due dates and creation times happen often.
const day = fc.integer({ min: 1, max: 4 }).map((d) => `2026-12-0${d}`);
const instant = fc
  .integer({ min: 0, max: 5 })
  .map((m) => new Date(Date.UTC(2026, 10, 1, 9, m)).toISOString());

const itemArb: fc.Arbitrary<RawItem> = fc
  .record({
    kind: fc.constantFrom<'ticket' | 'task'>('ticket', 'task'),
    ticketStatus: fc.constantFrom(...ALL_TICKET_STATUSES),
    taskStatus: fc.constantFrom(...TASK_STATUSES),
    title: fc.constantFrom(...TITLES),
    dueDate: fc.option(day, { nil: null }),
    createdAt: instant,
    closedAt: fc.option(instant, { nil: null, freq: 4 }),
  })
  .map((r) => ({
    kind: r.kind,
    status: r.kind === 'ticket' ? r.ticketStatus : r.taskStatus,
    title: r.title,
    dueDate: r.dueDate,
    createdAt: r.createdAt,
    closedAt: r.closedAt,
  }));

describeEachDatabase('worklist order: SQL equals the domain comparator', (ctx) => {
  it('on random tickets and tasks, read page by page through the cursor', async () => {
    const worklist = createWorklistService({
      database: ctx.database,
      rules: async () => DEFAULT_WORK_RULES,
      now: () => ctx.clock.now(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        async (items, pageSize) => {
          await ctx.database.db.deleteFrom('tickets').execute();
          await ctx.database.db.deleteFrom('tasks').execute();
          const ids = await insertItems(ctx.database.db, items);
          const expected = items
            .map((item, i): WorkOrderFields => ({ ...item, id: ids[i]! }))
            .sort(compareWork)
            .map((item) => `${item.kind}:${item.id}`);

          const seen: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await worklist.list({ states: 'new,in_progress,closed', limit: pageSize, cursor });
            seen.push(...page.items.map((item) => `${item.kind}:${item.id}`));
            cursor = page.nextCursor ?? undefined;
          } while (cursor);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: propertyRuns(40) },
    );
  }, 120_000);
});

// A search with Закрытые and open states ticked reads the open part, then the closed part, each
// under its own plan (worklist.service readWork): paged through, the order and the rows are the
// list's, each row once, wherever a page's end falls.
describeEachDatabase('worklist order while searching across open and closed items', (ctx) => {
  // «Сначала просроченные» with a search: overdue-first.prop.test.ts.
  it('on random items, read page by page through the cursor', async () => {
    const worklist = createWorklistService({
      database: ctx.database,
      rules: async () => DEFAULT_WORK_RULES,
      now: () => ctx.clock.now(),
    });
    const readAll = async (q: string, states: string, limit: number) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await worklist.list({ q, states, limit, cursor });
        seen.push(...page.items.map((item) => `${item.kind}:${item.id}`));
        cursor = page.nextCursor ?? undefined;
      } while (cursor && ++pages < 100);
      return seen;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('ремонт', 'забрать', 'клиенту', 'пвз', 'за'),
        fc.constantFrom('new,in_progress,closed', 'new,closed', 'in_progress,closed'),
        async (items, pageSize, q, states) => {
          await ctx.database.db.deleteFrom('tickets').execute();
          await ctx.database.db.deleteFrom('tasks').execute();
          const ids = await insertItems(ctx.database.db, items);
          const shown = new Set(states.split(','));
          const expected = items
            .map((item, i): WorkOrderFields => ({ ...item, id: ids[i]! }))
            .filter((item) => shown.has(workState(item.kind, item.status)))
            .filter((item) => item.title.toLowerCase().includes(q))
            .sort(compareWork)
            .map((item) => `${item.kind}:${item.id}`);
          expect(await readAll(q, states, pageSize)).toEqual(expected);
        },
      ),
      { numRuns: propertyRuns(30) },
    );
  }, 120_000);
});
