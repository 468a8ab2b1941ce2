import { PROVIDER_LABELS, PROVIDERS, type Provider } from './providers';

// How a ticket came in, as the dashboard groups and the worklist filters it (issue 20). Kept
// free of zod: the worklist's first screen reads it.

/** Beside the ПВЗ services: no service chosen yet, or brought in by the client. */
export const TICKET_CHANNEL_EXTRAS = ['none', 'walk_in'] as const;
export type TicketChannel = Provider | (typeof TICKET_CHANNEL_EXTRAS)[number];
export const TICKET_CHANNELS: readonly TicketChannel[] = [...PROVIDERS, ...TICKET_CHANNEL_EXTRAS];

export function isTicketChannel(value: string): value is TicketChannel {
  return (TICKET_CHANNELS as readonly string[]).includes(value);
}

export function channelLabel(channel: TicketChannel): string {
  if (channel === 'none') return 'Служба не выбрана';
  if (channel === 'walk_in') return 'Клиент принёс сам';
  return PROVIDER_LABELS[channel];
}
