import { PROVIDER_LABELS, isProvider, type Provider } from './providers';

/** The pipeline, in order (spec §4). Only these are ever written. */
export const TICKET_PIPELINE = [
  'new',
  'delivery_requested',
  'at_pvz',
  'in_repair',
  'repair_done',
  'to_pvz',
  'delivery_to_client',
  'notify_client',
  'closed',
] as const;
export type PipelineStatus = (typeof TICKET_PIPELINE)[number];

/** Values found in data imported from the old tool: read, shown and filtered, never written. */
export const LEGACY_TICKET_STATUSES = ['picked_from_pvz', 'return_delivery_requested', 'returned'] as const;
export type LegacyTicketStatus = (typeof LEGACY_TICKET_STATUSES)[number];

export type TicketStatus = PipelineStatus | LegacyTicketStatus;
export const ALL_TICKET_STATUSES: readonly TicketStatus[] = [...TICKET_PIPELINE, ...LEGACY_TICKET_STATUSES];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'Новая',
  delivery_requested: 'Доставка оформлена',
  at_pvz: 'Прибыл в ПВЗ',
  in_repair: 'В ремонте',
  repair_done: 'Готов к отправке',
  to_pvz: 'Отнести в ПВЗ',
  delivery_to_client: 'Доставка до клиента',
  notify_client: 'Оповестить клиента',
  closed: 'Закрыта',
  picked_from_pvz: 'Забран из ПВЗ',
  return_delivery_requested: 'Оформлена обратная доставка',
  returned: 'Возвращён',
};

export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  new: 'blue',
  delivery_requested: 'cyan',
  at_pvz: 'yellow',
  in_repair: 'orange',
  repair_done: 'lime',
  to_pvz: 'yellow',
  delivery_to_client: 'teal',
  notify_client: 'violet',
  closed: 'gray',
  picked_from_pvz: 'indigo',
  return_delivery_requested: 'pink',
  returned: 'dark',
};

/**
 * Where each legacy status sits in today's pipeline: between `back` and `forward`.
 * A step from it lands on one of those two, the nearest pipeline status that way.
 */
export const LEGACY_NEIGHBOURS: Record<
  LegacyTicketStatus,
  { back: PipelineStatus; forward: PipelineStatus }
> = {
  // Picked up from the pickup point, not yet in repair.
  picked_from_pvz: { back: 'at_pvz', forward: 'in_repair' },
  // Return shipment booked after the repair, not yet taken to the pickup point.
  return_delivery_requested: { back: 'repair_done', forward: 'to_pvz' },
  // Back with the client, who has not been told yet.
  returned: { back: 'delivery_to_client', forward: 'notify_client' },
};

/**
 * How the device came in (issue 18): shipped through a pickup point (the spec's pipeline) or
 * brought to the shop by the client, which skips the delivery steps both ways.
 */
export const INTAKES = ['pvz', 'walk_in'] as const;
export type Intake = (typeof INTAKES)[number];

export const INTAKE_LABELS: Record<Intake, string> = {
  pvz: 'Через ПВЗ',
  walk_in: 'Клиент принёс сам',
};

export function isIntake(value: unknown): value is Intake {
  return typeof value === 'string' && (INTAKES as readonly string[]).includes(value);
}

/** A walk-in's route: the pipeline without the delivery steps, same statuses, same order. */
export const WALK_IN_ROUTE: readonly PipelineStatus[] = [
  'new',
  'in_repair',
  'repair_done',
  'notify_client',
  'closed',
];

export function routeOf(intake: Intake): readonly PipelineStatus[] {
  return intake === 'walk_in' ? WALK_IN_ROUTE : TICKET_PIPELINE;
}

/** Where a walk-in's labels differ: nothing is shipped, the device waits to be picked up. */
const WALK_IN_LABELS: Partial<Record<TicketStatus, string>> = {
  repair_done: 'Готов к выдаче',
};

/** A status's name on this ticket's route. */
export function ticketStatusLabel(status: TicketStatus, intake: Intake = 'pvz'): string {
  return (intake === 'walk_in' ? WALK_IN_LABELS[status] : undefined) ?? TICKET_STATUS_LABELS[status];
}

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && (ALL_TICKET_STATUSES as readonly string[]).includes(value);
}

export function isLegacyTicketStatus(status: TicketStatus): status is LegacyTicketStatus {
  return (LEGACY_TICKET_STATUSES as readonly string[]).includes(status);
}

export type StepDirection = 'forward' | 'back';

export type StepRefusal = 'provider_required' | 'return_provider_required' | 'at_start' | 'at_end';

export type StepResult = { ok: true; status: PipelineStatus } | { ok: false; reason: StepRefusal };

export interface SteppableTicket {
  status: TicketStatus;
  intake: Intake;
  deliveryProvider: string | null;
  returnProvider: string | null;
}

/**
 * The status one step away on the ticket's route, without guards. Off the route (a legacy
 * value, or a delivery status on a walk-in) it is the nearest route status that way.
 */
export function neighbour(
  status: TicketStatus,
  direction: StepDirection,
  intake: Intake = 'pvz',
): PipelineStatus | null {
  const route = routeOf(intake);
  const delta = direction === 'forward' ? 1 : -1;
  let index = isLegacyTicketStatus(status)
    ? TICKET_PIPELINE.indexOf(LEGACY_NEIGHBOURS[status][direction])
    : TICKET_PIPELINE.indexOf(status) + delta;
  for (; index >= 0 && index < TICKET_PIPELINE.length; index += delta) {
    const candidate = TICKET_PIPELINE[index]!;
    if (route.includes(candidate)) return candidate;
  }
  return null;
}

/**
 * One step forward or back (no skipping). Entering the pickup point going forward
 * needs the incoming provider; entering «Отнести в ПВЗ» going forward needs the
 * return provider (spec §4). A refusal changes nothing.
 */
export function step(ticket: SteppableTicket, direction: StepDirection): StepResult {
  const target = neighbour(ticket.status, direction, ticket.intake);
  if (!target) return { ok: false, reason: direction === 'forward' ? 'at_end' : 'at_start' };
  if (direction === 'forward') {
    if (target === 'at_pvz' && !isProvider(ticket.deliveryProvider))
      return { ok: false, reason: 'provider_required' };
    if (target === 'to_pvz' && !isProvider(ticket.returnProvider)) {
      return { ok: false, reason: 'return_provider_required' };
    }
  }
  return { ok: true, status: target };
}

export const STEP_REFUSAL_MESSAGES: Record<StepRefusal, string> = {
  provider_required: 'Выберите службу доставки',
  return_provider_required: 'Выберите службу доставки',
  at_start: 'Заявка уже в первом статусе',
  at_end: 'Заявка уже закрыта',
};

/** Statuses whose badge also names the provider (spec §4), and which provider that is. */
const BADGE_PROVIDER: Partial<Record<TicketStatus, 'deliveryProvider' | 'returnProvider'>> = {
  at_pvz: 'deliveryProvider',
  to_pvz: 'returnProvider',
  delivery_to_client: 'returnProvider',
  notify_client: 'returnProvider',
};

export function ticketBadgeLabel(ticket: SteppableTicket): string {
  const label = ticketStatusLabel(ticket.status, ticket.intake);
  // A walk-in ships nothing, even if a provider was left from before its intake was switched.
  const field = ticket.intake === 'walk_in' ? undefined : BADGE_PROVIDER[ticket.status];
  const provider: Provider | null = field && isProvider(ticket[field]) ? (ticket[field] as Provider) : null;
  return provider ? `${label} · ${PROVIDER_LABELS[provider]}` : label;
}

/**
 * Which picker the detail screen shows in this status (spec §4). The legacy
 * «Оформлена обратная доставка» steps forward into «Отнести в ПВЗ», which needs the
 * return provider: it shows the return picker too, or a ticket imported without one
 * could never move on (issue 15).
 */
export function providerPickerFor(
  status: TicketStatus,
  intake: Intake = 'pvz',
): 'deliveryProvider' | 'returnProvider' | null {
  // A walk-in is not shipped either way.
  if (intake === 'walk_in') return null;
  if (status === 'delivery_requested') return 'deliveryProvider';
  if (status === 'repair_done' || status === 'return_delivery_requested') return 'returnProvider';
  return null;
}

export function showsPvzPhotos(status: TicketStatus): boolean {
  return status === 'at_pvz';
}

/**
 * Whether the intake can be switched now: only in a status both routes share (a ticket on
 * its way through a pickup point cannot become a walk-in), and never on a legacy value.
 */
export function canSwitchIntake(status: TicketStatus): boolean {
  return WALK_IN_ROUTE.includes(status as PipelineStatus);
}

export const INTAKE_SWITCH_REFUSAL =
  'Способ приёма можно изменить только в статусах «Новая», «В ремонте», «Готов к отправке», «Оповестить клиента» и «Закрыта»';
