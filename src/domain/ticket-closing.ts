import { lineText } from './input-text';
import {
  TICKET_PIPELINE,
  isTicketStatus,
  neighbour,
  routeOf,
  type Intake,
  type PipelineStatus,
  type StepDirection,
  type TicketStatus,
} from './ticket-status';
import { z } from './zod-ru';

// «Закрыта» stays closed (issue 49): a closed ticket is what the client signed for. Closing asks
// for the repair summary; nothing on a closed ticket changes until someone opens it again with a
// reason, which returns it to the status it was closed from. The spec's nine statuses, their
// order and guards are unchanged (ticket-status.ts); only the step back out of «Закрыта» is
// replaced by «Открыть заново».

export const CLOSED_LOCK_MESSAGE = 'Заявка закрыта. Чтобы изменить её, нажмите «Открыть заново»';
export const SUMMARY_REQUIRED_MESSAGE = 'Заполните итог ремонта: он печатается в акте выдачи';
export const REOPEN_NEEDED_MESSAGE = 'Закрытую заявку открывают заново с указанием причины';
export const REOPEN_REASON_MAX = 500;

/** «Выдать в долг» (issue 50): why a device goes home with money still owed. */
export const CREDIT_REASON_MAX = 200;
export const CREDIT_REASON_LABEL = 'Почему в долг';

/** Closing refused while the client owes and nobody said «Выдать в долг». */
export function debtAtClosingMessage(due: string): string {
  return `Клиент должен ${due}: примите оплату или выдайте в долг, указав причину`;
}

export function isClosed(status: TicketStatus): boolean {
  return status === 'closed';
}

/** Whether this step is refused because it leaves «Закрыта»: that is «Открыть заново». */
export function stepNeedsReopen(status: TicketStatus, direction: StepDirection): boolean {
  return isClosed(status) && direction === 'back';
}

/** Whether a step into this status needs the repair summary, given the one typed with it. */
export function missingSummary(target: TicketStatus, storedSummary: string, typedSummary?: string): boolean {
  return isClosed(target) && (typedSummary ?? storedSummary).trim() === '';
}

/**
 * Where «Открыть заново» returns a ticket: the status it was closed from when that is known
 * and on its route, else the route's status before «Закрыта» (tickets closed before this rule).
 */
export function reopenTarget(closedFrom: string | null, intake: Intake): PipelineStatus {
  if (closedFrom && isTicketStatus(closedFrom) && closedFrom !== 'closed') {
    const pipeline = TICKET_PIPELINE as readonly string[];
    if (pipeline.includes(closedFrom) && routeOf(intake).includes(closedFrom as PipelineStatus)) {
      return closedFrom as PipelineStatus;
    }
  }
  return neighbour('closed', 'back', intake) ?? 'notify_client';
}

export const ticketReopenInput = z.object({
  reason: lineText('Причина', REOPEN_REASON_MAX, { required: 'Укажите, почему заявку открывают заново' }),
});
export type TicketReopenInput = z.infer<typeof ticketReopenInput>;
