import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Page } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { ticketNumber, type TicketDto } from '../../../../domain/ticket-schemas';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { api } from '../../../lib/api';

/** The client's tickets, newest first, and a shortcut to open a new one for them. */
export function ClientTickets({ clientId }: { clientId: number }) {
  const tickets = useQuery({
    queryKey: ['tickets', 'list', { clientId }],
    queryFn: () => api<Page<TicketDto>>(`/api/tickets?clientId=${clientId}&limit=20`),
  });
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>Заявки клиента</Text>
        <Button size="xs" variant="light" component={Link} to={`${paths.ticketNew}?clientId=${clientId}`}>
          Новая заявка
        </Button>
      </Group>
      {tickets.data?.items.length === 0 && (
        <Text size="sm" c="dimmed">
          Нет заявок
        </Text>
      )}
      {tickets.data?.items.map((ticket) => (
        <Group key={ticket.id} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={paths.ticket(ticket.id)} size="sm">
            {ticketNumber(ticket.id)} · {ticket.title}
          </Anchor>
          <TicketStatusBadge ticket={ticket} size="sm" />
        </Group>
      ))}
    </Stack>
  );
}
