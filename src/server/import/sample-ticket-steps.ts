import { TICKET_PIPELINE } from '../../domain/ticket-status';

/** Where a legacy status was reached from: its neighbour in the pipeline. */
const LEGACY_FROM: Record<string, string> = {
  picked_from_pvz: 'at_pvz',
  return_delivery_requested: 'repair_done',
  returned: 'delivery_to_client',
};

export interface TicketSteps {
  /** The status's place in the pipeline; -1 for a legacy status. */
  pipelineIndex: number;
  /** How far along the pipeline the ticket went. */
  reach: number;
  /** The statuses it moved to after «new», in order. */
  path: string[];
}

/** The steps that led to `status`: through the pipeline, a legacy status reached from its neighbour. */
export function ticketSteps(status: string): TicketSteps {
  const path: string[] = [];
  const pipelineIndex = TICKET_PIPELINE.indexOf(status as (typeof TICKET_PIPELINE)[number]);
  const reach = pipelineIndex >= 0 ? pipelineIndex : TICKET_PIPELINE.indexOf(LEGACY_FROM[status] as 'new');
  for (let s = 1; s <= reach; s += 1) path.push(TICKET_PIPELINE[s] as string);
  if (pipelineIndex < 0) path.push(status);
  return { pipelineIndex, reach, path };
}
