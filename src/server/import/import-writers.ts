// Writing imported records with everything that belongs to them, inside their batch's transaction:
// the rows with their derived columns, their history, files and stage spans.
import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { newClientColumns } from '../clients/client-columns';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import type { HistoryInsert } from '../history/history.repository';
import { newStatusToken } from '../status-page/status-token';
import type { Database } from '../db/database';
import { reserveIds } from '../db/reserve-ids';
import { derivedColumns } from '../work/derived-columns';
import { statusText } from '../tickets/ticket-history';
import { readTaskStatus, TASK_STATUS_LABELS } from '../../domain/task-status';
import type { Ledger, LocalRecord } from './import-ledger';
import { placeFiles, type PreparedFile } from './import-files';
import type {
  LegacyClient,
  LegacyHistoryEntry,
  LegacyTask,
  LegacyTicket,
  LegacyUser,
} from './legacy-records';
import { stageSpansOf, statusSinceOf } from './legacy-steps';

/** Who a history row names when the old tool did not say (or named someone not brought in). */
const UNKNOWN_AUTHOR = 'Перенесено из прежней системы';

/** The person a source uid stands for here; their name as the record wrote it when unknown. */
function person(ledger: Ledger, uid: string | null, nameAsWritten = ''): { id: number | null; name: string } {
  const local: LocalRecord | undefined = uid ? ledger.user.get(uid) : undefined;
  return { id: local?.id ?? null, name: nameAsWritten || local?.name || '' };
}

/** A new person here (no password: they set one by a reset link), or the existing one with that e-mail. */
export async function writeUser(
  trx: Kysely<DB>,
  user: LegacyUser,
): Promise<{ record: LocalRecord; created: boolean }> {
  const existing = await trx
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('email_lower', '=', user.email.toLowerCase())
    .executeTakeFirst();
  if (existing) return { record: { id: existing.id, name: existing.display_name }, created: false };
  // A password nobody knows: the account cannot be signed into until a reset link sets one,
  // and a sign-in attempt takes as long as for anyone else.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const row = await trx
    .insertInto('users')
    .values({
      email: user.email,
      email_lower: user.email.toLowerCase(),
      display_name: user.displayName,
      phone: user.phone,
      role: user.role,
      password_hash: unusable,
      disabled_at: null,
      created_at: user.createdAt,
      updated_at: user.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { record: { id: row.id, name: user.displayName }, created: true };
}

/** Clients with their first history rows, in two statements (ids reserved first). */
export async function writeClients(batch: BatchContext, clients: LegacyClient[]): Promise<LocalRecord[]> {
  const { trx } = batch;
  const ids = await reserveIds(trx, batch.dialect, 'clients', clients.length);
  const rows = clients.map((client, i) => ({
    id: ids[i] as number,
    ...newClientColumns(client),
    whatsapp_url: client.whatsappUrl,
    created_by: null,
    created_at: client.createdAt,
    updated_at: client.updatedAt,
    deleted_at: null,
    deleted_by: null,
  }));
  await insertInChunks(trx, 'clients', rows);
  // Its first history row, as the app's clients have: added, when (the old tool kept no history of clients).
  await insertHistory(
    trx,
    clients.map((client, i) => ({
      item_kind: 'client',
      item_id: ids[i] as number,
      ts: client.createdAt,
      user_id: null,
      user_name: UNKNOWN_AUTHOR,
      action: 'create',
      note: client.fullName,
      old_value: null,
      new_value: null,
      new_status: null,
      file_id: null,
    })),
  );
  return rows.map((row) => ({ id: row.id, name: row.full_name, phone: row.phone }));
}

/** History rows oldest first (their ids give the order), an upload row pointing at its file. */
function historyRows(
  kind: 'ticket' | 'task',
  itemId: number,
  entries: LegacyHistoryEntry[],
  ledger: Ledger,
  files: { id: number; name: string; kind: PreparedFile['kind'] }[],
): HistoryInsert[] {
  const unlinked = [...files];
  const uploadKind: Record<string, PreparedFile['kind']> = {
    upload_file: 'file',
    upload_pvz_photo: 'pvz',
    upload_photo: 'photo',
  };
  // A step reads as the app's own do: «Прибыл в ПВЗ → Забран из ПВЗ».
  let status = entries.find((entry) => entry.action === 'create')?.newStatus ?? 'new';
  const label = (value: string) =>
    kind === 'ticket' ? statusText(value, 'pvz') : TASK_STATUS_LABELS[readTaskStatus(value)];
  return entries.map((entry) => {
    const step = entry.action === 'status_change' && entry.newStatus !== null;
    const values = step
      ? { old_value: label(status), new_value: label(entry.newStatus as string) }
      : { old_value: null, new_value: null };
    if (step) status = entry.newStatus as string;
    const fileKind = uploadKind[entry.action];
    const fileIndex = fileKind
      ? unlinked.findIndex((file) => file.kind === fileKind && file.name === entry.note)
      : -1;
    const [file] = fileIndex >= 0 ? unlinked.splice(fileIndex, 1) : [];
    const by = person(ledger, entry.userId, entry.userName);
    if (!by.name) by.name = UNKNOWN_AUTHOR;
    return {
      item_kind: kind,
      item_id: itemId,
      ts: entry.ts,
      user_id: by.id,
      user_name: by.name,
      action: entry.action,
      note: entry.note,
      ...values,
      new_status: entry.newStatus,
      file_id: file?.id ?? null,
    };
  });
}

/** Rows per insert: within SQLite's limit on bound values in one statement (32,766). */
const ROWS_PER_INSERT = 500;

async function insertInChunks<T extends 'clients' | 'tickets' | 'tasks' | 'history' | 'stage_spans'>(
  trx: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await trx
      .insertInto(table)
      // Kysely's values() cannot name one table's rows through the generic T.
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}

const insertHistory = (trx: Kysely<DB>, rows: HistoryInsert[]) => insertInChunks(trx, 'history', rows);

/** A batch's transaction and what its records refer to. */
export interface BatchContext {
  trx: Kysely<DB>;
  dialect: Database['dialect'];
  ledger: Ledger;
  store: FileStore;
  /** Keys moved into the store, removed by the caller if the transaction does not commit. */
  written: string[];
}

function parties(ledger: Ledger, item: LegacyTicket | LegacyTask) {
  const client = item.clientId ? ledger.client.get(item.clientId) : undefined;
  const assignee = person(ledger, item.assigneeId, item.assigneeName);
  const creator = person(ledger, item.createdBy);
  return {
    client: {
      id: client?.id ?? null,
      name: item.clientName || client?.name || '',
      phone: client?.phone ?? '',
    },
    assignee,
    creator,
  };
}

/**
 * The history with its first row: the record's creation, from createdAt and createdBy when the
 * old tool wrote no `create` entry (tasks never had a history there), as the app's records have.
 */
function withCreation(item: LegacyTicket | LegacyTask): LegacyHistoryEntry[] {
  if (item.history.some((entry) => entry.action === 'create')) return item.history;
  return [
    {
      ts: item.createdAt,
      userId: item.createdBy,
      userName: '',
      action: 'create',
      note: item.title,
      newStatus: null,
    },
    ...item.history,
  ];
}

/** A ticket's or task's row whole, its derived columns included: one insert, no update after. */
function itemRow(ledger: Ledger, kind: 'ticket' | 'task', id: number, item: LegacyTicket | LegacyTask) {
  const { client, assignee, creator } = parties(ledger, item);
  const common = {
    id,
    title: item.title,
    description: item.description,
    due_date: item.dueDate,
    status: item.status,
    assignee_id: assignee.id,
    assignee_name: assignee.name,
    client_id: client.id,
    client_name: client.name,
    delivery_provider: item.deliveryProvider,
    created_by: creator.id,
    created_by_name: creator.name,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    closed_at: item.closedAt,
    deleted_at: null,
    deleted_by: null,
    ...derivedColumns(kind, id, {
      title: item.title,
      status: item.status,
      due_date: item.dueDate,
      created_at: item.createdAt,
      closed_at: item.closedAt,
      client_name: client.name,
      assignee_name: assignee.name,
      client_phone: client.phone,
      deleted_at: null,
    }),
  };
  if (kind === 'task') return common;
  const ticket = item as LegacyTicket;
  return {
    ...common,
    repair_summary: ticket.repairSummary,
    status_since: statusSinceOf(ticket),
    intake: 'pvz',
    status_token: newStatusToken(),
    return_provider: ticket.returnProvider,
  };
}

/**
 * Tickets or tasks of one batch, each with its files and history: the rows in one statement (ids
 * reserved first, so that each record's history, files and ledger entry name its row), their
 * history in another, each item's files as it is placed.
 */
export async function writeItems(
  batch: BatchContext,
  kind: 'ticket' | 'task',
  items: { record: LegacyTicket | LegacyTask; files: PreparedFile[] }[],
): Promise<LocalRecord[]> {
  const { trx, ledger } = batch;
  const ids = await reserveIds(trx, batch.dialect, kind === 'ticket' ? 'tickets' : 'tasks', items.length);
  const rows = items.map(({ record }, i) => itemRow(ledger, kind, ids[i] as number, record));
  if (kind === 'ticket') await insertInChunks(trx, 'tickets', rows as Insertable<DB['tickets']>[]);
  else await insertInChunks(trx, 'tasks', rows);
  const history: HistoryInsert[] = [];
  const spans: Insertable<DB['stage_spans']>[] = [];
  for (const [i, { record, files }] of items.entries()) {
    const id = ids[i] as number;
    const placed = await placeFiles(
      trx,
      batch.store,
      files,
      { ...(kind === 'ticket' ? { ticketId: id } : { taskId: id }), createdAt: record.createdAt },
      (uid) => person(ledger, uid),
      batch.written,
    );
    history.push(...historyRows(kind, id, withCreation(record), ledger, placed));
    if (kind === 'ticket') {
      for (const span of stageSpansOf(record as LegacyTicket)) spans.push({ ticket_id: id, ...span });
    }
  }
  await insertHistory(trx, history);
  await insertInChunks(trx, 'stage_spans', spans);
  return items.map(({ record }, i) => ({ id: ids[i] as number, name: record.title }));
}
