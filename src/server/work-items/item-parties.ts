import { refuseSamePhone } from '../clients/same-phone-guard';
import type { DialectName } from '../db/dialect-name';
import type { Kysely } from 'kysely';
import { newClientColumns } from '../clients/client-columns';
import { findClient, insertClient } from '../clients/clients.repository';
import type { DB } from '../db/schema';
import { historyFor, writeHistory, type HistoryChange } from '../history/history-writer';
import { resolveAssignee } from '../users/resolve-assignee';
import { AppError } from '../errors';
import type { DefaultAssignees } from '../settings/default-assignees';
import type { Actor } from '../http/actor';

/** A ticket's or task's client as stored on it: id and name (the name stays if the client goes). */
export interface ItemClient {
  id: number | null;
  name: string;
  /** For the item's search columns. */
  phone: string;
}

/** How history reads an empty assignee or client. */
const NOBODY = 'Без исполнителя';
const NO_CLIENT = 'Без клиента';

export const CLIENT_GONE_MESSAGE = 'Клиент не найден, выберите другого';

export async function resolveClient(db: Kysely<DB>, id: number | null): Promise<ItemClient> {
  if (id === null) return { id: null, name: '', phone: '' };
  const client = await findClient(db, id);
  // A client in the Корзина is not offered anywhere, so it cannot be chosen either.
  if (!client || client.deleted_at !== null) throw new AppError('bad_request', CLIENT_GONE_MESSAGE);
  return { id: client.id, name: client.full_name, phone: client.phone };
}

/** A client typed into an intake form, created in the caller's transaction. */
export async function createClientFor(
  db: Kysely<DB>,
  dialect: DialectName,
  actor: Actor,
  client: { fullName: string; phone: string; despiteSamePhone: boolean },
  now: string,
): Promise<ItemClient> {
  await refuseSamePhone(db, dialect, client.phone, client.despiteSamePhone);
  const id = await insertClient(db, {
    ...newClientColumns(client),
    created_by: actor.id,
    created_at: now,
  });
  await writeHistory(db, [historyFor('client', id, actor, now)({ action: 'create', note: client.fullName })]);
  return { id, name: client.fullName, phone: client.phone };
}

/** The assignee asked for; when the form left it out, the admin's default for this kind. */
export async function assigneeOrDefault(
  requested: number | null | undefined,
  defaults: DefaultAssignees,
  kind: 'ticket' | 'task',
): Promise<number | null> {
  if (requested !== undefined) return requested;
  const settings = await defaults.get();
  return kind === 'ticket' ? settings.ticketAssigneeId : settings.taskAssigneeId;
}

/** What an edit of a ticket or task resolves about its people: columns, history, who to tell. */
export interface PartyChanges {
  columns: {
    assignee_id?: number | null;
    assignee_name?: string;
    client_id?: number | null;
    client_name?: string;
  };
  history: HistoryChange[];
  /** The new assignee, to notify; null when the assignee did not change (or is nobody). */
  assignedTo: number | null;
  /** The client's phone as it will be, for the item's search columns. */
  clientPhone: string | null;
}

/**
 * The assignee and client parts of an edit of a ticket or task: looked up in the
 * caller's transaction (a person switched off, or a client in the Корзина, is refused),
 * with the history rows saying who and whom before and after.
 */
export async function resolvePartyChanges(
  trx: Kysely<DB>,
  row: { assignee_name: string; client_name: string; client_phone: string | null },
  changes: { assigneeId?: number | null; clientId?: number | null },
): Promise<PartyChanges> {
  const result: PartyChanges = { columns: {}, history: [], assignedTo: null, clientPhone: row.client_phone };
  if (changes.assigneeId !== undefined) {
    const assignee = await resolveAssignee(trx, changes.assigneeId);
    result.columns.assignee_id = assignee.id;
    result.columns.assignee_name = assignee.name;
    result.history.push({
      action: 'assign',
      oldValue: row.assignee_name || NOBODY,
      newValue: assignee.name || NOBODY,
    });
    result.assignedTo = assignee.id;
  }
  if (changes.clientId !== undefined) {
    const client = await resolveClient(trx, changes.clientId);
    result.columns.client_id = client.id;
    result.columns.client_name = client.name;
    result.clientPhone = client.phone;
    result.history.push({
      action: 'set_client',
      oldValue: row.client_name || NO_CLIENT,
      newValue: client.name || NO_CLIENT,
    });
  }
  return result;
}
