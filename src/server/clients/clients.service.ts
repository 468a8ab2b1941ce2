import type { ClientCreateInput, ClientDto, ClientPatchInput, Page } from '../../domain/client-schemas';
import { phoneDigits } from '../../domain/phone';
import { normalizeSearchText, parseSearchQuery } from '../../domain/search-text';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import { decodeCursor, pageLimit, toPage } from '../db/paging';
import { AppError } from '../errors';
import { itemsOfClient, syncClientItems } from '../work/derived-columns';
import { toClientDto } from './client-dto';
import {
  deleteClient,
  findClient,
  insertClient,
  listClients,
  updateClient,
  type ClientColumns,
} from './clients.repository';

export const CLIENT_NOT_FOUND_MESSAGE = 'Клиент не найден';

/** Maps API field names to columns, adding the search columns that follow from them. */
function toColumns(input: ClientPatchInput): Partial<ClientColumns> {
  const columns: Partial<ClientColumns> = {};
  if (input.fullName !== undefined) {
    columns.full_name = input.fullName;
    columns.search_name = normalizeSearchText(input.fullName);
  }
  if (input.phone !== undefined) {
    columns.phone = input.phone;
    columns.phone_digits = phoneDigits(input.phone);
  }
  if (input.warranty !== undefined) columns.warranty = input.warranty;
  if (input.address !== undefined) columns.address = input.address;
  if (input.comment !== undefined) columns.comment = input.comment;
  return columns;
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
        full_name: input.fullName,
        phone: input.phone,
        warranty: input.warranty,
        address: input.address,
        comment: input.comment,
        search_name: normalizeSearchText(input.fullName),
        phone_digits: phoneDigits(input.phone),
        created_by: userId,
        created_at: clock.now().toISOString(),
      });
      events.publish({ entity: 'client', id, op: 'create' });
      return get(id);
    },

    /** Writes only the fields given, so edits to other fields by someone else survive. */
    async update(id: number, input: ClientPatchInput): Promise<ClientDto> {
      const columns = toColumns(input);
      if (Object.keys(columns).length === 0) return get(id);
      await db.transaction().execute(async (trx) => {
        const updated = await updateClient(trx, id, columns, clock.now().toISOString());
        if (!updated) throw new AppError('not_found', CLIENT_NOT_FOUND_MESSAGE);
        if (input.fullName !== undefined || input.phone !== undefined) {
          await syncClientItems(trx, await itemsOfClient(trx, id), input.fullName);
        }
      });
      events.publish({ entity: 'client', id, op: 'update' });
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
