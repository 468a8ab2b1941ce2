import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { parseSearchQuery } from '../../domain/search-text';
import type { WorkKind } from '../../domain/worklist';
import { insertItems, type RawItem } from '../test/insert-items';
import { apiCaller, describeEachDatabase, type SignedIn } from '../test/test-app';
import { foldCounts } from '../db/fold-work-counts';
import { FOLD_AFTER, readKeptCounts, type KeptFilter } from './kept-counts';
import { countWork } from './worklist-counts';

/** A small deterministic generator (mulberry32): the same operations on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TICKET_STATUSES = ['new', 'delivery_requested', 'in_repair', 'closed'] as const;
const KINDS: WorkKind[] = ['ticket', 'task'];
const PATH = { ticket: 'tickets', task: 'tasks' } as const;

describeEachDatabase('the counts the database keeps', (ctx) => {
  let admin: SignedIn;
  let staff: SignedIn[];
  const call = apiCaller(ctx, () => admin);

  beforeAll(async () => {
    admin = await ctx.loginAs('admin');
    staff = [await ctx.loginAs('employee'), await ctx.loginAs('employee')];
  });

  /** What the counts must equal: the rows counted, as the worklist counted them before. */
  const recount = (filter: KeptFilter) =>
    countWork(ctx.database.db, { ...filter, search: parseSearchQuery('') });

  const filters = (): KeptFilter[] => [
    { kinds: KINDS },
    { kinds: ['ticket'] },
    { kinds: ['task'] },
    { kinds: KINDS, assignee: 'none' },
    ...[admin, ...staff].map((who) => ({ kinds: KINDS, assignee: who.user.id })),
    ...TICKET_STATUSES.map((status) => ({ kinds: ['ticket'] as WorkKind[], ticketStatus: status })),
  ];

  it('equal a recount after many steps, edits, deletes, restores and purges at once', async () => {
    const people = [null, admin, ...staff];
    const next = random(47);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const items: RawItem[] = Array.from({ length: 60 }, (_, i) => {
      const kind: WorkKind = i % 2 ? 'task' : 'ticket';
      const status = kind === 'task' ? pick(['new', 'in_progress', 'closed']) : pick(TICKET_STATUSES);
      const who = pick(people);
      return {
        kind,
        status,
        title: `Гонка ${i}`,
        dueDate: null,
        createdAt: '2026-11-01T09:00:00.000Z',
        closedAt: status === 'closed' ? '2026-11-02T09:00:00.000Z' : null,
        assigneeId: who?.user.id ?? null,
        assigneeName: who?.user.displayName ?? '',
      };
    });
    const ids = await insertItems(ctx.database.db, items);
    const known = ids.map((id, i) => ({ kind: items[i]!.kind, id }));

    const current = async (kind: WorkKind, id: number) =>
      ctx.database.db
        .selectFrom(PATH[kind])
        .select(['status', 'version'])
        .where('id', '=', id)
        .executeTakeFirst();
    const operation = async () => {
      const { kind, id } = pick(known);
      const url = `/api/${PATH[kind]}/${id}`;
      const row = await current(kind, id);
      switch (pick(['step', 'status', 'assign', 'delete', 'restore', 'purge', 'create', 'fold'] as const)) {
        case 'step':
          if (kind === 'ticket' && row) {
            return call('POST', `${url}/step`, {
              direction: pick(['forward', 'back']),
              expectedStatus: row.status,
            });
          }
          return undefined;
        case 'status':
          if (kind === 'task' && row) {
            return call('PATCH', url, {
              status: pick(['new', 'in_progress', 'closed']),
              version: row.version,
            });
          }
          return undefined;
        case 'assign':
          return (
            row && call('PATCH', url, { assigneeId: pick(people)?.user.id ?? null, version: row.version })
          );
        case 'delete':
          return call('DELETE', url, undefined, pick(staff));
        case 'restore':
          return call('POST', `/api/trash/${kind}/${id}/restore`);
        case 'purge':
          return call('DELETE', `/api/trash/${kind}/${id}`);
        case 'create': {
          const created = await call('POST', `/api/${PATH[kind]}`, {
            title: 'Новая в гонке',
            assigneeId: pick(people)?.user.id ?? null,
          });
          if (created.statusCode === 201) known.push({ kind, id: created.json()[kind].id });
          return created;
        }
        case 'fold':
          return foldCounts(ctx.database);
      }
    };
    const statuses = new Set<number>();
    for (let round = 0; round < 25; round += 1) {
      const answers = await Promise.all(Array.from({ length: 12 }, operation));
      for (const answer of answers) if (answer) statuses.add(answer.statusCode);
    }
    expect([...statuses].filter((status) => status >= 500)).toEqual([]);
    // Many kinds of write happened, not only refusals.
    expect(statuses).toContain(200);
    expect(statuses).toContain(204);

    for (const filter of filters()) {
      expect(await readKeptCounts(ctx.database, filter), JSON.stringify(filter)).toEqual(
        await recount(filter),
      );
    }
    await foldCounts(ctx.database);
    const left = await ctx.database.db.selectFrom('work_count_changes').select('id').execute();
    expect(left).toEqual([]);
    for (const filter of filters()) {
      expect(await readKeptCounts(ctx.database, filter), JSON.stringify(filter)).toEqual(
        await recount(filter),
      );
    }
  });

  it('folds the changes once a read sums more than FOLD_AFTER of them, and counts the same after', async () => {
    await foldCounts(ctx.database);
    const before = await readKeptCounts(ctx.database, { kinds: KINDS });
    await insertItems(
      ctx.database.db,
      Array.from({ length: FOLD_AFTER }, (_, i) => ({
        kind: 'task' as const,
        status: 'in_progress',
        title: `Пачка ${i}`,
        dueDate: null,
        createdAt: '2026-11-01T09:00:00.000Z',
        closedAt: null,
      })),
    );
    const changes = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from work_count_changes`.execute(ctx.database.db))
          .rows[0]?.n,
      );
    expect(await changes()).toBeGreaterThan(FOLD_AFTER);
    const after = await readKeptCounts(ctx.database, { kinds: KINDS });
    expect(after).toEqual({ ...before, in_progress: before.in_progress + FOLD_AFTER });
    expect(await changes()).toBe(0);
    expect(await readKeptCounts(ctx.database, { kinds: KINDS })).toEqual(after);
    expect(after).toEqual(await recount({ kinds: KINDS }));
  });
});
