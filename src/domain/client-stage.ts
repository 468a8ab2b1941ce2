import { PROVIDER_LABELS, isProvider } from './providers';
import type { Intake, TicketStatus } from './ticket-status';

// Where the repair is, in a client's words (issue 19): the public status page and the
// {статус} of a message. Fewer steps than the staff's pipeline, none of its internal names.

export type ClientStageKey =
  'waiting' | 'accepted' | 'arrived' | 'repair' | 'sending' | 'on_way' | 'ready_pvz' | 'ready_shop' | 'done';

interface StageDef {
  key: ClientStageKey;
  /** `{служба}` stands for the return service, left out when none is chosen. */
  text: string;
  statuses: readonly TicketStatus[];
}

const PVZ_STAGES: readonly StageDef[] = [
  { key: 'waiting', text: 'Ждём вашу посылку', statuses: ['new', 'delivery_requested'] },
  {
    key: 'arrived',
    text: 'Посылка пришла в ПВЗ, скоро заберём её в ремонт',
    statuses: ['at_pvz', 'picked_from_pvz'],
  },
  { key: 'repair', text: 'Устройство в ремонте', statuses: ['in_repair'] },
  {
    key: 'sending',
    text: 'Готово, отправляем в ПВЗ {служба}',
    statuses: ['repair_done', 'return_delivery_requested', 'to_pvz'],
  },
  { key: 'on_way', text: 'Едет к вам в ПВЗ {служба}', statuses: ['delivery_to_client'] },
  { key: 'ready_pvz', text: 'Ждёт вас в ПВЗ {служба}', statuses: ['notify_client', 'returned'] },
  { key: 'done', text: 'Выдано', statuses: ['closed'] },
];

const WALK_IN_STAGES: readonly StageDef[] = [
  { key: 'accepted', text: 'Устройство принято', statuses: ['new'] },
  { key: 'repair', text: 'Устройство в ремонте', statuses: ['in_repair'] },
  { key: 'ready_shop', text: 'Готово, ждём вас', statuses: ['repair_done', 'notify_client'] },
  { key: 'done', text: 'Выдано', statuses: ['closed'] },
];

export interface ClientStage {
  key: ClientStageKey;
  text: string;
}

function stagesOf(intake: Intake): readonly StageDef[] {
  return intake === 'walk_in' ? WALK_IN_STAGES : PVZ_STAGES;
}

function withService(text: string, returnProvider: string | null): string {
  const service = isProvider(returnProvider) ? PROVIDER_LABELS[returnProvider] : '';
  return text.replace(' {служба}', service ? ` ${service}` : '');
}

/** Every stage of the ticket's route, in order, worded for the client. */
export function clientStages(intake: Intake, returnProvider: string | null): ClientStage[] {
  return stagesOf(intake).map((stage) => ({ key: stage.key, text: withService(stage.text, returnProvider) }));
}

/** The stage a status belongs to on this route; a status off the route counts as its first stage. */
export function clientStageIndex(status: string, intake: Intake): number {
  const index = stagesOf(intake).findIndex((stage) => (stage.statuses as readonly string[]).includes(status));
  return Math.max(index, 0);
}

/** The stage the ticket is at, in the client's words. */
export function clientStage(ticket: {
  status: string;
  intake: Intake;
  returnProvider: string | null;
}): ClientStage {
  return clientStages(ticket.intake, ticket.returnProvider)[clientStageIndex(ticket.status, ticket.intake)]!;
}
