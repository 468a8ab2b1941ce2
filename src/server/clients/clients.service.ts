import {
  CLIENT_FIELD_LABELS,
  type ClientCreateInput,
  type ClientDto,
  type ClientEditableField,
  type ClientPatchInput,
  type Page,
} from '../../domain/client-schemas';
import { pickFields } from '../../domain/edit-versions';
import { parseSearchQuery } from '../../domain/search-text';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import { decodeCursor, pageLimit, toPage } from '../db/paging';
import { editConflict, judgeSave, updateVersioned, withVersionRetry } from '../db/versioned-write';
import { AppError } from '../errors';
import { itemsOfClient, syncClientItems } from '../work/derived-columns';
import { newClientColumns, toClientColumns } from './client-columns';
import { toClientDto } from './client-dto';
import { deleteClient, findClient, insertClient, listClients, type ClientRow } from './clients.repository';

export const CLIENT_NOT_FOUND_MESSAGE = 'Клиент не найден';

function editableValues(row: ClientRow): Record<ClientEditableField, string> {
  return {
    fullName: row.full_name,
    phone: row.phone,
    warranty: row.warranty,
    address: row.address,
    comment: row.comment,
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

  async function get(id: number): Promise<ClientDto> {
    const row = await findClient(db, id);
    if (!row) throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
    return toClientDto(row);
  }

  return {
    get,

    async list(params: { q?: string; cursor?: string; limit?: number }): Promise<Page<ClientDto>> {
      const limit = pageLimit(params.limit);
      const rows = await listClients(
        db,
        parseSearchQuery(params.q ?? ''),
        decodeCursor(params.cursor),
        limit,
      );
      return toPage(rows, limit, toClientDto);
    },

    async create(userId: number, input: ClientCreateInput): Promise<ClientDto> {
      const id = await insertClient(db, {
        ...newClientColumns(input),
        created_by: userId,
        created_at: clock.now().toISOString(),
      });
      events.publish({ entity: 'client', id, op: 'create' });
      return get(id);
    },

    /**
     * Writes only the fields that change, unless someone else changed one of them
     * after the version the save was based on: then 409 with who and the client as it is.
     */
    async update(actorId: number, id: number, input: ClientPatchInput): Promise<ClientDto> {
      const { version: baseVersion, ...fields } = input;
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await findClient(trx, id);
        if (!row) throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
        const judged = judgeSave(row, editableValues(row), { fields, baseVersion, actorId });
        if (judged.conflicts.length > 0) return { conflict: { row, fields: judged.conflicts } };
        if (judged.changed.length === 0) return { conflict: null, changed: false };
        const changes = pickFields(fields, judged.changed);
        const version = await updateVersioned(trx, 'clients', row, judged.changed, actorId, {
          ...toClientColumns(changes),
          updated_at: clock.now().toISOString(),
        });
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

    /** The client's tickets and tasks stay, with the client's name; their phone search goes. */
    async remove(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const items = await itemsOfClient(trx, id);
        if (!(await deleteClient(trx, id))) throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
        await syncClientItems(trx, items);
      });
      events.publish({ entity: 'client', id, op: 'delete' });
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
