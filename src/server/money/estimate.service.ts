import type { Kysely } from 'kysely';
import {
  ESTIMATE_EMPTY,
  estimateLines,
  isEstimateAnswer,
  sameAsSent,
  type AnswerOutcome,
  type EstimateAnswer,
  type EstimateDto,
  type EstimateLine,
} from '../../domain/estimate';
import { formatRubles, type TicketLineDto } from '../../domain/money';
import { looksLikeStatusToken } from '../status-page/status-token';
import { type Clock, isoNow } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { historyFor, writeHistory } from '../history/history-writer';
import type { Actor } from '../http/actor';
import type { ClientNotices } from '../notices/client-notices.service';
import type { PushNotifier } from '../push/push-notifier';
import { lockedTicket, openTicket } from './ticket-lock';

/** Who answers on the status page, as history names them. */
export const CLIENT_ON_STATUS_PAGE: Actor = { id: 0, displayName: 'Клиент (страница статуса)' };

type EstimateRow = {
  version: number;
  lines: string;
  total: number | string;
  sent_at: string;
  sent_by_name: string;
  answer: string | null;
  answered_at: string | null;
};

function parseLines(json: string): EstimateLine[] {
  return JSON.parse(json) as EstimateLine[];
}

/** The estimate as the card shows it, judged against the ticket's lines now. */
export function estimateDto(
  row: EstimateRow | undefined,
  lines: readonly TicketLineDto[],
): EstimateDto | null {
  if (!row) return null;
  const sent = parseLines(row.lines);
  return {
    version: row.version,
    lines: sent,
    total: Number(row.total),
    sentAt: row.sent_at,
    sentByName: row.sent_by_name,
    answer: isEstimateAnswer(row.answer) ? row.answer : null,
    answeredAt: row.answered_at,
    outdated: !sameAsSent(sent, lines),
  };
}

export async function readEstimateRow(source: Kysely<DB>, ticketId: number) {
  return source.selectFrom('estimates').selectAll().where('ticket_id', '=', ticketId).executeTakeFirst();
}

/**
 * Sending an estimate and the client's answer (issue 50). Sending copies the ticket's lines as
 * a new version and clears any answer; an answer names the version the client saw, so one made
 * on a page opened before the estimate changed is refused.
 */
export function createEstimates({
  db,
  clock,
  events,
  push,
  notices,
  readLines,
}: {
  db: Kysely<DB>;
  clock: Clock;
  events: EventBus;
  push: Pick<PushNotifier, 'notify'>;
  notices: Pick<ClientNotices, 'queue' | 'wake'>;
  readLines: (source: Kysely<DB>, ticketId: number) => Promise<TicketLineDto[]>;
}) {
  const changed = (id: number) => events.publish({ entity: 'ticket', id, op: 'update' });

  return {
    /** Sends the lines as they are now; sending lines already sent keeps the version and its answer. */
    async send(actor: Actor, ticketId: number): Promise<void> {
      const sent = await db.transaction().execute(async (trx) => {
        await openTicket(trx, ticketId);
        const lines = await readLines(trx, ticketId);
        if (lines.length === 0) throw new AppError('bad_request', ESTIMATE_EMPTY);
        const current = estimateDto(await readEstimateRow(trx, ticketId), lines);
        if (current && !current.outdated) return false;
        const version = (current?.version ?? 0) + 1;
        const total = lines.reduce((sum, line) => sum + line.total, 0);
        const row = {
          version,
          lines: JSON.stringify(estimateLines(lines)),
          total,
          sent_at: isoNow(clock),
          sent_by_name: actor.displayName,
          answer: null,
          answered_at: null,
        };
        await trx
          .insertInto('estimates')
          .values({ ticket_id: ticketId, ...row })
          .onConflict((conflict) => conflict.column('ticket_id').doUpdateSet(row))
          .execute();
        await writeHistory(trx, [
          historyFor(
            'ticket',
            ticketId,
            actor,
            row.sent_at,
          )({
            action: 'estimate_sent',
            newValue: `Смета № ${version}: ${formatRubles(total)}`,
          }),
        ]);
        await notices.queue(trx, 'estimate', ticketId, `v${version}`);
        return true;
      });
      if (sent) {
        changed(ticketId);
        notices.wake();
      }
    },

    /** The client's answer from the status page, by the page's token. */
    async answer(token: string, version: number, answer: EstimateAnswer): Promise<AnswerOutcome> {
      if (!looksLikeStatusToken(token)) return 'not_found';
      const outcome = await db.transaction().execute(async (trx) => {
        const ticket = await trx
          .selectFrom('tickets')
          .select(['id', 'title', 'assignee_id'])
          .where('status_token', '=', token)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!ticket) return { result: 'not_found' as const };
        const { status } = await lockedTicket(trx, ticket.id);
        const row = await readEstimateRow(trx, ticket.id);
        if (!row || status === 'closed') return { result: 'not_found' as const };
        if (row.version !== version) return { result: 'stale' as const };
        if (row.answer !== null) return { result: 'answered' as const };
        const at = isoNow(clock);
        await trx
          .updateTable('estimates')
          .set({ answer, answered_at: at })
          .where('ticket_id', '=', ticket.id)
          .execute();
        await writeHistory(trx, [
          {
            ...historyFor(
              'ticket',
              ticket.id,
              CLIENT_ON_STATUS_PAGE,
              at,
            )({
              action: answer === 'approved' ? 'estimate_approved' : 'estimate_declined',
              newValue: `Смета № ${version}: ${formatRubles(Number(row.total))}`,
            }),
            user_id: null,
          },
        ]);
        return { result: 'saved' as const, ticket, total: Number(row.total) };
      });
      if (outcome.result !== 'saved') return outcome.result;
      const { ticket, total } = outcome;
      changed(ticket.id);
      push.notify(
        {
          kind: 'estimate_answered',
          ticket: { id: ticket.id, title: ticket.title, assigneeId: ticket.assignee_id },
          approved: answer === 'approved',
          total,
        },
        CLIENT_ON_STATUS_PAGE.id,
      );
      return 'saved';
    },
  };
}

export type Estimates = ReturnType<typeof createEstimates>;
