import { Badge } from '@mantine/core';
import { TICKET_STATUS_COLORS, ticketBadgeLabel, type SteppableTicket } from '../../domain/ticket-status';

/** Status badge; names the provider in the statuses where spec §4 says so. */
export function TicketStatusBadge({
  ticket,
  size = 'md',
}: {
  ticket: SteppableTicket;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge
      color={TICKET_STATUS_COLORS[ticket.status]}
      variant="light"
      tt="none"
      size={size}
      style={{ flexShrink: 0 }}
      data-testid="ticket-status"
    >
      {ticketBadgeLabel(ticket)}
    </Badge>
  );
}
