// Writing one imported record with everything that belongs to it, inside its transaction: the
// row with its derived columns, its history, its files, its stage spans and its ledger entry.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newClientColumns } from '../clients/client-columns';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/schema';
import type { FileStore } from '../files/file-store';
import type { HistoryInsert } from '../history/history.repository';
import { newStatusToken } from '../status-page/status-token';
import { insertTicket } from '../tickets/tickets.repository';
import { insertTask } from '../tasks/tasks.repository';
import { refreshDerived } from '../work/derived-columns';
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

export async function writeClient(trx: Kysely<DB>, client: LegacyClient): Promise<LocalRecord> {
  const row = await trx
    .insertInto('clients')
    .values({
      ...newClientColumns(client),
      whatsapp_url: client.whatsappUrl,
      created_by: null,
      created_at: client.createdAt,
      updated_at: client.updatedAt,
      deleted_at: null,
      deleted_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its first history row, as the app's clients have: added, when (the old tool kept no history of clients).
  await trx
    .insertInto('history')
    .values({
      item_kind: 'client',
      item_id: row.id,
      ts: client.createdAt,
      user_id: null,
      user_name: UNKNOWN_AUTHOR,
      action: 'create',
      note: client.fullName,
      old_value: null,
      new_value: null,
      new_status: null,
      file_id: null,
    })
    .execute();
  return { id: row.id, name: client.fullName };
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

async function insertHistory(trx: Kysely<DB>, rows: HistoryInsert[]) {
  // Batches within SQLite's limit on bound values in one statement.
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('history')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

interface ItemContext {
  trx: Kysely<DB>;
  ledger: Ledger;
  store: FileStore;
  files: PreparedFile[];
  /** Keys moved into the store, removed by the caller if the transaction does not commit. */
  written: string[];
}

function parties(ledger: Ledger, item: LegacyTicket | LegacyTask) {
  const client = item.clientId ? ledger.client.get(item.clientId) : undefined;
  const assignee = person(ledger, item.assigneeId, item.assigneeName);
  const creator = person(ledger, item.createdBy);
  return {
    client: { id: client?.id ?? null, name: item.clientName || client?.name || '' },
    assignee,
    creator,
  };
}

/** After the row: its derived columns, its files, then its history (upload rows linked to their files). */
async function completeItem(
  ctx: ItemContext,
  kind: 'ticket' | 'task',
  id: number,
  item: LegacyTicket | LegacyTask,
): Promise<void> {
  await refreshDerived(ctx.trx, kind, id);
  const placed = await placeFiles(
    ctx.trx,
    ctx.store,
    ctx.files,
    { ...(kind === 'ticket' ? { ticketId: id } : { taskId: id }), createdAt: item.createdAt },
    (uid) => person(ctx.ledger, uid),
    ctx.written,
  );
  await insertHistory(ctx.trx, historyRows(kind, id, withCreation(item), ctx.ledger, placed));
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

export async function writeTicket(ctx: ItemContext, ticket: LegacyTicket): Promise<LocalRecord> {
  const { trx, ledger } = ctx;
  const { client, assignee, creator } = parties(ledger, ticket);
  const id = await insertTicket(trx, {
    title: ticket.title,
    description: ticket.description,
    repair_summary: ticket.repairSummary,
    due_date: ticket.dueDate,
    client_id: client.id,
    client_name: client.name,
    status: ticket.status,
    status_since: statusSinceOf(ticket),
    intake: 'pvz',
    status_token: newStatusToken(),
    assignee_id: assignee.id,
    assignee_name: assignee.name,
    delivery_provider: ticket.deliveryProvider,
    return_provider: ticket.returnProvider,
    created_by: creator.id,
    created_by_name: creator.name,
    created_at: ticket.createdAt,
    updated_at: ticket.updatedAt,
    closed_at: ticket.closedAt,
    search_text: '',
    deleted_at: null,
    deleted_by: null,
  });
  await completeItem(ctx, 'ticket', id, ticket);
  const spans = stageSpansOf(ticket);
  if (spans.length > 0) {
    await trx
      .insertInto('stage_spans')
      .values(spans.map((span) => ({ ticket_id: id, ...span })))
      .execute();
  }
  return { id, name: ticket.title };
}

export async function writeTask(ctx: ItemContext, task: LegacyTask): Promise<LocalRecord> {
  const { trx, ledger } = ctx;
  const { client, assignee, creator } = parties(ledger, task);
  const id = await insertTask(trx, {
    title: task.title,
    description: task.description,
    due_date: task.dueDate,
    status: task.status,
    assignee_id: assignee.id,
    assignee_name: assignee.name,
    client_id: client.id,
    client_name: client.name,
    delivery_provider: task.deliveryProvider,
    created_by: creator.id,
    created_by_name: creator.name,
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    closed_at: task.closedAt,
    search_text: '',
    deleted_at: null,
    deleted_by: null,
  });
  await completeItem(ctx, 'task', id, task);
  return { id, name: task.title };
}
