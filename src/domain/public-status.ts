import { clientStageIndex, clientStages } from './client-stage';
import type { EstimateAnswer, EstimateLine } from './estimate';
import { formatPhone } from './phone';
import { ticketNumber } from './ticket-number';
import type { Intake } from './ticket-status';

// What a client sees at the ticket's public link (issue 19): the shop, the ticket's number and
// device, and the repair's stages in their words with dates. Built from a short list of
// fields on purpose: nothing internal (notes, staff, files, other tickets) can reach the page.

export interface PublicTicketFacts {
  id: number;
  status: string;
  intake: Intake;
  returnProvider: string | null;
  device: string;
  createdAt: string;
  closedAt: string | null;
  warrantyDays: number | null;
  /** The stage inside «В ремонте» in the client's words (issue 49); '' for none. */
  stageText: string;
  /** «К оплате» in kopecks (issue 50): the lines less what was paid; 0 when nothing is owed. */
  due: number;
  /** The estimate last sent (issue 50), or null. */
  estimate: PublicEstimate | null;
}

/** The estimate as the client reads and answers it: the lines' names and sums, nothing else. */
export interface PublicEstimate {
  version: number;
  lines: Pick<EstimateLine, 'name' | 'quantity' | 'total'>[];
  total: number;
  answer: EstimateAnswer | null;
  answeredAt: string | null;
}

export interface PublicShopFacts {
  name: string;
  phone: string;
  address: string;
  hours: string;
}

/** A status change from the ticket's history: when it entered which status. */
export interface StatusEntry {
  status: string;
  at: string;
}

export interface PublicStageView {
  text: string;
  state: 'done' | 'current' | 'next';
  /** When the ticket last entered this stage; null for stages still ahead. */
  at: string | null;
}

export interface PublicStatusView {
  shop: PublicShopFacts;
  number: string;
  device: string;
  current: string;
  stages: PublicStageView[];
  /** Once handed over with a warranty: when it was closed and for how many days (issue 49). */
  warranty: { closedAt: string; days: number } | null;
  /** What the client still owes, kopecks; 0 shows nothing. */
  due: number;
  /** Shown while the ticket is open. */
  estimate: PublicEstimate | null;
}

/**
 * The page's content. A stage's date is the last time the ticket entered it (a step back and
 * forward again moves it); the first stage dates from the ticket's creation.
 */
export function publicStatusView(
  ticket: PublicTicketFacts,
  history: readonly StatusEntry[],
  shop: PublicShopFacts,
): PublicStatusView {
  const stages = clientStages(ticket.intake, ticket.returnProvider);
  const current = clientStageIndex(ticket.status, ticket.intake);
  const entered: (string | null)[] = stages.map((_, index) => (index === 0 ? ticket.createdAt : null));
  let previous = 0;
  for (const entry of [...history].sort((a, b) => a.at.localeCompare(b.at))) {
    const index = clientStageIndex(entry.status, ticket.intake);
    // Moving within a stage (two statuses, one stage) keeps the stage's date.
    if (index !== previous) entered[index] = entry.at;
    previous = index;
  }
  return {
    shop: { ...shop, phone: formatPhone(shop.phone) },
    number: ticketNumber(ticket.id),
    device: ticket.device,
    // «В ремонте» says which stage in plain words, when the shop gave it some.
    current:
      ticket.status === 'in_repair' && ticket.stageText
        ? `${stages[current]!.text}: ${ticket.stageText}`
        : stages[current]!.text,
    stages: stages.map((stage, index) => ({
      text: stage.text,
      state: index < current ? 'done' : index === current ? 'current' : 'next',
      at: index <= current ? (entered[index] ?? null) : null,
    })),
    warranty:
      ticket.status === 'closed' && ticket.closedAt && ticket.warrantyDays
        ? { closedAt: ticket.closedAt, days: ticket.warrantyDays }
        : null,
    due: ticket.due,
    estimate: ticket.status === 'closed' ? null : ticket.estimate,
  };
}
