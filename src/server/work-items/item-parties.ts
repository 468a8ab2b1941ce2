import type { Kysely } from 'kysely';
import { newClientColumns } from '../clients/client-columns';
import { findClient, insertClient } from '../clients/clients.repository';
import type { DB } from '../db/schema';
import { historyFor, writeHistory } from '../history/history-writer';
import { AppError } from '../errors';
import type { DefaultAssignees } from '../settings/default-assignees';
import type { Actor } from './actor';

/** A ticket's or task's client as stored on it: id and name (the name stays if the client goes). */
export interface ItemClient {
  id: number | null;
  name: string;
  /** For the item's search columns. */
  phone: string;
}

/** How history reads an empty assignee or client. */
export const NOBODY = 'Без исполнителя';
export const NO_CLIENT = 'Без клиента';

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
  actor: Actor,
  client: { fullName: string; phone: string },
  now: string,
): Promise<ItemClient> {
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
