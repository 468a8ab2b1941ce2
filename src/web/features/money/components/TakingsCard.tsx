import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { formatRubles, PAYMENT_METHOD_LABELS } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { ticketStatusLabel } from '../../../../domain/ticket-status';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { useTakings } from '../api/cash-api';

/** «Выручка за сегодня» (issue 50): the day's payments by method, and the finished repairs still owing. */
export function TakingsCard() {
  const takings = useTakings();
  return (
    <Paper withBorder p="md" radius="md" data-testid="takings">
      {takings.isPending ? (
        <Skeleton height={80} />
      ) : takings.isError ? (
        <LoadFailed message={errorMessage(takings.error)} onRetry={() => void takings.refetch()} />
      ) : (
        <Stack gap="xs">
          <Text fw={500}>{`Выручка за ${formatCalendarDate(takings.data.date)}`}</Text>
          {takings.data.byMethod.map((row) => (
            <Group key={row.method} justify="space-between" wrap="nowrap">
              <Text>{PAYMENT_METHOD_LABELS[row.method]}</Text>
              {/* The refunds' note under the sum: on a phone it would push the page wider. */}
              <Stack gap={0} align="flex-end">
                <Text style={{ whiteSpace: 'nowrap' }}>{formatRubles(row.taken - row.refunded)}</Text>
                {row.refunded > 0 && (
                  <Text size="sm" c="dimmed" ta="right">
                    {`за вычетом возвратов ${formatRubles(row.refunded)}`}
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>Всего</Text>
            <Text fw={700} data-testid="takings-net">
              {formatRubles(takings.data.net)}
            </Text>
          </Group>
          <Text fw={500} mt="sm">
            {takings.data.unpaid.count === 0
              ? 'Готовые ремонты оплачены полностью'
              : `Не оплачено по готовым ремонтам: ${takings.data.unpaid.count} на ${formatRubles(takings.data.unpaid.sum)}`}
          </Text>
          {takings.data.unpaid.tickets.map((ticket) => (
            <Anchor key={ticket.id} component={Link} to={paths.ticket(ticket.id)} size="sm">
              {`${ticketNumber(ticket.id)} · ${ticket.clientName}${ticket.device ? ` · ${ticket.device}` : ''} · ${ticketStatusLabel(ticket.status, ticket.intake)} — ${formatRubles(ticket.due)}`}
            </Anchor>
          ))}
          {takings.data.unpaid.count > takings.data.unpaid.tickets.length && (
            <Text size="sm" c="dimmed">
              {`и ещё ${takings.data.unpaid.count - takings.data.unpaid.tickets.length}`}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
