import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { ImportRow } from '../../domain/crm-import';
import { deviceKey } from '../../domain/device-key';
import type { PaymentMethod } from '../../domain/money';
import { zonedInstant } from '../../domain/reminders';
import type { SheetMoment } from '../../domain/sheet-values';
import { newClientColumns } from '../clients/client-columns';
import type { Database } from '../db/database';
import { reserveIds } from '../db/reserve-ids';
import type { DB } from '../db/schema';
import type { HistoryInsert } from '../history/history.repository';
import type { Actor } from '../http/actor';
import { newStatusToken } from '../status-page/status-token';
import { derivedColumns } from '../work/derived-columns';

/** What one batch writes with: its type, how its payments were taken, the shop's time zone. */
export interface SheetBatch {
  id: number;
  fileName: string;
  ticketType: { name: string; warrantyDays: number };
  payMethod: PaymentMethod;
  timeZone: string;
  actor: Actor;
  /** When the import ran: for a row without a date of its own. */
  now: string;
}

/**
 * The key of a row's repair: its number in the old system when the file has one, else a digest
 * of what the row says. The same row imported again has the same key, and is skipped.
 */
export function rowKey(row: ImportRow): string {
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase('ru');
  if (row.number !== '') return `n:${plain(row.number)}`;
  // Without a number: who, when and what — not what may change in a later export (status, sums).
  const identity = [
    row.client.phoneKey || plain(row.client.name),
    row.createdAt?.date ?? '',
    plain(row.device),
    plain(row.serial),
    plain(row.complaint),
  ];
  return `h:${createHash('sha256').update(JSON.stringify(identity)).digest('base64url').slice(0, 32)}`;
}

const instant = (moment: SheetMoment | null, batch: SheetBatch) =>
  moment ? zonedInstant(moment.date, moment.time ?? '00:00', batch.timeZone) : null;

const ROWS_PER_INSERT = 400;

async function insertChunks<
  T extends 'clients' | 'tickets' | 'history' | 'ticket_lines' | 'payments' | 'import_batch_items',
>(trx: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // Kysely's values() cannot name one table's rows through the generic T.
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}

export interface ChunkOutcome {
  ticketsCreated: number;
  clientsCreated: number;
  /** Rows whose repair an earlier import brought in already. */
  skipped: number;
}

/**
 * One chunk of a batch's rows, in the caller's transaction: the clients it needs (found by phone
 * among the shop's clients, or new), each repair with its money and first history row, and the
 * batch's record of what it made (for undo).
 */
export async function writeSheetChunk(
  trx: Kysely<DB>,
  dialect: Database['dialect'],
  batch: SheetBatch,
  chunk: ImportRow[],
): Promise<ChunkOutcome> {
  const keyed = chunk.map((row) => ({ row, key: rowKey(row) }));
  const seen = new Set(
    (
      await trx
        .selectFrom('import_batch_items')
        .select('row_key')
        .where(
          'row_key',
          'in',
          keyed.map((k) => k.key),
        )
        .execute()
    ).map((item) => item.row_key),
  );
  // A key twice in one file: the first row stands for it.
  const fresh: typeof keyed = [];
  for (const entry of keyed) {
    if (seen.has(entry.key)) continue;
    seen.add(entry.key);
    fresh.push(entry);
  }
  if (fresh.length === 0) return { ticketsCreated: 0, clientsCreated: 0, skipped: chunk.length };

  // Clients: by phone among the shop's (out of the Корзина), else new, one per phone.
  const phoneKeys = [...new Set(fresh.map(({ row }) => row.client.phoneKey).filter((key) => key !== ''))];
  const known = new Map<string, { id: number; name: string; phone: string }>();
  for (let start = 0; start < phoneKeys.length; start += ROWS_PER_INSERT) {
    const found = await trx
      .selectFrom('clients')
      .select(['id', 'full_name', 'phone', 'phone_key'])
      .where('phone_key', 'in', phoneKeys.slice(start, start + ROWS_PER_INSERT))
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    for (const client of found) {
      if (!known.has(client.phone_key))
        known.set(client.phone_key, { id: client.id, name: client.full_name, phone: client.phone });
    }
  }
  const newClients: ImportRow['client'][] = [];
  const clientOf = new Map<ImportRow, number>();
  const pendingByPhone = new Map<string, number>();
  for (const { row } of fresh) {
    const key = row.client.phoneKey;
    if (key !== '' && known.has(key)) continue;
    if (key !== '' && pendingByPhone.has(key)) continue;
    if (key !== '') pendingByPhone.set(key, newClients.length);
    newClients.push(row.client);
  }
  const clientIds = await reserveIds(trx, dialect, 'clients', newClients.length);
  await insertChunks(
    trx,
    'clients',
    newClients.map((client, i) => ({
      id: clientIds[i]!,
      ...newClientColumns({ fullName: client.name, phone: client.phone, email: client.email }),
      whatsapp_url: null,
      created_by: batch.actor.id,
      created_at: batch.now,
      updated_at: batch.now,
      deleted_at: null,
      deleted_by: null,
    })),
  );
  const created = newClients.map((client, i) => ({
    id: clientIds[i]!,
    name: client.name,
    phone: client.phone,
  }));
  let nextUnphoned = 0;
  const unphoned = created.filter((_, i) => newClients[i]!.phoneKey === '');
  for (const { row } of fresh) {
    const key = row.client.phoneKey;
    if (key !== '' && known.has(key)) clientOf.set(row, known.get(key)!.id);
    else if (key !== '') clientOf.set(row, created[pendingByPhone.get(key)!]!.id);
    else clientOf.set(row, unphoned[nextUnphoned++]!.id);
  }
  const clientById = new Map([...known.values(), ...created].map((c) => [c.id, c]));

  // Repairs, with their money and their first history row.
  const ticketIds = await reserveIds(trx, dialect, 'tickets', fresh.length);
  const history: HistoryInsert[] = created.map((client) => ({
    item_kind: 'client',
    item_id: client.id,
    ts: batch.now,
    user_id: batch.actor.id,
    user_name: batch.actor.displayName,
    action: 'create',
    note: client.name,
    old_value: null,
    new_value: null,
    new_status: null,
    file_id: null,
  }));
  const lines: Insertable<DB['ticket_lines']>[] = [];
  const payments: Insertable<DB['payments']>[] = [];
  const tickets = fresh.map(({ row }, i) => {
    const id = ticketIds[i]!;
    const client = clientById.get(clientOf.get(row)!)!;
    // Without an intake date, the repair came in when it was given back (or, with neither, today).
    const createdAt = instant(row.createdAt, batch) ?? instant(row.closedAt, batch) ?? batch.now;
    const closedAt = row.status === 'closed' ? (instant(row.closedAt, batch) ?? createdAt) : null;
    const description = [
      row.number !== '' ? `Номер в прежней системе: ${row.number}` : '',
      row.comment,
      row.note,
    ]
      .filter((part) => part !== '')
      .join('\n');
    history.push({
      item_kind: 'ticket',
      item_id: id,
      ts: createdAt,
      user_id: batch.actor.id,
      user_name: batch.actor.displayName,
      action: 'create',
      note: `Импорт из «${batch.fileName}», строка ${row.line}`,
      old_value: null,
      new_value: null,
      new_status: row.status,
      file_id: null,
    });
    if (row.total > 0) {
      lines.push({
        ticket_id: id,
        kind: 'work',
        name: 'Ремонт (из прежней системы)',
        service_id: null,
        quantity: 1,
        price: row.total,
        warranty_days: null,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    if (row.paid > 0) {
      payments.push({
        ticket_id: id,
        kind: 'payment',
        method: batch.payMethod,
        amount: row.paid,
        note: `Из прежней системы («${batch.fileName}»)`,
        user_id: batch.actor.id,
        user_name: batch.actor.displayName,
        created_at: closedAt ?? createdAt,
        shift_id: null,
      });
    }
    return {
      id,
      title: batch.ticketType.name,
      description,
      repair_summary: '',
      due_date: null,
      status: row.status,
      assignee_id: null,
      assignee_name: '',
      client_id: client.id,
      client_name: client.name,
      delivery_provider: null,
      return_provider: null,
      created_by: batch.actor.id,
      created_by_name: batch.actor.displayName,
      created_at: createdAt,
      updated_at: batch.now,
      closed_at: closedAt,
      deleted_at: null,
      deleted_by: null,
      device: row.device,
      serial_number: row.serial,
      serial_key: deviceKey(row.serial),
      complaint: row.complaint,
      intake: 'walk_in',
      status_token: newStatusToken(),
      telegram_token: null,
      status_since: closedAt ?? createdAt,
      closed_from: null,
      closed_papers: null,
      warranty_days: batch.ticketType.warrantyDays,
      return_of: null,
      stage_id: null,
      stage_since: null,
      lines_total: row.total,
      works_total: row.total,
      paid: row.paid,
      ...derivedColumns('ticket', id, {
        title: batch.ticketType.name,
        status: row.status,
        due_date: null,
        created_at: createdAt,
        closed_at: closedAt,
        client_name: client.name,
        assignee_name: '',
        client_phone: client.phone,
        deleted_at: null,
        device: row.device,
        serial_number: row.serial,
      }),
    };
  });
  await insertChunks(trx, 'tickets', tickets);
  await insertChunks(trx, 'ticket_lines', lines);
  await insertChunks(trx, 'payments', payments);
  await insertChunks(trx, 'history', history);
  await insertChunks(trx, 'import_batch_items', [
    ...created.map((client) => ({
      batch_id: batch.id,
      kind: 'client',
      record_id: client.id,
      version: 1,
      row_key: '',
    })),
    ...fresh.map(({ key }, i) => ({
      batch_id: batch.id,
      kind: 'ticket',
      record_id: ticketIds[i]!,
      version: 1,
      row_key: key,
    })),
  ]);
  return {
    ticketsCreated: fresh.length,
    clientsCreated: created.length,
    skipped: chunk.length - fresh.length,
  };
}
