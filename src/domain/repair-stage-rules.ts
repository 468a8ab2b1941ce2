import { daysInStatus } from './status-limits';
import type { TicketStatus } from './ticket-status';

// Stages inside «В ремонте» (issue 49): the shop's own finer steps of a repair («Диагностика»,
// «Ждёт запчасть», «Согласование»…). They live inside the one status and change nothing of the
// spec's nine statuses, their order or their guards: a stage is set only while the ticket is «В
// ремонте» and is dropped when it leaves. Kept free of zod: the worklist's rows read it.

export const STAGE_STATUS: TicketStatus = 'in_repair';

export interface RepairStageDto {
  id: number;
  name: string;
  /** How the client's status page says it; '' shows only «В ремонте». */
  publicText: string;
  /** Days a ticket may stay at this stage before it is marked; null: no limit. */
  limitDays: number | null;
  hidden: boolean;
  /** Tickets at this stage now, those in the Корзина too (they keep it when restored). */
  ticketCount: number;
  version: number;
}

export const STAGE_OUTSIDE_REPAIR = 'Этап выбирают, пока заявка «В ремонте»';

/** Whether a ticket in this status can have a stage. */
export function stageAllowed(status: TicketStatus): boolean {
  return status === STAGE_STATUS;
}

/** The stage a ticket keeps after moving to `target`: none outside «В ремонте». */
export function stageAfterMove(stageId: number | null, target: TicketStatus): number | null {
  return stageAllowed(target) ? stageId : null;
}

/**
 * «Ждёт запчасть · 4 дн.» when a stage's limit is passed: whole calendar days in the shop's time
 * zone, as a status's limit counts them; null within it or without one.
 */
export function overStageLimit(
  stage: Pick<RepairStageDto, 'limitDays'> | undefined,
  since: string | null,
  today: string,
  timeZone: string,
): number | null {
  if (!stage?.limitDays || !since) return null;
  const days = daysInStatus(since, today, timeZone);
  return days > stage.limitDays ? days : null;
}
