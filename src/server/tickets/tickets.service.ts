import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '../../domain/client-schemas';
import { phoneDigits } from '../../domain/phone';
import { normalizeSearchText, parseSearchQuery } from '../../domain/search-text';
import { pickFields } from '../../domain/edit-versions';
import { isProvider } from '../../domain/providers';
import {
  TICKET_FIELD_LABELS,
  type TicketCreateData,
  type TicketDetailDto,
  type TicketDto,
  type TicketEditableField,
  type TicketPatchData,
  type TicketStepInput,
} from '../../domain/ticket-schemas';
import {
  STEP_REFUSAL_MESSAGES,
  TICKET_STATUS_LABELS,
  isTicketStatus,
  step as stepStatus,
} from '../../domain/ticket-status';
import { findClient, insertClient } from '../clients/clients.repository';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EventBus } from '../events/event-bus';
import type { LiveOp } from '../../domain/live-events';
import { decodeCursor, pageLimit, toPage } from '../db/paging';
import {
  editConflict,
  judgeSave,
  touchVersioned,
  updateVersioned,
  withVersionRetry,
} from '../db/versioned-write';
import { AppError } from '../errors';
import type { FileStore } from '../files/file-store';
import type { PushNotifier } from '../push/push-notifier';
import { deleteFileRow, findFile, listTicketFiles } from '../files/files.repository';
import { discardTemps, type ReceivedFile } from '../files/receive-uploads';
import { removeStoredQuietly, storeUploads } from '../files/store-uploads';
import { toStoredFileDto } from '../files/stored-file-dto';
import type { DefaultAssignees } from '../settings/default-assignees';
import { resolveAssignee } from '../users/resolve-assignee';
import { refreshDerived } from '../work/derived-columns';
import { toHistoryDto, toTicketDto } from './ticket-dto';
import { describeEdit, historyEntry, statusChangeNote, type Actor } from './ticket-history';
import {
  deleteTicket,
  findTicket,
  insertHistory,
  insertTicket,
  listHistory,
  listTickets,
  type TicketRow,
} from './tickets.repository';

export const TICKET_NOT_FOUND_MESSAGE = 'Заявка не найдена';

/** A ticket's editable fields as the API carries them, to judge a save against. */
function editableValues(row: TicketRow): Record<TicketEditableField, unknown> {
  return {
    description: row.description,
    repairSummary: row.repair_summary,
    dueDate: row.due_date,
    assigneeId: row.assignee_id,
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
    returnProvider: isProvider(row.return_provider) ? row.return_provider : null,
  };
}
export const STALE_TICKET_MESSAGE = 'Заявка уже изменена другим сотрудником';
const FILE_NOT_FOUND = 'Файл не найден';

interface Deps {
  events: EventBus;
  /** Tells assignees (and admins, for an unassigned ticket) by Web Push, after commit. */
  push: Pick<PushNotifier, 'notify'>;
  database: Database;
  clock: Clock;
  store: FileStore;
  defaultAssignees: DefaultAssignees;
  log: FastifyBaseLogger;
}

export function createTicketsService({ database, clock, store, defaultAssignees, log, events, push }: Deps) {
  const changed = (id: number, op: LiveOp = 'update') => events.publish({ entity: 'ticket', id, op });
  const { db } = database;

  async function get(id: number): Promise<TicketDetailDto> {
    const row = await findTicket(db, id);
    if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
    const [history, files] = await Promise.all([listHistory(db, id), listTicketFiles(db, id)]);
    return {
      ...toTicketDto(row),
      history: history.map(toHistoryDto),
      attachments: files.filter((f) => f.kind === 'file').map(toStoredFileDto),
      pvzPhotos: files.filter((f) => f.kind === 'pvz').map(toStoredFileDto),
    };
  }

  async function conflict(id: number): Promise<never> {
    throw new AppError('conflict', STALE_TICKET_MESSAGE, { extra: { ticket: await get(id) } });
  }

  return {
    get,

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
      const rows = await listTickets(
        db,
        {
          status: params.status || undefined,
          clientId: params.clientId,
          search: parseSearchQuery(params.q ?? ''),
        },
        decodeCursor(params.cursor),
        limit,
      );
      return toPage(rows, limit, toTicketDto);
    },

    /** A new client, when asked for, is created in the same transaction as the ticket. */
    async create(actor: Actor, input: TicketCreateData): Promise<TicketDetailDto> {
      const now = clock.now().toISOString();
      const assigneeId =
        input.assigneeId === undefined ? (await defaultAssignees.get()).ticketAssigneeId : input.assigneeId;
      const created = await db.transaction().execute(async (trx) => {
        let client: { id: number; name: string };
        if (input.client.mode === 'existing') {
          const existing = await findClient(trx, input.client.clientId);
          if (!existing) throw new AppError('bad_request', 'Клиент не найден, выберите другого');
          client = { id: existing.id, name: existing.full_name };
        } else {
          const { fullName, phone } = input.client;
          const clientId = await insertClient(trx, {
            full_name: fullName,
            phone,
            warranty: '',
            address: '',
            comment: '',
            search_name: normalizeSearchText(fullName),
            phone_digits: phoneDigits(phone),
            created_by: actor.id,
            created_at: now,
          });
          client = { id: clientId, name: fullName };
        }
        const assignee = await resolveAssignee(trx, assigneeId);
        const ticketId = await insertTicket(trx, {
          title: input.title,
          description: input.description,
          repair_summary: '',
          due_date: input.dueDate,
          client_id: client.id,
          client_name: client.name,
          status: 'new',
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
        });
        await refreshDerived(trx, 'ticket', ticketId);
        await insertHistory(trx, [
          historyEntry(ticketId, actor, now, 'create', input.title, 'new'),
          ...(assignee.id ? [historyEntry(ticketId, actor, now, 'assign', assignee.name)] : []),
        ]);
        return { ticketId, assigneeId: assignee.id };
      });
      changed(created.ticketId, 'create');
      push.notify(
        {
          kind: 'ticket_created',
          ticket: { id: created.ticketId, title: input.title, assigneeId: created.assigneeId },
        },
        actor.id,
      );
      return get(created.ticketId);
    },

    /**
     * Only the fields that change, each with its history row, in one transaction;
     * refused (409) when someone else changed one of them after the save's version.
     * A provider is set only in the status that shows its picker, checked against
     * the row this write replaces, so a concurrent step cannot slip past the guard.
     */
    async update(actor: Actor, id: number, patch: TicketPatchData): Promise<TicketDetailDto> {
      const { version: baseVersion, ...fields } = patch;
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await findTicket(trx, id);
        if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
        const judged = judgeSave(row, editableValues(row), { fields, baseVersion, actorId: actor.id });
        if (judged.conflicts.length > 0) return { conflict: { row, fields: judged.conflicts } };
        if (judged.changed.length === 0) return { conflict: null, changed: false, assignedTo: null };
        const changes = pickFields(fields, judged.changed);
        if (changes.deliveryProvider !== undefined && row.status !== 'delivery_requested') {
          throw new AppError('conflict', 'Службу доставки выбирают в статусе «Доставка оформлена»');
        }
        if (changes.returnProvider !== undefined && row.status !== 'repair_done') {
          throw new AppError('conflict', 'Службу возврата выбирают в статусе «Готов к отправке»');
        }
        const now = clock.now().toISOString();
        const entry = (action: Parameters<typeof historyEntry>[3], note = '') =>
          historyEntry(id, actor, now, action, note);
        const { changes: columns, history } = describeEdit(row, changes, entry);
        let assignedTo: number | null = null;
        if (changes.assigneeId !== undefined) {
          const assignee = await resolveAssignee(trx, changes.assigneeId);
          columns.assignee_id = assignee.id;
          columns.assignee_name = assignee.name;
          history.push(entry('assign', assignee.name || 'Без исполнителя'));
          assignedTo = assignee.id;
        }
        await updateVersioned(trx, 'tickets', row, judged.changed, actor.id, { ...columns, updated_at: now });
        await refreshDerived(trx, 'ticket', id);
        await insertHistory(trx, history);
        return { conflict: null, changed: true, assignedTo };
      });
      if (outcome.conflict) {
        throw await editConflict(db, outcome.conflict.row, outcome.conflict.fields, TICKET_FIELD_LABELS, {
          ticket: await get(id),
        });
      }
      if (!outcome.changed) return get(id);
      changed(id);
      const ticket = await get(id);
      if (outcome.assignedTo !== null) {
        push.notify(
          { kind: 'ticket_assigned', ticket: { id, title: ticket.title, assigneeId: outcome.assignedTo } },
          actor.id,
        );
      }
      return ticket;
    },

    /**
     * One step along the pipeline. The caller says which status it saw; if the ticket
     * has moved since, nothing changes and the answer is 409 with the fresh ticket.
     * The guard is judged on the row the write replaces (version-checked), so a
     * provider cleared at the same moment cannot be stepped past.
     */
    async step(actor: Actor, id: number, input: TicketStepInput): Promise<TicketDetailDto> {
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await findTicket(trx, id);
        if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
        if (row.status !== input.expectedStatus) return null;
        const current = toTicketDto(row);
        const result = stepStatus(current, input.direction);
        if (!result.ok) throw new AppError('bad_request', STEP_REFUSAL_MESSAGES[result.reason]);
        const target = result.status;
        const now = clock.now().toISOString();
        await updateVersioned(trx, 'tickets', row, ['status'], actor.id, {
          status: target,
          closed_at: target === 'closed' ? now : null,
          updated_at: now,
        });
        await refreshDerived(trx, 'ticket', id);
        await insertHistory(trx, [
          historyEntry(id, actor, now, 'status_change', statusChangeNote(current.status, target), target),
        ]);
        return { from: current.status, to: target, title: row.title, assigneeId: row.assignee_id };
      });
      if (!outcome) return conflict(id);
      changed(id);
      push.notify(
        {
          kind: 'ticket_stepped',
          ticket: { id, title: outcome.title, assigneeId: outcome.assigneeId },
          status: outcome.to,
        },
        actor.id,
      );
      log.info({ ticketId: id, from: outcome.from, to: outcome.to, by: actor.id }, 'ticket status changed');
      return get(id);
    },

    /** The record goes even if some files cannot be deleted (they are logged). */
    async remove(id: number): Promise<void> {
      const files = await listTicketFiles(db, id);
      if (!(await deleteTicket(db, id))) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
      changed(id, 'delete');
      await removeStoredQuietly(
        store,
        files.flatMap((f) => [f.path, f.thumb_path]),
        log,
      );
      try {
        await store.removeFolder(`tickets/${id}`);
      } catch (error) {
        log.warn({ err: error, ticketId: id }, 'could not delete ticket folder');
      }
    },

    /** Stores received files with their rows and history; on any failure neither stays. */
    async upload(
      actor: Actor,
      id: number,
      kind: 'file' | 'pvz',
      received: ReceivedFile[],
    ): Promise<TicketDetailDto> {
      const written: string[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          const row = await findTicket(trx, id);
          if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
          if (kind === 'pvz' && row.status !== 'at_pvz') {
            throw new AppError(
              'conflict',
              `Фото из ПВЗ добавляют в статусе «${TICKET_STATUS_LABELS.at_pvz}»`,
            );
          }
          const now = clock.now();
          const folder = `tickets/${id}/${kind === 'pvz' ? 'pvz' : 'files'}`;
          await storeUploads(
            trx,
            store,
            received,
            { ticketId: id, kind, folder },
            { userId: actor.id, userName: actor.displayName, now },
            written,
          );
          const action = kind === 'pvz' ? 'upload_pvz_photo' : 'upload_file';
          await insertHistory(
            trx,
            received.map((f) => historyEntry(id, actor, now.toISOString(), action, f.name)),
          );
          await touchVersioned(trx, 'tickets', id, now.toISOString());
        });
      } catch (error) {
        await removeStoredQuietly(store, written, log);
        throw error;
      } finally {
        await discardTemps(received);
      }
      changed(id);
      return get(id);
    },

    async deleteFile(actor: Actor, ticketId: number, fileId: number): Promise<TicketDetailDto> {
      const file = await findFile(db, fileId);
      if (!file || file.ticket_id !== ticketId) throw new AppError('not_found', FILE_NOT_FOUND);
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await deleteFileRow(trx, fileId);
        const action = file.kind === 'pvz' ? 'delete_pvz_photo' : 'delete_file';
        await insertHistory(trx, [historyEntry(ticketId, actor, now, action, file.name)]);
        await touchVersioned(trx, 'tickets', ticketId, now);
      });
      await removeStoredQuietly(store, [file.path, file.thumb_path], log);
      changed(ticketId);
      return get(ticketId);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
