import { Group, Stack, Text, Title } from '@mantine/core';
import { ticketNumber, type TicketDetailDto } from '../../../../domain/ticket-schemas';
import { DueMarkBadge } from '../../../components/DueMarkBadge';
import { OverLimitBadge } from '../../../components/OverLimitBadge';
import { StageBadge } from '../../../components/StageBadge';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { formatDateTime } from '../../../lib/format';
import { localTimeZone, warrantyText, warrantyUntil } from '../../../../domain/warranty';
import { todayIn } from '../../../../domain/due-marks';

/**
 * The ticket's number and type, who made it and when (and when it closed, with the warranty's
 * end), its marks and status.
 */
export function TicketHeader({ ticket }: { ticket: TicketDetailDto }) {
  const zone = localTimeZone();
  const warranty = warrantyText(
    warrantyUntil(ticket.closedAt, ticket.warrantyDays, zone),
    todayIn(zone, new Date()),
  );
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Stack gap={4}>
        <Title order={2}>
          {ticketNumber(ticket.id)} · {ticket.title}
        </Title>
        <Text size="xs" c="dimmed">
          Создана {formatDateTime(ticket.createdAt)}
          {ticket.createdByName ? ` · ${ticket.createdByName}` : ''}
          {ticket.closedAt ? ` · закрыта ${formatDateTime(ticket.closedAt)}` : ''}
          {warranty ? ` · ${warranty}` : ''}
        </Text>
      </Stack>
      <Group gap={6}>
        <DueMarkBadge dueDate={ticket.dueDate} closed={ticket.status === 'closed'} />
        <OverLimitBadge ticket={ticket} />
        <StageBadge ticket={ticket} />
        <TicketStatusBadge ticket={ticket} size="lg" />
      </Group>
    </Group>
  );
}
