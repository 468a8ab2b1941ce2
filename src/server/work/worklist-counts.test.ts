import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import { WORK_STATES, type WorkKind, type WorkState } from '../../domain/worklist';
import { newClientColumns } from '../clients/client-columns';
import { indexPlan } from '../db/search-index';
import { insertItems } from '../test/insert-items';
import { describeEachDatabase } from '../test/test-app';
import { countWork, drivenBy } from './worklist-counts';

const TABLES = { ticket: 'tickets', task: 'tasks' } as const;

// Issue 22, docs/decisions/027: counts stopped at the cap, walking the search index's candidates
// of each state (SQLite's way) or filtering the list's candidates by state (PostgreSQL's way).
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
});
