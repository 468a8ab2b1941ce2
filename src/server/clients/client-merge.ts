import { sql, type Kysely } from 'kysely';
import { NOT_FOUND_MESSAGES } from '../../domain/records';
import type { ClientMergeDto } from '../../domain/client-merge';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { historyFor, writeHistory } from '../history/history-writer';
import type { Actor } from '../http/actor';
import { markTrashed } from '../trash/trash-marks';
import { refreshDerived } from '../work/derived-columns';
import { findClient } from './clients.repository';

const NOT_FOUND = NOT_FOUND_MESSAGES.client;
export const MERGE_SELF = 'Выберите другого клиента: с самим собой не объединяют';
export const NOTHING_TO_UNDO = 'Отменить нечего: этот клиент ни с кем не объединён или уже восстановлен';

const ids = (raw: string): number[] =>
  (JSON.parse(raw) as unknown[]).filter(Number.isSafeInteger) as number[];

/**
 * Merging two cards of one person (issue 49, admins): the twin's tickets, tasks and history move
 * to the client kept, the twin goes to the Корзина, and the merge lists what moved. Undone while
 * the twin is in the Корзина: exactly those records move back (those given to someone since stay).
 * The moved items' versions rise, so an edit that read them before re-reads, as with a rename.
 */
export function createClientMerges({
  db,
  clock,
  events,
}: {
  db: Kysely<DB>;
  clock: Clock;
  events: EventBus;
}) {
  /** Points these tickets and tasks at `to`, with its name, and recomputes their search columns. */
  async function moveItems(
    trx: Kysely<DB>,
    items: { tickets: number[]; tasks: number[] },
    to: { id: number; name: string },
  ) {
    for (const [table, kind, list] of [
      ['tickets', 'ticket', items.tickets],
      ['tasks', 'task', items.tasks],
    ] as const) {
      if (list.length === 0) continue;
      await trx
        .updateTable(table)
        .set({ client_id: to.id, client_name: to.name, version: sql<number>`version + 1` })
        .where('id', 'in', list)
        .execute();
      for (const id of list) await refreshDerived(trx, kind, id);
    }
  }

  function announce(clientIds: number[], items: { tickets: number[]; tasks: number[] }) {
    for (const id of clientIds) events.publish({ entity: 'client', id, op: 'update' });
    for (const id of items.tickets) events.publish({ entity: 'ticket', id, op: 'update' });
    for (const id of items.tasks) events.publish({ entity: 'task', id, op: 'update' });
  }

  return {
    async merge(actor: Actor, fromId: number, intoId: number): Promise<ClientMergeDto> {
      if (fromId === intoId) throw new AppError('bad_request', MERGE_SELF);
      const now = isoNow(clock);
      const done = await db.transaction().execute(async (trx) => {
        // Both rows held, lower id first: two merges of the same pair (either way round) or of a
        // chain run one after the other, and the second sees what the first did.
        for (const id of [fromId, intoId].sort((a, b) => a - b)) {
          await trx
            .updateTable('clients')
            .set({ version: sql<number>`version` })
            .where('id', '=', id)
            .execute();
        }
        const moved = await markTrashed(trx, 'client', fromId, actor, now, true);
        const [from, into] = [await findClient(trx, fromId), await findClient(trx, intoId)];
        if (!from || !into || into.deleted_at !== null || moved === null) {
          throw new AppError('not_found', NOT_FOUND);
        }
        const [tickets, tasks, history] = await Promise.all([
          trx.selectFrom('tickets').select('id').where('client_id', '=', fromId).execute(),
          trx.selectFrom('tasks').select('id').where('client_id', '=', fromId).execute(),
          trx
            .selectFrom('history')
            .select('id')
            .where('item_kind', '=', 'client')
            .where('item_id', '=', fromId)
            .where('action', '<>', 'trash')
            .execute(),
        ]);
        const items = { tickets: tickets.map((r) => r.id), tasks: tasks.map((r) => r.id) };
        await moveItems(trx, items, { id: intoId, name: into.full_name });
        const historyIds = history.map((r) => r.id);
        if (historyIds.length > 0) {
          await trx.updateTable('history').set({ item_id: intoId }).where('id', 'in', historyIds).execute();
        }
        const merge = await trx
          .insertInto('client_merges')
          .values({
            from_id: fromId,
            into_id: intoId,
            merged_at: now,
            merged_by: actor.id,
            ticket_ids: JSON.stringify(items.tickets),
            task_ids: JSON.stringify(items.tasks),
            history_ids: JSON.stringify(historyIds),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeHistory(trx, [
          historyFor('client', intoId, actor, now)({ action: 'merge_in', note: from.full_name }),
          historyFor('client', fromId, actor, now)({ action: 'merged_into', note: into.full_name }),
        ]);
        return { id: merge.id, items };
      });
      announce([fromId, intoId], done.items);
      events.publish({ entity: 'client', id: fromId, op: 'delete' });
      return {
        mergeId: done.id,
        fromId,
        intoId,
        tickets: done.items.tickets.length,
        tasks: done.items.tasks.length,
      };
    },

    /** The twin's latest merge, while the twin is still in the Корзина. */
    async undo(actor: Actor, fromId: number): Promise<ClientMergeDto> {
      const now = isoNow(clock);
      const done = await db.transaction().execute(async (trx) => {
        const from = await findClient(trx, fromId);
        if (!from) throw new AppError('not_found', NOT_FOUND);
        const merge = await trx
          .selectFrom('client_merges')
          .selectAll()
          .where('from_id', '=', fromId)
          .where('undone_at', 'is', null)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        // Restoring it takes its row first: of two undos at once, one restores, one finds nothing.
        const restored = merge ? await markTrashed(trx, 'client', fromId, actor, now, false) : null;
        if (!merge || restored === null) throw new AppError('conflict', NOTHING_TO_UNDO);
        const into = await findClient(trx, merge.into_id);
        // Only what the merge moved and still sits with the kept client goes back.
        const still = async (table: 'tickets' | 'tasks', list: number[]) =>
          list.length === 0
            ? []
            : (
                await trx
                  .selectFrom(table)
                  .select('id')
                  .where('id', 'in', list)
                  .where('client_id', '=', merge.into_id)
                  .execute()
              ).map((r) => r.id);
        const items = {
          tickets: await still('tickets', ids(merge.ticket_ids)),
          tasks: await still('tasks', ids(merge.task_ids)),
        };
        await moveItems(trx, items, { id: fromId, name: from.full_name });
        const historyIds = ids(merge.history_ids);
        if (historyIds.length > 0) {
          await trx
            .updateTable('history')
            .set({ item_id: fromId })
            .where('id', 'in', historyIds)
            .where('item_kind', '=', 'client')
            .execute();
        }
        await trx.updateTable('client_merges').set({ undone_at: now }).where('id', '=', merge.id).execute();
        await writeHistory(trx, [
          historyFor('client', fromId, actor, now)({ action: 'unmerge', note: into?.full_name ?? '' }),
          ...(into
            ? [historyFor('client', into.id, actor, now)({ action: 'unmerge', note: from.full_name })]
            : []),
        ]);
        return { id: merge.id, intoId: merge.into_id, items };
      });
      announce([fromId, done.intoId], done.items);
      events.publish({ entity: 'client', id: fromId, op: 'create' });
      return {
        mergeId: done.id,
        fromId,
        intoId: done.intoId,
        tickets: done.items.tickets.length,
        tasks: done.items.tasks.length,
      };
    },

    /** The merge a client in the Корзина can still undo, if any (its card offers «Отменить»). */
    async openMergeOf(fromId: number): Promise<{ intoId: number; intoName: string } | null> {
      const row = await db
        .selectFrom('client_merges')
        .innerJoin('clients', 'clients.id', 'client_merges.into_id')
        .select(['client_merges.into_id', 'clients.full_name'])
        .where('client_merges.from_id', '=', fromId)
        .where('client_merges.undone_at', 'is', null)
        .orderBy('client_merges.id', 'desc')
        .executeTakeFirst();
      return row ? { intoId: row.into_id, intoName: row.full_name } : null;
    },
  };
}

export type ClientMerges = ReturnType<typeof createClientMerges>;
