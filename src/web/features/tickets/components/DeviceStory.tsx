import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import type { DeviceTicketDto } from '../../../../domain/device-key';
import { todayIn } from '../../../../domain/due-marks';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { localTimeZone, warrantyText, warrantyUntil } from '../../../../domain/warranty';

/** «#12 от 03.05.2026, гарантия до 03.08.2026»: one visit of a device, as intake and its page say it. */
export function visitText(ticket: DeviceTicketDto): string {
  const zone = localTimeZone();
  const created = formatCalendarDate(todayIn(zone, new Date(ticket.createdAt)));
  const warranty = warrantyText(
    warrantyUntil(ticket.closedAt, ticket.warrantyDays, zone),
    todayIn(zone, new Date()),
  );
  return [`${ticketNumber(ticket.id)} от ${created}`, warranty].filter(Boolean).join(', ');
}

/** A device's visits, newest first: each with its dates, what was done and its warranty. */
export function DeviceVisits({ tickets, exceptId }: { tickets: DeviceTicketDto[]; exceptId?: number }) {
  return (
    <Stack gap="xs">
      {tickets
        .filter((ticket) => ticket.id !== exceptId)
        .map((ticket) => (
          <Stack key={ticket.id} gap={0}>
            <Anchor component={Link} to={paths.ticket(ticket.id)} underline="always">
              {visitText(ticket)}
            </Anchor>
            <Text size="sm" c="dimmed">
              {[ticket.title, ticket.device, ticket.clientName].filter(Boolean).join(' · ')}
            </Text>
            {ticket.repairSummary && <Text size="sm">{ticket.repairSummary}</Text>}
          </Stack>
        ))}
    </Stack>
  );
}
