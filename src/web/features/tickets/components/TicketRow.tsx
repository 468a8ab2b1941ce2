import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { paths } from '../../../../domain/routes';
import { ticketNumber, type TicketDto } from '../../../../domain/ticket-schemas';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { DueMarkBadge } from '../../../components/DueMarkBadge';
import { OverLimitBadge } from '../../../components/OverLimitBadge';

export function TicketRow({ ticket }: { ticket: TicketDto }) {
  return (
    <UnstyledButton component={Link} to={paths.ticket(ticket.id)} data-testid="ticket-row">
      <Paper withBorder px="md" py="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
            <Text fw={500}>
              {ticketNumber(ticket.id)} · {ticket.title}
            </Text>
            {(ticket.device || ticket.serialNumber) && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="ticket-device">
                {[ticket.device, ticket.serialNumber && `S/N ${ticket.serialNumber}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {ticket.clientName || 'Без клиента'}
            </Text>
            <Text size="xs" c="dimmed">
              {ticket.assigneeName || 'Не назначен'}
              {ticket.dueDate ? ` · срок ${formatCalendarDate(ticket.dueDate)}` : ''}
            </Text>
          </Stack>
          <Group gap={6}>
            <DueMarkBadge dueDate={ticket.dueDate} closed={ticket.status === 'closed'} />
            <OverLimitBadge ticket={ticket} />
            <TicketStatusBadge ticket={ticket} />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
