import { planSearch } from '../search';
import { messagePrefLabel } from '../../domain/client-notices';
import {
  CLIENT_EDITABLE_FIELDS,
  CLIENT_FIELD_LABELS,
  type ClientDetailDto,
  type ClientLinksDto,
  type ClientCreateInput,
  type ClientDto,
  type ClientEditableField,
  type ClientPatchInput,
} from '../../domain/client-schemas';
import type { Page } from '../../domain/page';
import { NOT_FOUND_MESSAGES } from '../../domain/records';
import { pickFields } from '../../domain/edit-versions';
import { parseSearchQuery } from '../../domain/search-text';
import { type Clock, isoNow } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import { decodeCreatedCursor, pageLimit, toPage } from '../db/paging';
import { editConflict, judgeSave, updateVersioned, withVersionRetry } from '../db/versioned-write';
import { AppError } from '../errors';
import { itemsOfClient, syncClientItems } from '../work/derived-columns';
import type { HistoryAction } from '../../domain/history';
import { phoneKey } from '../../domain/phone';
import { historyHead } from '../history/history-reader';
import { fieldChange, historyFor, writeHistory } from '../history/history-writer';
import { deleteFromTrash, refuseInTrash } from '../trash/trash-marks';
import type { Actor } from '../http/actor';
import { newClientColumns, toClientColumns } from './client-columns';
import { toClientDto } from './client-dto';
import { refuseSamePhone } from './same-phone-guard';
import {
  clientsWithPhoneKey,
  countClientItems,
  findClient,
  insertClient,
  listClients,
  type ClientRow,
} from './clients.repository';

export const CLIENT_NOT_FOUND_MESSAGE = NOT_FOUND_MESSAGES.client;

const EDIT_ACTIONS: Record<ClientEditableField, HistoryAction> = {
  fullName: 'edit_full_name',
  phone: 'edit_phone',
  warranty: 'edit_warranty',
  address: 'edit_address',
  comment: 'edit_comment',
  email: 'edit_email',
  messagePref: 'edit_message_pref',
};

function editableValues(row: ClientRow): Record<ClientEditableField, string> {
  return {
    fullName: row.full_name,
    phone: row.phone,
    warranty: row.warranty,
    address: row.address,
    comment: row.comment,
    email: row.email,
    messagePref: row.message_pref,
  };
}

export function createClientsService({
  database,
  clock,
  events,
}: {
  database: Database;
  clock: Clock;
  events: EventBus;
}) {
  const { db } = database;

  async function get(id: number): Promise<ClientDetailDto> {
    const row = await findClient(db, id);
    if (!row) throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
    return { ...toClientDto(row), ...(await historyHead(db, 'client', id)) };
  }

  return {
    get,

    async list(params: { q?: string; cursor?: string; limit?: number }): Promise<Page<ClientDto>> {
      const limit = pageLimit(params.limit);
      const search = parseSearchQuery(params.q ?? '');
      const plan = await planSearch(database, 'clients', search);
      const rows = await listClients(db, plan, decodeCreatedCursor(params.cursor), limit);
      return toPage(rows, limit, toClientDto);
    },

    async create(actor: Actor, input: ClientCreateInput): Promise<ClientDetailDto> {
      const now = isoNow(clock);
      const id = await db.transaction().execute(async (trx) => {
        await refuseSamePhone(trx, database.dialect, input.phone, input.despiteSamePhone);
        const clientId = await insertClient(trx, {
          ...newClientColumns(input),
          created_by: actor.id,
          created_at: now,
        });
        await writeHistory(trx, [
          historyFor('client', clientId, actor, now)({ action: 'create', note: input.fullName }),
        ]);
        return clientId;
      });
      events.publish({ entity: 'client', id, op: 'create' });
      return get(id);
    },

    /**
     * Writes only the fields that change, unless someone else changed one of them
     * after the version the save was based on: then 409 with who and the client as it is.
     */
    async update(actor: Actor, id: number, input: ClientPatchInput): Promise<ClientDetailDto> {
      const { version: baseVersion, ...fields } = input;
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await findClient(trx, id);
        if (!row) throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
        refuseInTrash('client', row);
        const before = editableValues(row);
        const judged = judgeSave(row, before, { fields, baseVersion, actorId: actor.id });
        if (judged.conflicts.length > 0) return { conflict: { row, fields: judged.conflicts } };
        if (judged.changed.length === 0) return { conflict: null, changed: false };
        const changes = pickFields(fields, judged.changed);
        const now = isoNow(clock);
        const version = await updateVersioned(trx, 'clients', row, judged.changed, actor.id, {
          ...toClientColumns(changes),
          updated_at: now,
        });
        const entry = historyFor('client', id, actor, now);
        await writeHistory(
          trx,
          CLIENT_EDITABLE_FIELDS.flatMap((field) => {
            const value = changes[field];
            if (value === undefined) return [];
            // The history reads «Не писать», not the stored `none`.
            const shown = (text: string) => (field === 'messagePref' ? messagePrefLabel(text) : text);
            return fieldChange(EDIT_ACTIONS[field], shown(before[field]), shown(value));
          }).map(entry),
        );
        if (changes.fullName !== undefined || changes.phone !== undefined) {
          await syncClientItems(trx, await itemsOfClient(trx, id), changes.fullName);
        }
        return { conflict: null, changed: true, version };
      });
      if (outcome.conflict) {
        throw await editConflict(db, outcome.conflict.row, outcome.conflict.fields, CLIENT_FIELD_LABELS, {
          client: await get(id),
        });
      }
      if (outcome.changed) events.publish({ entity: 'client', id, op: 'update', version: outcome.version });
      return get(id);
    },

    /** What deleting the client leaves linked to it, to say so before. */
    async links(id: number): Promise<ClientLinksDto> {
      await get(id);
      return countClientItems(db, id);
    },

    /** Clients already in the directory with this phone, however it was typed (a few at most). */
    async withPhone(phone: string): Promise<ClientDto[]> {
      const key = phoneKey(phone);
      if (!key) return [];
      return (await clientsWithPhoneKey(db, key, 5)).map(toClientDto);
    },

    /**
     * For good, with its history (from the Корзина). The client's tickets and tasks
     * stay, with the client's name; their phone search goes.
     */
    async purge(id: number, deletedBefore?: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const items = await itemsOfClient(trx, id);
        if (!(await deleteFromTrash(trx, 'client', id, deletedBefore))) {
          throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
        }
        await syncClientItems(trx, items);
      });
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
