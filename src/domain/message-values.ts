import { clientStage } from './client-stage';
import { formatRubles } from './money';
import { addressName } from './client-message';
import type { TemplateValues } from './message-templates';
import { formatPhone } from './phone';
import { PROVIDER_LABELS, isProvider } from './providers';
import { ticketNumber } from './ticket-number';
import type { Intake } from './ticket-status';

export interface MessageTicket {
  id: number;
  status: string;
  intake: Intake;
  clientName: string;
  device: string;
  deliveryProvider: string | null;
  returnProvider: string | null;
}

/** Statuses before the repair: {служба} is then the one bringing the device in. */
const INBOUND = new Set<string>(['new', 'delivery_requested', 'at_pvz', 'picked_from_pvz']);

function serviceFor(ticket: MessageTicket): string {
  const provider = INBOUND.has(ticket.status) ? ticket.deliveryProvider : ticket.returnProvider;
  return isProvider(provider) ? PROVIDER_LABELS[provider] : '';
}

/** The ticket's sums for {смета} and {к_оплате} (issue 50), in kopecks. */
export interface MessageMoney {
  /** The estimate last sent; null before one is. */
  estimateTotal: number | null;
  due: number;
}

/** What each placeholder of a message stands for on this ticket (issue 19). */
export function messageValues(
  ticket: MessageTicket,
  shop: { name: string; phone: string },
  statusLink: string,
  money: MessageMoney = { estimateTotal: null, due: 0 },
): TemplateValues {
  return {
    клиент: addressName(ticket.clientName),
    номер: ticketNumber(ticket.id),
    устройство: ticket.device,
    статус: clientStage(ticket).text,
    служба: serviceFor(ticket),
    ссылка: statusLink,
    магазин: shop.name,
    телефон_магазина: shop.phone ? formatPhone(shop.phone) : '',
    смета: money.estimateTotal === null ? '' : formatRubles(money.estimateTotal),
    к_оплате: money.due > 0 ? formatRubles(money.due) : '',
  };
}
