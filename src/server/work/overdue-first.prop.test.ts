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
const TITLES = ['Гарантийный ремонт', 'Забрать плату'];
const day = fc.integer({ min: 1, max: 4 }).map((d) => `2026-12-0${d}`);
const instant = fc
  .integer({ min: 0, max: 3 })
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

// Issue 20, «Сначала просроченные»: for random items, states and page sizes, paging through the
// list gives exactly the overdue items (oldest due first) and then the rest in the spec's order,
// searched or not.
describeEachDatabase('overdue-first paging', (ctx) => {
  it('pages through exactly the reference order, for any items, states and page size', async () => {
    // today in Moscow: 2026-12-03
    const worklist = createWorklistService({
      database: ctx.database,
      rules: async () => DEFAULT_WORK_RULES,
      now: () => new Date('2026-12-03T09:00:00Z'),
    });
    const today = '2026-12-03';
    await fc.assert(
      fc.asyncProperty(
        fc.array(itemArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('new,in_progress,closed', 'new,in_progress', 'closed', 'in_progress'),
        // Searched too: with Закрытые and open states the rest is read in two parts (readWork).
        fc.constantFrom(undefined, 'ремонт', 'забрать', 'ат'),
        async (items, pageSize, states, q) => {
          await ctx.database.db.deleteFrom('tickets').execute();
          await ctx.database.db.deleteFrom('tasks').execute();
          const ids = await insertItems(ctx.database.db, items);
          const all = items
            .map((item, i): WorkOrderFields => ({ ...item, id: ids[i]! }))
            .filter((it) => states.split(',').includes(workState(it.kind, it.status)))
            .filter((it) => q === undefined || it.title.toLowerCase().includes(q));
          const isOver = (it: WorkOrderFields) =>
            workState(it.kind, it.status) !== 'closed' && it.dueDate !== null && it.dueDate < today;
          const over = all
            .filter(isOver)
            .sort((a, b) =>
              a.dueDate! < b.dueDate!
                ? -1
                : a.dueDate! > b.dueDate!
                  ? 1
                  : Date.parse(a.createdAt) - Date.parse(b.createdAt) ||
                    (a.kind === b.kind ? 0 : a.kind === 'ticket' ? -1 : 1) ||
                    a.id - b.id,
            );
          const rest = all.filter((x) => !isOver(x)).sort(compareWork);
          const expected = [...over, ...rest].map((i) => `${i.kind}:${i.id}`);
          const seen: string[] = [];
          let cursor: string | undefined;
          let guard = 0;
          do {
            const page = await worklist.list({ states, order: 'overdue', limit: pageSize, cursor, q });
            seen.push(...page.items.map((item) => `${item.kind}:${item.id}`));
            cursor = page.nextCursor ?? undefined;
          } while (cursor && guard++ < 100);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: propertyRuns(40), seed: 20261123 },
    );
  }, 120_000);
});
