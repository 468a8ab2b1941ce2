import { Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatCalendarDate, isCalendarDate } from '../../../../domain/calendar-date';
import { formatDateTimeIn } from '../../../../domain/date-time';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../../domain/due-marks';
import { formatRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { ticketStatusLabel } from '../../../../domain/ticket-status';
import { BackLink } from '../../../components/BackLink';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { useShopToday } from '../../../lib/shop-today';
import { workRulesQuery } from '../../../lib/work-rules-query';
import { usePayerStatement } from '../api/payers-api';

/**
 * A payer's statement (issue 50): the repairs taken in within the period (this month until
 * another is chosen), with what each comes to, was paid and is owed, and what the payer paid in
 * the period. The period rides in the address, so the page can be reopened or passed on.
 */
export function PayerStatementPage() {
  const id = Number(useParams().id);
  const today = useShopToday();
  const timeZone = useQuery(workRulesQuery).data?.timeZone ?? DEFAULT_SHOP_TIME_ZONE;
  const [params, setParams] = useSearchParams();
  const from = isCalendarDate(params.get('from') ?? '') ? params.get('from')! : `${today.slice(0, 8)}01`;
  const to = isCalendarDate(params.get('to') ?? '') ? params.get('to')! : today;
  const statement = usePayerStatement(id, from, to);
  const setPeriod = (key: 'from' | 'to', value: string) => {
    if (!isCalendarDate(value)) return;
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <Stack>
      <BackLink fallback={`${paths.reports}?tab=journals`} fallbackLabel="Отчёты" />
      <Title order={2}>
        {statement.data ? `Выписка: ${statement.data.payer.name}` : 'Выписка плательщика'}
      </Title>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="С"
          value={from}
          onChange={(event) => setPeriod('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="По"
          value={to}
          onChange={(event) => setPeriod('to', event.currentTarget.value)}
        />
        <Button variant="default" onClick={() => window.print()} disabled={!statement.data}>
          Печать
        </Button>
      </Group>
      {statement.isPending ? (
        <Skeleton height={120} />
      ) : statement.isError ? (
        <LoadFailed message={errorMessage(statement.error)} onRetry={() => void statement.refetch()} />
      ) : (
        <Paper withBorder p="md" radius="md" data-testid="payer-statement">
          <Stack>
            <Text size="sm">
              {`Ремонты, принятые с ${formatCalendarDate(statement.data.from)} по ${formatCalendarDate(statement.data.to)}`}
            </Text>
            {statement.data.payer.details && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {statement.data.payer.details}
              </Text>
            )}
            {statement.data.truncated && (
              <Text size="sm" c="orange.9">
                Ремонтов больше, чем помещается в выписку: показаны первые, суммы — по всем. Выберите период
                короче.
              </Text>
            )}
            {statement.data.rows.length === 0 ? (
              <Text c="dimmed">За этот период ремонтов нет.</Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Заявка</Table.Th>
                      <Table.Th>Клиент, устройство</Table.Th>
                      <Table.Th>Статус</Table.Th>
                      <Table.Th ta="right">Сумма</Table.Th>
                      <Table.Th ta="right">Оплачено</Table.Th>
                      <Table.Th ta="right">Долг</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {statement.data.rows.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>
                          <Link to={paths.ticket(row.id)}>{ticketNumber(row.id)}</Link>
                          {` от ${formatDateTimeIn(row.createdAt, timeZone).slice(0, 10)}`}
                        </Table.Td>
                        <Table.Td>{[row.clientName, row.device].filter(Boolean).join(' · ')}</Table.Td>
                        <Table.Td>{ticketStatusLabel(row.status, row.intake)}</Table.Td>
                        <Table.Td ta="right">{formatRubles(row.total)}</Table.Td>
                        <Table.Td ta="right">{formatRubles(row.paid)}</Table.Td>
                        <Table.Td ta="right">{formatRubles(row.due)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Stack gap={2} data-testid="statement-totals">
              <Text>{`Итого по ремонтам: ${formatRubles(statement.data.total)}`}</Text>
              <Text>{`Оплачено: ${formatRubles(statement.data.paid)}`}</Text>
              <Text fw={700}>{`Долг: ${formatRubles(statement.data.due)}`}</Text>
              <Text
                size="sm"
                c="dimmed"
              >{`Поступило за период: ${formatRubles(statement.data.paidInPeriod)}`}</Text>
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
