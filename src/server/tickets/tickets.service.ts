import { WORK_STATES } from '../../domain/worklist';
import type { Page } from '../../domain/page';
import { planSearch } from '../search';
import { parseSearchQuery } from '../../domain/search-text';
import type { TicketCreateData, TicketDetailDto, TicketDto } from '../../domain/ticket-schemas';
import {
  LEGACY_TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  isIntake,
  isTicketStatus,
  type Intake,
  showsPvzPhotos,
  type TicketStatus,
} from '../../domain/ticket-status';
import { decodeCreatedCursor, pageLimit, toPage } from '../db/paging';
import { AppError } from '../errors';
import type { ReceivedFile } from '../files/receive-uploads';
import { toStoredFileDto } from '../files/stored-file-dto';
import { resolveAssignee } from '../users/resolve-assignee';
import { refreshDerived } from '../work/derived-columns';
import type { Actor } from '../http/actor';
import { itemServiceParts, type ItemServiceDeps } from '../work-items/item-service-deps';
import { TICKET_KIND, TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import {
  assigneeOrDefault,
  createClientFor,
  resolveClient,
  type ItemClient,
} from '../work-items/item-parties';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { EMPTY_DEVICE, type DeviceValues } from '../../domain/device-fields';
import { deviceColumns, deviceFromRow } from './device-columns';
import { refuseInTrash } from '../trash/trash-marks';
import { ticketNumber } from '../../domain/ticket-number';
import { createTicketChanges, refuseClosed } from './ticket-changes';
import { findTypeForTicket } from '../ticket-types/ticket-types.service';
import { findActiveUser } from '../users/users.repository';
import { findClient } from '../clients/clients.repository';
import { readClosedPapers } from './closed-papers';
import { createTicketContact } from './ticket-contact';
import { ensureStatusToken } from '../status-page/status-links';
import { historyHead } from '../history/history-reader';
import { historyFor, writeHistory } from '../history/history-writer';
import { toTicketDto } from './ticket-dto';
import { newStatusToken, statusPath } from '../status-page/status-token';
import { findTicket, insertTicket, listTickets, statusesInUse } from './tickets.repository';
import { createdWorkMove } from '../work/work-moves';
import { isoNow } from '../clock';

export { TICKET_NOT_FOUND_MESSAGE };

const pvzPhotosOnlyAtPvz = (verb: 'добавляют' | 'удаляют') =>
  new AppError('conflict', `Фото из ПВЗ ${verb} в статусе «${TICKET_STATUS_LABELS.at_pvz}»`);
export { STALE_TICKET_MESSAGE } from './ticket-changes';

export function createTicketsService(deps: ItemServiceDeps) {
  const { clock, defaultAssignees, log, push, notices } = deps;
  const { db, files, changed } = itemServiceParts(deps, TICKET_KIND);

  async function get(id: number): Promise<TicketDetailDto> {
    const row = await findTicket(db, id);
    if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
    const [head, stored, token, returns] = await Promise.all([
      historyHead(db, 'ticket', id),
      files.listFiles(db, id),
      row.status_token ?? ensureStatusToken(db, id),
      db
        .selectFrom('tickets')
        .select(['id', 'created_at', 'status'])
        .where('return_of', '=', id)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),
    ]);
    return {
      ...toTicketDto(row),
      statusPath: statusPath(token),
      ...head,
      attachments: stored.filter((f) => f.kind === 'file').map(toStoredFileDto),
      pvzPhotos: stored.filter((f) => f.kind === 'pvz').map(toStoredFileDto),
      returns: returns.map((r) => ({
        id: r.id,
        createdAt: r.created_at,
        status: isTicketStatus(r.status) ? r.status : 'new',
      })),
    };
  }

  /** The client a warranty return is opened for: the original's, said plainly when it is gone. */
  async function returnClient(trx: Kysely<DB>, clientId: number | null): Promise<ItemClient> {
    const client = clientId === null ? undefined : await findClient(trx, clientId);
    if (!client)
      throw new AppError('conflict', 'Клиента этой заявки уже нет в справочнике: создайте новую заявку');
    if (client.deleted_at !== null) {
      throw new AppError(
        'conflict',
        'Клиент этой заявки в Корзине: восстановите его, чтобы оформить гарантийный возврат',
      );
    }
    return { id: client.id, name: client.full_name, phone: client.phone };
  }

  /** An active employee's id, or null for nobody, a disabled or a deleted account. */
  async function activeOrNull(trx: Kysely<DB>, id: number | null): Promise<number | null> {
    return id !== null && (await findActiveUser(trx, id)) ? id : null;
  }

  /** Inserts a new ticket in «Новая» with its derived columns, worklist move and history. */
  async function openTicket(
    trx: Kysely<DB>,
    actor: Actor,
    now: string,
    ticket: {
      title: string;
      description: string;
      dueDate: string | null;
      client: ItemClient;
      intake: Intake;
      warrantyDays: number | null;
      assigneeId: number | null;
      device: DeviceValues;
      returnOf: number | null;
    },
  ) {
    const assignee = await resolveAssignee(trx, ticket.assigneeId);
    const ticketId = await insertTicket(trx, {
      title: ticket.title,
      description: ticket.description,
      repair_summary: '',
      due_date: ticket.dueDate,
      client_id: ticket.client.id,
      client_name: ticket.client.name,
      status: 'new',
      status_since: now,
      intake: ticket.intake,
      warranty_days: ticket.warrantyDays,
      return_of: ticket.returnOf,
      status_token: newStatusToken(),
      assignee_id: assignee.id,
      assignee_name: assignee.name,
      delivery_provider: null,
      return_provider: null,
      created_by: actor.id,
      created_by_name: actor.displayName,
      created_at: now,
      updated_at: now,
      closed_at: null,
      search_text: '',
      ...deviceColumns(ticket.device),
    });
    await refreshDerived(trx, 'ticket', ticketId);
    const work = await createdWorkMove(trx, 'ticket', ticketId);
    const entry = historyFor('ticket', ticketId, actor, now);
    await writeHistory(trx, [
      entry({ action: 'create', note: ticket.title, newStatus: 'new' }),
      ...(assignee.id ? [entry({ action: 'assign', newValue: assignee.name })] : []),
    ]);
    await notices.queue(trx, 'accepted', ticketId, 'new');
    return { ticketId, assigneeId: assignee.id, work };
  }

  /** After commit: every open screen, and the assignee by push. */
  function announceCreated(
    actor: Actor,
    created: Awaited<ReturnType<typeof openTicket>>,
    title: string,
  ): Promise<TicketDetailDto> {
    changed(created.ticketId, 'create', undefined, created.work);
    notices.wake();
    push.notify(
      { kind: 'ticket_created', ticket: { id: created.ticketId, title, assigneeId: created.assigneeId } },
      actor.id,
    );
    return get(created.ticketId);
  }

  return {
    get,

    /** The old tool's statuses some ticket still has: only those are offered as filters. */
    async legacyStatusesInUse(): Promise<string[]> {
      return statusesInUse(db, LEGACY_TICKET_STATUSES);
    },

    async list(params: {
      q?: string;
      status?: string;
      clientId?: number;
      cursor?: string;
      limit?: number;
    }): Promise<Page<TicketDto>> {
      const limit = pageLimit(params.limit);
      if (params.status && !isTicketStatus(params.status))
        throw new AppError('bad_request', 'Неизвестный статус');
      const search = parseSearchQuery(params.q ?? '');
      const rows = await listTickets(
        db,
        {
          searchPlan: await planSearch(deps.database, 'tickets', search, WORK_STATES),
          status: params.status || undefined,
          clientId: params.clientId,
        },
        decodeCreatedCursor(params.cursor),
        limit,
      );
      return toPage(rows, limit, toTicketDto);
    },

    /** A new client, when asked for, is created in the same transaction as the ticket. */
    async create(actor: Actor, input: TicketCreateData): Promise<TicketDetailDto> {
      const now = isoNow(clock);
      const shopDefault = await assigneeOrDefault(input.assigneeId, defaultAssignees, 'ticket');
      const created = await db.transaction().execute(async (trx) => {
        // The type brings its route, its warranty and, unless the form chose, its assignee.
        const type = await findTypeForTicket(trx, input.title);
        const typeAssignee = await activeOrNull(trx, type.default_assignee_id);
        const client =
          input.client.mode === 'existing'
            ? await resolveClient(trx, input.client.clientId)
            : await createClientFor(trx, deps.database.dialect, actor, input.client, now);
        return openTicket(trx, actor, now, {
          title: input.title,
          description: input.description,
          dueDate: input.dueDate,
          client,
          intake: input.intake ?? (isIntake(type.intake) ? type.intake : 'pvz'),
          warrantyDays: type.warranty_days,
          assigneeId: input.assigneeId !== undefined ? input.assigneeId : (typeAssignee ?? shopDefault),
          device: input,
          returnOf: null,
        });
      });
      return announceCreated(actor, created, input.title);
    },

    /**
     * «Гарантийный возврат» (issue 49): a new ticket for a device handed over under this one, in
     * one step — same client, device and type, the repairer as assignee — linked both ways, with
     * history on both. Only from a closed ticket: the device must have been handed over.
     */
    async warrantyReturn(actor: Actor, id: number): Promise<TicketDetailDto> {
      const now = isoNow(clock);
      const shopDefault = await assigneeOrDefault(undefined, defaultAssignees, 'ticket');
      const created = await db.transaction().execute(async (trx) => {
        const original = await findTicket(trx, id);
        if (!original) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
        refuseInTrash('ticket', original);
        if (original.status !== 'closed') {
          throw new AppError(
            'conflict',
            'Гарантийный возврат оформляют по закрытой заявке: по выданному устройству',
          );
        }
        const type = await trx
          .selectFrom('ticket_types')
          .select('warranty_days')
          .where('name', '=', original.title)
          .executeTakeFirst();
        const number = ticketNumber(id);
        const made = await openTicket(trx, actor, now, {
          title: original.title,
          description: `Гарантийный возврат по заявке ${number}`,
          dueDate: null,
          client: await returnClient(trx, original.client_id),
          intake: isIntake(original.intake) ? original.intake : 'pvz',
          warrantyDays: type?.warranty_days ?? original.warranty_days,
          assigneeId: (await activeOrNull(trx, original.assignee_id)) ?? shopDefault,
          // The same device; what is wrong this time and how it looks are taken in anew.
          device: (({ device, serialNumber, warrantyCard }) => ({
            ...EMPTY_DEVICE,
            device,
            serialNumber,
            warrantyCard,
          }))(deviceFromRow(original)),
          returnOf: id,
        });
        await writeHistory(trx, [
          historyFor('ticket', made.ticketId, actor, now)({ action: 'warranty_return', note: number }),
          historyFor(
            'ticket',
            id,
            actor,
            now,
          )({ action: 'warranty_return_opened', note: ticketNumber(made.ticketId) }),
        ]);
        return made;
      });
      // The original's card lists its returns: it changed too (its history and links).
      changed(id, 'update', undefined, 'unchanged');
      return announceCreated(actor, created, (await get(created.ticketId)).title);
    },

    ...createTicketChanges({
      db,
      clock,
      push,
      notices,
      log,
      get,
      changed,
      stockChanged: () => deps.events.publish({ entity: 'stock', id: null, op: 'update' }),
    }),
    ...createTicketContact({ db, clock, get, changed }),

    /** What a closed ticket's papers printed at closing; null while open or for older closings. */
    async closedPapers(id: number) {
      const row = await db
        .selectFrom('tickets')
        .select(['status', 'closed_papers'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.status === 'closed' ? readClosedPapers(db, row.closed_papers) : null;
    },

    /** For good, with history and files (from the Корзина). */
    purge: (id: number, deletedBefore?: string) => files.purgeWithFiles(id, deletedBefore),

    /** Stores received files with their rows and history; on any failure neither stays. */
    async upload(
      actor: Actor,
      id: number,
      kind: 'file' | 'pvz',
      received: ReceivedFile[],
    ): Promise<TicketDetailDto> {
      await files.storeFiles(actor, id, received, {
        kind,
        subfolder: kind === 'pvz' ? 'pvz' : 'files',
        check: (ticket) => {
          refuseClosed(ticket);
          if (kind === 'pvz' && !showsPvzPhotos(ticket.status as TicketStatus)) {
            throw pvzPhotosOnlyAtPvz('добавляют');
          }
        },
        record: (trx, now, stored) =>
          writeHistory(
            trx,
            stored.map((f) =>
              historyFor(
                'ticket',
                id,
                actor,
                now,
              )({
                action: kind === 'pvz' ? 'upload_pvz_photo' : 'upload_file',
                note: f.name,
                fileId: f.id,
              }),
            ),
          ),
      });
      // Files show on the card only, in no list.
      changed(id, 'update', undefined, 'unchanged');
      return get(id);
    },

    async deleteFile(actor: Actor, ticketId: number, fileId: number): Promise<TicketDetailDto> {
      await files.deleteFile(ticketId, fileId, async (trx, file, now, ticket) => {
        refuseClosed(ticket);
        // ПВЗ photos are the case's evidence: read-only once the ticket has moved on.
        if (file.kind === 'pvz' && !showsPvzPhotos(ticket.status as TicketStatus)) {
          throw pvzPhotosOnlyAtPvz('удаляют');
        }
        await writeHistory(trx, [
          historyFor(
            'ticket',
            ticketId,
            actor,
            now,
          )({
            action: file.kind === 'pvz' ? 'delete_pvz_photo' : 'delete_file',
            note: file.name,
            fileId: file.id,
          }),
        ]);
      });
      changed(ticketId, 'update', undefined, 'unchanged');
      return get(ticketId);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
