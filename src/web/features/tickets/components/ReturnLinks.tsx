import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';

/** A warranty return and its original, linked both ways (issue 49). */
export function ReturnLinks({ ticket }: { ticket: TicketDetailDto }) {
  if (ticket.returnOf === null && ticket.returns.length === 0) return null;
  return (
    <Group gap="xs">
      {ticket.returnOf !== null && (
        <Text size="sm">
          Гарантийный возврат по заявке{' '}
          <Anchor component={Link} to={paths.ticket(ticket.returnOf)} underline="always">
            {ticketNumber(ticket.returnOf)}
          </Anchor>
        </Text>
      )}
      {ticket.returns.length > 0 && (
        <Text size="sm">
          Гарантийные возвраты:{' '}
          {ticket.returns.map((r, index) => (
            <span key={r.id}>
              {index > 0 && ', '}
              <Anchor component={Link} to={paths.ticket(r.id)} underline="always">
                {ticketNumber(r.id)}
              </Anchor>
            </span>
          ))}
        </Text>
      )}
    </Group>
  );
}
