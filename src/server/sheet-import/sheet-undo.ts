import type { Kysely } from 'kysely';
import { ticketNumber } from '../../domain/ticket-number';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { Actor } from '../http/actor';

const IN_LIST = 900;

function chunks<T>(values: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < values.length; start += IN_LIST) out.push(values.slice(start, start + IN_LIST));
  return out;
}

const named = (ids: number[]) =>
  [...ids]
    .sort((a, b) => a - b)
    .slice(0, 5)
    .map((id) => ticketNumber(id))
    .join(', ') + (ids.length > 5 ? ` и ещё ${ids.length - 5}` : '');

/**
 * Undoes a batch in the caller's transaction: its repairs (their lines, payments, history,
 * comments) and the clients it made, all or nothing. Refused, with what stands in the way, when
 * anyone has changed one of them since (its version moved, it went to the Корзина), or a client it
 * made has since been given another repair or a task.
 */
export async function undoBatch(trx: Kysely<DB>, batchId: number, actor: Actor, now: string): Promise<void> {
  // Held first: a second undo of the same batch waits here, then finds it undone.
  const held = await trx
    .updateTable('import_batches')
    .set((eb) => ({ rows_done: eb.ref('rows_done') }))
    .where('id', '=', batchId)
    .where('state', '<>', 'undone')
    .returning('id')
    .executeTakeFirst();
  if (!held) throw new AppError('conflict', 'Эта загрузка уже отменена');
  const items = await trx
    .selectFrom('import_batch_items')
    .select(['kind', 'record_id', 'version'])
    .where('batch_id', '=', batchId)
    .execute();
  const ticketItems = items.filter((item) => item.kind === 'ticket');
  const clientItems = items.filter((item) => item.kind === 'client');
  const ticketIds = ticketItems.map((item) => item.record_id);
  const clientIds = clientItems.map((item) => item.record_id);

  const changed: number[] = [];
  for (const part of chunks(ticketItems)) {
    const rows = await trx
      .selectFrom('tickets')
      .select(['id', 'version', 'deleted_at'])
      .where(
        'id',
        'in',
        part.map((item) => item.record_id),
      )
      .execute();
    const versions = new Map(part.map((item) => [item.record_id, item.version]));
    for (const row of rows)
      if (row.version !== versions.get(row.id) || row.deleted_at !== null) changed.push(row.id);
  }
  // A payment, a line, a file, an estimate, a message each write a history row without raising the
  // version; a comment is its own stream. Any of them on a repair means someone worked on it.
  for (const ids of chunks(ticketIds)) {
    const [worked, talked] = await Promise.all([
      trx
        .selectFrom('history')
        .select('item_id')
        .where('item_kind', '=', 'ticket')
        .where('item_id', 'in', ids)
        .where('action', '<>', 'create')
        .execute(),
      trx
        .selectFrom('comments')
        .select('item_id')
        .where('item_kind', '=', 'ticket')
        .where('item_id', 'in', ids)
        .execute(),
    ]);
    for (const row of [...worked, ...talked]) if (!changed.includes(row.item_id)) changed.push(row.item_id);
  }
  if (changed.length > 0) {
    throw new AppError(
      'conflict',
      `После загрузки изменили ${changed.length === 1 ? 'заявку' : 'заявки'} ${named(changed)}: загрузку уже нельзя отменить целиком`,
    );
  }
  const batchTickets = new Set(ticketIds);
  for (const part of chunks(clientItems)) {
    const ids = part.map((item) => item.record_id);
    const versions = new Map(part.map((item) => [item.record_id, item.version]));
    const clients = await trx
      .selectFrom('clients')
      .select(['id', 'version', 'deleted_at', 'full_name'])
      .where('id', 'in', ids)
      .execute();
    const touched = clients.find((c) => c.version !== versions.get(c.id) || c.deleted_at !== null);
    if (touched) {
      throw new AppError(
        'conflict',
        `После загрузки изменили клиента «${touched.full_name}»: загрузку уже нельзя отменить целиком`,
      );
    }
    const [otherTicket, task] = await Promise.all([
      trx.selectFrom('tickets').select(['id', 'client_name']).where('client_id', 'in', ids).execute(),
      trx
        .selectFrom('tasks')
        .select(['id', 'client_name'])
        .where('client_id', 'in', ids)
        .limit(1)
        .executeTakeFirst(),
    ]);
    const later = otherTicket.find((t) => !batchTickets.has(t.id));
    if (later) {
      throw new AppError(
        'conflict',
        `У клиента «${later.client_name}» после загрузки появилась заявка ${ticketNumber(later.id)}: загрузку уже нельзя отменить целиком`,
      );
    }
    if (task) {
      throw new AppError(
        'conflict',
        `У клиента «${task.client_name}» после загрузки появилась задача: загрузку уже нельзя отменить целиком`,
      );
    }
  }

  for (const ids of chunks(ticketIds)) {
    // Other requests get a turn between chunks (SQLite's deletes run on this thread).
    await new Promise((resolve) => setImmediate(resolve));
    await trx.deleteFrom('payments').where('ticket_id', 'in', ids).execute();
    await trx.deleteFrom('history').where('item_kind', '=', 'ticket').where('item_id', 'in', ids).execute();
    await trx.deleteFrom('comments').where('item_kind', '=', 'ticket').where('item_id', 'in', ids).execute();
    // Lines, stage spans, files' rows and messages go with their ticket.
    await trx.deleteFrom('tickets').where('id', 'in', ids).execute();
  }
  for (const ids of chunks(clientIds)) {
    await trx.deleteFrom('history').where('item_kind', '=', 'client').where('item_id', 'in', ids).execute();
    await trx.deleteFrom('clients').where('id', 'in', ids).execute();
  }
  await trx.deleteFrom('import_batch_items').where('batch_id', '=', batchId).execute();
  await trx
    .updateTable('import_batches')
    .set({ state: 'undone', undone_at: now, undone_by_name: actor.displayName })
    .where('id', '=', batchId)
    .execute();
}
