import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { amountDue, formatRubles } from '../../domain/money';
import { pickFields } from '../../domain/edit-versions';
import type { ChangeEvent, LiveOp } from '../../domain/live-events';
import { workFactsOf, workMoveFrom } from '../work/work-moves';
import { isProvider } from '../../domain/providers';
import {
  TICKET_FIELD_LABELS,
  type TicketDetailDto,
  type TicketEditableField,
  type TicketPatchData,
  type TicketStepInput,
} from '../../domain/ticket-schemas';
import {
  INTAKE_SWITCH_REFUSAL,
  STEP_REFUSAL_MESSAGES,
  TICKET_PIPELINE,
  TICKET_STATUS_LABELS,
  canSwitchIntake,
  isIntake,
  providerPickerFor,
  step as stepStatus,
  type PipelineStatus,
  type TicketStatus,
} from '../../domain/ticket-status';
import { type Clock, isoNow } from '../clock';
import type { DB, TicketsTable } from '../db/schema';
import { editConflict, judgeSave, updateVersioned, withVersionRetry } from '../db/versioned-write';
import { AppError } from '../errors';
import type { ClientNotices } from '../notices/client-notices.service';
import type { PushNotifier } from '../push/push-notifier';
import { isReadyStatus } from '../../domain/client-notices';
import { derivedColumns } from '../work/derived-columns';
import type { Actor } from '../http/actor';
import { TICKET_NOT_FOUND_MESSAGE } from '../work-items/item-kind';
import { toTicketDto } from './ticket-dto';
import { fieldChange, historyFor, writeHistory, type HistoryChange } from '../history/history-writer';
import { STAGE_OUTSIDE_REPAIR, stageAfterMove, stageAllowed } from '../../domain/repair-stage-rules';
import { findStageForTicket } from '../repair-stages/repair-stages.service';
import { findTypeForTicket } from '../ticket-types/ticket-types.service';
import { refuseInTrash } from '../trash/trash-marks';
import { resolvePartyChanges } from '../work-items/item-parties';
import { deviceFromRow } from './device-columns';
import { describeEdit, statusText } from './ticket-history';
import { recordStageSpan } from './stage-spans';
import { stageSpanKey } from '../../domain/reports';
import { findTicket, type TicketRow } from './tickets.repository';
import {
  CLOSED_LOCK_MESSAGE,
  REOPEN_NEEDED_MESSAGE,
  SUMMARY_REQUIRED_MESSAGE,
  missingSummary,
  reopenTarget,
  stepNeedsReopen,
  type TicketReopenInput,
  debtAtClosingMessage,
} from '../../domain/ticket-closing';
import { takeClosedPapers } from './closed-papers';
import { writeOffTicketParts } from '../stock/ticket-parts';

export const STALE_TICKET_MESSAGE = 'Заявка уже изменена другим сотрудником';

/** A ticket's editable fields as the API carries them, to judge a save against. */
function editableValues(row: TicketRow): Record<TicketEditableField, unknown> {
  return {
    title: row.title,
    intake: row.intake,
    clientId: row.client_id,
    description: row.description,
    repairSummary: row.repair_summary,
    warrantyDays: row.warranty_days,
    stageId: row.stage_id,
    dueDate: row.due_date,
    assigneeId: row.assignee_id,
    deliveryProvider: isProvider(row.delivery_provider) ? row.delivery_provider : null,
    returnProvider: isProvider(row.return_provider) ? row.return_provider : null,
    ...deviceFromRow(row),
  };
}

const PROVIDER_STATUS: Record<'deliveryProvider' | 'returnProvider', TicketStatus> = {
  deliveryProvider: 'delivery_requested',
  returnProvider: 'repair_done',
};

/** The row to change: refused when missing or in the Корзина. */
async function changeableTicket(trx: Kysely<DB>, id: number): Promise<TicketRow> {
  const row = await findTicket(trx, id);
  if (!row) throw new AppError('not_found', TICKET_NOT_FOUND_MESSAGE);
  refuseInTrash('ticket', row);
  return row;
}

/**
 * A provider changes only in the status whose picker shows it (the screen's rule, enforced),
 * and never on a walk-in; the intake switches only in a status both routes share.
 */
function refuseOutOfRouteChanges(row: TicketRow, changes: Partial<TicketPatchData>) {
  const status = row.status as TicketStatus;
  if (changes.intake !== undefined && !canSwitchIntake(status)) {
    throw new AppError('conflict', INTAKE_SWITCH_REFUSAL);
  }
  // Judged on the route as it will be after this edit (an intake switched in the same save counts).
  const intake = changes.intake ?? (isIntake(row.intake) ? row.intake : 'pvz');
  for (const field of ['deliveryProvider', 'returnProvider'] as const) {
    if (changes[field] === undefined) continue;
    if (intake === 'walk_in') {
      throw new AppError('conflict', 'Клиент принёс аппарат сам: служба доставки не нужна');
    }
    if (providerPickerFor(status, intake) !== field) {
      const service = field === 'deliveryProvider' ? 'Службу доставки' : 'Службу возврата';
      throw new AppError(
        'conflict',
        `${service} выбирают в статусе «${TICKET_STATUS_LABELS[PROVIDER_STATUS[field]]}»`,
      );
    }
  }
}

/**
 * A stage is set only while «В ремонте» (issue 49), and must be one of the shop's shown stages.
 * Returns the names before and after, as history says them.
 */
async function stageChange(trx: Kysely<DB>, row: TicketRow, stageId: number | null) {
  if (!stageAllowed(row.status as TicketStatus)) throw new AppError('conflict', STAGE_OUTSIDE_REPAIR);
  const name = async (id: number | null) =>
    id === null
      ? 'Без этапа'
      : ((await trx.selectFrom('repair_stages').select('name').where('id', '=', id).executeTakeFirst())
          ?.name ?? 'Без этапа');
  const before = await name(row.stage_id);
  const after = stageId === null ? 'Без этапа' : (await findStageForTicket(trx, stageId)).name;
  return { before, after };
}

/** A stage left (another set, or none once out of «В ремонте») is a span of its own (issue 53). */
async function recordLeftStage(trx: Kysely<DB>, row: TicketRow, next: number | null, now: string) {
  if (row.stage_id === null || row.stage_id === next || row.stage_since === null) return;
  await recordStageSpan(trx, { id: row.id, status: stageSpanKey(row.stage_id), since: row.stage_since }, now);
}

/** A closed ticket is what the client signed for: nothing on it changes until it is reopened. */
export function refuseClosed(row: { status: string }) {
  if (row.status === 'closed') throw new AppError('conflict', CLOSED_LOCK_MESSAGE);
}

interface TicketContext {
  db: Kysely<DB>;
  clock: Clock;
  push: Pick<PushNotifier, 'notify'>;
  notices: Pick<ClientNotices, 'queue' | 'wake'>;
  log: FastifyBaseLogger;
  get: (id: number) => Promise<TicketDetailDto>;
  changed: (id: number, op?: LiveOp, version?: number, work?: ChangeEvent['work']) => void;
  /** Parts left the shelf (a handover wrote them off). */
  stockChanged: () => void;
}

/**
 * A ticket closes owing money only with «Выдать в долг» and its reason (issue 50), which goes to
 * history. The sums are read with the row held, as every money write holds it (ADR 048): a
 * payment or a line committed a moment before is seen, one a moment after waits for the close.
 */
async function creditAtClosing(
  trx: Kysely<DB>,
  id: number,
  reason: string | undefined,
): Promise<HistoryChange[]> {
  const sums = await trx
    .updateTable('tickets')
    .set({ version: sql<number>`version` })
    .where('id', '=', id)
    .returning(['lines_total', 'paid', 'payer_id'])
    .executeTakeFirstOrThrow();
  const due = amountDue(Number(sums.lines_total), Number(sums.paid));
  if (due === 0) return [];
  // A payer's repair goes home owing as a matter of course: the payer settles by its statement.
  if (sums.payer_id !== null) {
    const payer = await trx
      .selectFrom('payers')
      .select('name')
      .where('id', '=', sums.payer_id)
      .executeTakeFirst();
    return [
      { action: 'on_credit', newValue: formatRubles(due), note: `Оплатит ${payer?.name ?? 'плательщик'}` },
    ];
  }
  if (!reason) throw new AppError('conflict', debtAtClosingMessage(formatRubles(due)));
  return [{ action: 'on_credit', newValue: formatRubles(due), note: reason }];
}

/** Edits and steps: the two ways a ticket changes, both version-checked. */
export function createTicketChanges({
  db,
  clock,
  push,
  notices,
  log,
  get,
  changed,
  stockChanged,
}: TicketContext) {
  async function conflict(id: number): Promise<never> {
    throw new AppError('conflict', STALE_TICKET_MESSAGE, { extra: { ticket: await get(id) } });
  }

  /**
   * Writes a status change (a step or a reopening) with its history, closing the stage span of
   * the status it leaves. One read, one write: the derived columns are computed from the row
   * as it will be.
   */
  async function moveStatus(
    trx: Transaction<DB>,
    row: TicketRow,
    actor: Actor,
    now: string,
    move: {
      target: PipelineStatus;
      columns: Updateable<TicketsTable>;
      /** The API fields the write stamps with its version. */
      fields: string[];
      /** Rows written before the status row (an edit that goes with the move). */
      before: HistoryChange[];
      status: { action: 'status_change' | 'reopen'; note?: string };
    },
  ) {
    const { target } = move;
    const stageId = stageAfterMove(row.stage_id, target);
    const columns: Updateable<TicketsTable> = {
      ...move.columns,
      stage_id: stageId,
      stage_since: stageId === null ? null : row.stage_since,
      status: target,
      status_since: now,
      closed_at: target === 'closed' ? now : null,
      updated_at: now,
    };
    const version = await updateVersioned(trx, 'tickets', row, move.fields, actor.id, {
      ...columns,
      ...derivedColumns('ticket', row.id, { ...row, ...columns }),
    });
    const statusValues = {
      oldValue: statusText(row.status, row.intake),
      newValue: statusText(target, row.intake),
      newStatus: target,
    };
    await writeHistory(
      trx,
      [...move.before, { ...move.status, ...statusValues }].map(historyFor('ticket', row.id, actor, now)),
    );
    await recordStageSpan(
      trx,
      { id: row.id, status: row.status, since: row.status_since ?? row.created_at },
      now,
    );
    await recordLeftStage(trx, row, stageId, now);
    // The device can go home: the client is told (issue 54) on the step forward into it, not on
    // a step back that corrects a later status.
    const forward = TICKET_PIPELINE.indexOf(target) > TICKET_PIPELINE.indexOf(row.status as PipelineStatus);
    if (forward && isReadyStatus(target, row.intake)) await notices.queue(trx, 'ready', row.id, now);
    return {
      from: row.status,
      to: target,
      intake: isIntake(row.intake) ? row.intake : ('pvz' as const),
      title: row.title,
      assigneeId: row.assignee_id,
      version,
      work: await workMoveFrom(trx, 'ticket', row.id, workFactsOf(row)),
    };
  }

  async function afterMove(
    actor: Actor,
    id: number,
    outcome: Awaited<ReturnType<typeof moveStatus>> | null,
  ): Promise<TicketDetailDto> {
    if (!outcome) return conflict(id);
    changed(id, 'update', outcome.version, outcome.work);
    notices.wake();
    push.notify(
      {
        kind: 'ticket_stepped',
        ticket: { id, title: outcome.title, assigneeId: outcome.assigneeId },
        status: outcome.to,
        intake: outcome.intake,
      },
      actor.id,
    );
    log.info({ ticketId: id, from: outcome.from, to: outcome.to, by: actor.id }, 'ticket status changed');
    return get(id);
  }

  return {
    /**
     * Only the fields that change, each with its history row, in one transaction;
     * refused (409) when someone else changed one of them after the save's version.
     * A provider is set only in the status that shows its picker, checked against
     * the row this write replaces, so a concurrent step cannot slip past the guard.
     */
    async update(actor: Actor, id: number, patch: TicketPatchData): Promise<TicketDetailDto> {
      const { version: baseVersion, ...fields } = patch;
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await changeableTicket(trx, id);
        const judged = judgeSave(row, editableValues(row), { fields, baseVersion, actorId: actor.id });
        if (judged.conflicts.length > 0) return { conflict: { row, fields: judged.conflicts } };
        if (judged.changed.length === 0) return { conflict: null, changed: false, assignedTo: null };
        const changes = pickFields(fields, judged.changed);
        refuseClosed(row);
        refuseOutOfRouteChanges(row, changes);
        // A new type must be one of the shop's shown types, and brings its warranty along.
        if (changes.title !== undefined) {
          const type = await findTypeForTicket(trx, changes.title);
          if (changes.warrantyDays === undefined && type.warranty_days !== row.warranty_days) {
            changes.warrantyDays = type.warranty_days;
            judged.changed.push('warrantyDays');
          }
        }
        const now = isoNow(clock);
        const { columns, history } = describeEdit(row, changes);
        if (changes.stageId !== undefined) {
          const stage = await stageChange(trx, row, changes.stageId);
          Object.assign(columns, {
            stage_id: changes.stageId,
            stage_since: changes.stageId === null ? null : now,
          });
          history.push(...fieldChange('set_stage', stage.before, stage.after));
          await recordLeftStage(trx, row, changes.stageId, now);
        }
        const parties = await resolvePartyChanges(trx, row, changes);
        history.push(...parties.history);
        const written = { ...columns, ...parties.columns, updated_at: now };
        const version = await updateVersioned(trx, 'tickets', row, judged.changed, actor.id, {
          ...written,
          ...derivedColumns('ticket', id, { ...row, ...written, client_phone: parties.clientPhone }),
        });
        await writeHistory(trx, history.map(historyFor('ticket', id, actor, now)));
        return {
          conflict: null,
          changed: true,
          assignedTo: parties.assignedTo,
          version,
          work: await workMoveFrom(trx, 'ticket', id, workFactsOf(row)),
        };
      });
      if (outcome.conflict) {
        throw await editConflict(db, outcome.conflict.row, outcome.conflict.fields, TICKET_FIELD_LABELS, {
          ticket: await get(id),
        });
      }
      if (!outcome.changed) return get(id);
      changed(id, 'update', outcome.version, outcome.work);
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
      let wroteOff = 0;
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await changeableTicket(trx, id);
        if (row.status !== input.expectedStatus) return null;
        if (input.expectedIntake !== undefined && row.intake !== input.expectedIntake) return null;
        const current = toTicketDto(row);
        if (stepNeedsReopen(current.status, input.direction)) {
          throw new AppError('conflict', REOPEN_NEEDED_MESSAGE);
        }
        const result = stepStatus(current, input.direction);
        if (!result.ok) throw new AppError('bad_request', STEP_REFUSAL_MESSAGES[result.reason]);
        const target = result.status;
        if (missingSummary(target, row.repair_summary, input.repairSummary)) {
          throw new AppError('bad_request', SUMMARY_REQUIRED_MESSAGE);
        }
        const closing = target === 'closed';
        const credit = closing ? await creditAtClosing(trx, id, input.onCredit) : [];
        // Handover: the parts the repair holds leave the shelf with the device.
        wroteOff = closing ? await writeOffTicketParts(trx, actor, isoNow(clock), id) : 0;
        // The summary typed in the closing dialog is saved with the step, in its history.
        const summary =
          closing && input.repairSummary !== undefined && input.repairSummary !== row.repair_summary
            ? input.repairSummary
            : undefined;
        const warranty =
          closing && input.warrantyDays !== undefined && input.warrantyDays !== row.warranty_days
            ? input.warrantyDays
            : undefined;
        const edit = describeEdit(row, {
          ...(summary === undefined ? {} : { repairSummary: summary }),
          ...(warranty === undefined ? {} : { warrantyDays: warranty }),
        });
        const now = isoNow(clock);
        return moveStatus(trx, row, actor, now, {
          target,
          columns: {
            closed_from: closing ? row.status : null,
            closed_papers: closing ? await takeClosedPapers(trx, row, actor) : null,
            ...edit.columns,
          },
          fields: [
            'status',
            ...(summary === undefined ? [] : ['repairSummary']),
            ...(warranty === undefined ? [] : ['warrantyDays']),
          ],
          before: [...edit.history, ...credit],
          status: { action: 'status_change' },
        });
      });
      if (outcome && wroteOff > 0) stockChanged();
      return afterMove(actor, id, outcome);
    },

    /**
     * «Открыть заново»: back to the status it was closed from, with the reason in history.
     * Refused (409 with the fresh ticket) when it is no longer closed — someone reopened it.
     */
    async reopen(actor: Actor, id: number, input: TicketReopenInput): Promise<TicketDetailDto> {
      const outcome = await withVersionRetry(db, async (trx) => {
        const row = await changeableTicket(trx, id);
        if (row.status !== 'closed') return null;
        const target = reopenTarget(row.closed_from, isIntake(row.intake) ? row.intake : 'pvz');
        return moveStatus(trx, row, actor, isoNow(clock), {
          target,
          columns: { closed_from: null, closed_papers: null },
          fields: ['status'],
          before: [],
          status: { action: 'reopen', note: input.reason },
        });
      });
      return afterMove(actor, id, outcome);
    },
  };
}
