import { PROVIDERS, type Provider } from './providers';
import { TICKET_CHANNEL_EXTRAS } from './ticket-channels';
import { ALL_TICKET_STATUSES, type Intake } from './ticket-status';
import type { WorkKind } from './worklist';
import { isCalendarDate } from './calendar-date';
import { MAX_RECORD_ID, searchQueryText } from './input-text';
import { z } from './zod-ru';

export const WORK_TYPES = ['all', 'tickets', 'tasks'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

const weekStart = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Неизвестная неделя')
  .refine(
    (value) => isCalendarDate(value) && new Date(`${value}T00:00:00Z`).getUTCDay() === 1,
    'Неизвестная неделя',
  );

/** Worklist filters as they appear in the address (and the API's query string). */
export const worklistQuery = z.object({
  q: searchQueryText.optional(),
  type: z.enum(WORK_TYPES, { error: 'Неизвестный тип' }).optional(),
  /** A user id, or 'none' for items nobody is assigned to. */
  assignee: z
    .string()
    .regex(/^(none|[1-9]\d{0,9})$/, 'Неизвестный исполнитель')
    .refine((value) => value === 'none' || Number(value) <= MAX_RECORD_ID, 'Неизвестный исполнитель')
    .optional(),
  /** Comma-separated; absent means the default (new and in progress). */
  states: z.string().max(60).optional(),
  /** «Сначала просроченные» (issue 20); absent: the spec's order. */
  order: z.enum(['overdue'], { error: 'Неизвестный порядок' }).optional(),
  /** «Дольше срока в статусе» (issue 20): tickets over their status's time limit. */
  overLimit: z.enum(['1'], { error: 'Неизвестный фильтр' }).optional(),
  /** Tickets at one stage inside «В ремонте» (issue 49). */
  stage: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Неизвестный этап')
    .refine((value) => Number(value) <= MAX_RECORD_ID, 'Неизвестный этап')
    .optional(),
  /** Tickets in one status (the dashboard's links, issue 20). */
  status: z.enum(ALL_TICKET_STATUSES, { error: 'Неизвестный статус' }).optional(),
  /** Tickets that came through a ПВЗ service, 'none' (not chosen yet) or 'walk_in'. */
  provider: z.enum([...PROVIDERS, ...TICKET_CHANNEL_EXTRAS], { error: 'Неизвестная служба' }).optional(),
  /** Tickets received (created) or closed in the week starting on this Monday, in the shop's zone. */
  receivedWeek: weekStart.optional(),
  closedWeek: weekStart.optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type WorklistQuery = z.infer<typeof worklistQuery>;

export { parseStates } from './worklist';

export interface WorkItemDto {
  kind: WorkKind;
  id: number;
  title: string;
  /** The linked client (null without one): a change of the client changes the row. */
  clientId: number | null;
  clientName: string;
  /** The linked client's phone, '' when none. */
  clientPhone: string;
  /** A ticket's device (model), '' for a task or when not typed. */
  device: string;
  assigneeId: number | null;
  assigneeName: string;
  /** A ticket or task status as stored (legacy ticket values included; task values read as current). */
  status: string;
  /** How a ticket came in ('pvz' for a task): names its statuses on the badge. */
  intake: Intake;
  /** When a ticket entered its status (time limits, issue 20); null for a task. */
  statusSince: string | null;
  /** A ticket's stage inside «В ремонте» and since when (issue 49); null otherwise. */
  stageId: number | null;
  stageSince: string | null;
  /** «К оплате» in kopecks (issue 50): a ticket's lines less what was paid; 0 for a task. */
  due: number;
  deliveryProvider: Provider | null;
  returnProvider: Provider | null;
  dueDate: string | null;
  createdAt: string;
  closedAt: string | null;
  highlight: 'closed' | 'urgent' | null;
  /** The record's version (ADR 008): a live update older than the row is left alone. */
  version: number;
}
