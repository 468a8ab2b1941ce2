import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { isSearching, parseSearchQuery } from '../../domain/search-text';
import { WORK_STATES, type WorkState } from '../../domain/worklist';
import { listClients } from '../clients/clients.repository';
import { newClientColumns } from '../clients/client-columns';
import { listTasks } from '../tasks/tasks.repository';
import { describeEachDatabase } from '../test/test-app';
import { insertItems, type RawItem } from '../test/insert-items';
import { listTickets } from '../tickets/tickets.repository';
import { refreshDerived, syncClientItems, itemsOfClient } from '../work/derived-columns';
import { countWork } from '../work/worklist-counts';
import { listWork } from '../work/worklist.repository';
import { planSearch, readCandidates, withRoad, type SearchPlan } from './plan';
import type { SearchedList } from './searched-lists';
import { propertyRuns } from '../test/property-runs';

// A small alphabet, so that short and long queries alike find something, and ё, upper case,
// a space, % and _ (taken literally), quotes (FTS5's own syntax) and a letter outside Cyrillic.
const ALPHABET = ['а', 'б', 'ё', 'Е', 'к', 'о', ' ', '%', '_', '"', 'z', '7', '9'];
const word = fc
  .array(fc.constantFrom(...ALPHABET), { minLength: 0, maxLength: 8 })
  .map((chars) => chars.join(''));
const phone = fc
  .array(fc.constantFrom('7', '8', '9', '1', '2'), { minLength: 0, maxLength: 11 })
  .map((digits) => digits.join(''));
const instant = fc
  .integer({ min: 0, max: 50 })
  .map((m) => new Date(Date.UTC(2026, 10, 1, 9, m)).toISOString());

const itemArb = fc.record({
  kind: fc.constantFrom<'ticket' | 'task'>('ticket', 'task'),
  status: fc.constantFrom('new', 'in_progress', 'closed'),
  title: word,
  assigneeName: word,
  client: fc.nat(5),
  createdAt: instant,
});

/** Queries as people type them: pieces of what is stored, stray letters, phones in any format, numbers. */
const queryArb = (stored: string[], phones: string[]) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...stored), fc.nat(), fc.integer({ min: 1, max: 6 }))
      .map(([text, from, length]) => text.slice(from % Math.max(text.length, 1)).slice(0, length)),
    word,
    phone.map((digits) => digits.replace(/^(\d)(\d{3})/, '+$1 ($2) ')),
    phone,
    fc.nat(80).map((n) => `№${n}`),
    fc.nat(80).map((n) => `#${n}`),
    // A stored number's start, typed with the other trunk prefix or none (8912… for +7 912…).
    fc
      .tuple(fc.constantFrom(...phones), fc.constantFrom('7', '8', ''), fc.integer({ min: 3, max: 10 }))
      .map(([text, prefix, length]) => `${prefix}${text.replace(/^[78]/, '').slice(0, length)}`),
  );

const STATE_CHOICES: WorkState[][] = [
  ['new', 'in_progress', 'closed'],
  ['new', 'in_progress'],
  ['closed'],
  ['in_progress'],
];

const ids = (rows: { id: number }[]) => rows.map((row) => Number(row.id));
/** The plain scan every road is compared with: the rule on every row. */
const scan = (plan: SearchPlan) => withRoad(plan, { use: 'scan' });

// The indexed search (trigrams, pieces, candidate ids, a walk then the index) finds exactly what
// the plain scan finds — the rule of src/domain/search-text.ts — in every list, after inserts,
// edits and deletes have gone through the index's upkeep.
describeEachDatabase('search through the index', (ctx) => {
  it('finds what a plain scan finds, for any data and query', async () => {
    const db = ctx.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(word, phone), { minLength: 6, maxLength: 6 }),
        fc.array(itemArb, { minLength: 1, maxLength: 25 }),
        fc.array(fc.tuple(fc.nat(5), word, phone), { maxLength: 2 }),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 3 }),
        async (clientSpecs, items, clientEdits, queryPick, deletions) => {
          await db.deleteFrom('tickets').execute();
          await db.deleteFrom('tasks').execute();
          await db.deleteFrom('clients').execute();
          const clientIds: number[] = [];
          for (const [fullName, clientPhone] of clientSpecs) {
            const row = await db
              .insertInto('clients')
              .values({
                ...newClientColumns({ fullName, phone: clientPhone }),
                created_by: null,
                created_at: '2026-11-01T09:00:00.000Z',
                updated_at: '2026-11-01T09:00:00.000Z',
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            clientIds.push(row.id);
          }
          const raw: RawItem[] = items.map((item) => ({
            kind: item.kind,
            status: item.status,
            title: item.title,
            dueDate: null,
            createdAt: item.createdAt,
            closedAt: item.status === 'closed' ? item.createdAt : null,
            assigneeName: item.assigneeName,
            clientId: clientIds[item.client],
            clientName: clientSpecs[item.client]![0],
          }));
          const itemIds = await insertItems(db, raw);
          // Edits: a client renamed and renumbered (its items' search columns follow), items deleted.
          for (const [index, fullName, clientPhone] of clientEdits) {
            const id = clientIds[index]!;
            await db
              .updateTable('clients')
              .set(newClientColumns({ fullName, phone: clientPhone }))
              .where('id', '=', id)
              .execute();
            await syncClientItems(db, await itemsOfClient(db, id), fullName);
          }
          // Deleted for good, or moved to the Корзина (out of every state).
          for (const pick of deletions) {
            const index = pick % raw.length;
            const table = raw[index]!.kind === 'ticket' ? 'tickets' : 'tasks';
            if (pick % 2) await db.deleteFrom(table).where('id', '=', itemIds[index]!).execute();
            else {
              await db
                .updateTable(table)
                .set({ deleted_at: '2026-11-02T09:00:00.000Z' })
                .where('id', '=', itemIds[index]!)
                .execute();
            }
          }
          for (const [i, item] of raw.entries()) await refreshDerived(db, item.kind, itemIds[i]!);

          const stored = [
            ...clientSpecs.flatMap(([name, digits]) => [name, digits]),
            ...items.map((item) => item.title),
          ].filter((text) => text.length > 0);
          const phones = clientSpecs.map(([, digits]) => digits).filter((digits) => digits.length > 3);
          const raws = fc.sample(
            queryArb(stored.length ? stored : ['а'], phones.length ? phones : ['79123']),
            {
              numRuns: 8,
              seed: queryPick,
            },
          );
          for (const q of raws) {
            const search = parseSearchQuery(q);
            const tables = { ticket: 'tickets', task: 'tasks' } as const;
            // Every way a list may answer: as planned, from the index alone, and a walk cut short
            // after two rows of the list (then the index), each against the plain scan.
            const states = STATE_CHOICES[queryPick % STATE_CHOICES.length]!;
            type Shape = (list: SearchedList, among?: readonly WorkState[]) => Promise<SearchPlan>;
            const planned = async (list: SearchedList, among?: readonly WorkState[]) =>
              planSearch(ctx.database, list, search, among);
            /** Short walks: the candidates' ids, the index and the counts' index are read too. */
            const short = (plan: SearchPlan): SearchPlan => ({
              ...plan,
              walkRows: { head: 2, further: 3, count: 2 },
            });
            const shapes: Record<string, Shape> = {
              planned,
              'planned, short walks': async (list, among) => short(await planned(list, among)),
              index: async (list, among) => withRoad(await planned(list, among), { use: 'index' }),
              'common, short walk': async (list, among) =>
                short(withRoad(await planned(list, among), { use: 'walk' })),
            };
            // Planned lists read positions first; the plain scan reads whole rows (both ways a
            // page is read, on both databases).
            const work = (
              searchPlans: { ticket: SearchPlan; task: SearchPlan },
              positionsFirst: boolean,
              limit = 1000,
            ) =>
              listWork(
                db,
                { kinds: ['ticket', 'task'], states: [...states], search, searchPlans },
                undefined,
                limit,
                { positionsFirst },
              ).then((rows) => rows.map((row) => `${row.kind}:${row.id}`));
            const reference = {
              ticket: scan(await planned(tables.ticket, states)),
              task: scan(await planned(tables.task, states)),
            };
            for (const [shape, plan] of Object.entries(shapes)) {
              const label = `${shape}: ${q}`;
              const plans = {
                ticket: await plan(tables.ticket, states),
                task: await plan(tables.task, states),
              };
              expect(await work(plans, true), label).toEqual(await work(reference, false));
              expect(await work(plans, true, 3), label).toEqual(await work(reference, false, 3));
              const tickets = await plan('tickets', WORK_STATES);
              expect(ids(await listTickets(db, { searchPlan: tickets }, undefined, 2)), label).toEqual(
                ids(await listTickets(db, { searchPlan: scan(tickets) }, undefined, 2)),
              );
              const tasks = await plan('tasks', WORK_STATES);
              expect(ids(await listTasks(db, { searchPlan: tasks }, undefined, 1000)), label).toEqual(
                ids(await listTasks(db, { searchPlan: scan(tasks) }, undefined, 1000)),
              );
              if (shape === 'planned, short walks') {
                // The counts beside the states, a common query's stopped at a cap, against the
                // plain scan's full count.
                const ticketPlan = await plan(tables.ticket, WORK_STATES);
                const plain = await countWork(db, {
                  kinds: ['ticket', 'task'],
                  search,
                  searchPlans: { ticket: scan(ticketPlan), task: scan(tasks) },
                });
                // Only while searching: without a search every count is exact.
                for (const cap of isSearching(search) ? [1, 3] : []) {
                  // Counted up to the cap (by the short walks or by the index), or exactly (few
                  // candidates, a number alone); and in full.
                  const searchPlans = { ticket: ticketPlan, task: tasks };
                  const counted = await countWork(
                    db,
                    { kinds: ['ticket', 'task'], search, searchPlans },
                    { cap },
                  );
                  for (const state of WORK_STATES) {
                    const exact = plain[state];
                    const allowed = exact > cap ? [exact, cap + 1] : [exact];
                    expect(allowed, `${label}: ${state} up to ${cap}`).toContain(counted[state]);
                  }
                  expect(
                    await countWork(db, { kinds: ['ticket', 'task'], search, searchPlans }),
                    label,
                  ).toEqual(plain);
                }
              }
              const clients = await plan('clients');
              expect(ids(await listClients(db, clients, undefined, 2)), label).toEqual(
                ids(await listClients(db, scan(clients), undefined, 2)),
              );
            }
          }
        },
      ),
      { numRuns: propertyRuns(25), seed: 20261125 },
    );
  }, 180_000);

  it('leaves nothing behind in the index when rows go, and indexes rows written by plain SQL', async () => {
    const db = ctx.database.db;
    const [id] = await insertItems(db, [
      {
        kind: 'task',
        status: 'new',
        title: 'Щётка',
        dueDate: null,
        createdAt: '2026-11-01T09:00:00.000Z',
        closedAt: null,
      },
    ]);
    const named = (q: string) => readCandidates(planSearch(ctx.database, 'tasks', parseSearchQuery(q)));
    expect(await named('щет')).toEqual([id]);
    await sql`update tasks set search_text = 'другое' where id = ${id}`.execute(db);
    expect(await named('щет')).toEqual([]);
    await db.deleteFrom('tasks').where('id', '=', id!).execute();
    expect(await named('др')).toEqual([]);
  });
});
