import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import {
  Group,
  Loader,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { isCalendarDate, formatCalendarDate } from '../../../../domain/calendar-date';
import { PAYMENT_METHOD_LABELS, formatRubles } from '../../../../domain/money';
import {
  REPORT_STEPS,
  REPORT_STEP_LABELS,
  reportQuery,
  type MoneyFlow,
  type ReportStep,
  type TakingsReportDto,
} from '../../../../domain/reports';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { useShopToday } from '../../../lib/shop-today';
import { useTakingsReport } from '../api/reports-api';

const MONTH = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A bucket's name as a person reads it: «05.03», «с 02.03», «март 2026 г.». */
function bucketLabel(start: string, step: ReportStep): string {
  if (step === 'month') return MONTH.format(new Date(`${start}T00:00:00Z`));
  const day = formatCalendarDate(start).slice(0, 5);
  return step === 'week' ? `с ${day}` : day;
}

const net = (flow: MoneyFlow) => flow.taken - flow.refunded;

/**
 * «Выручка» (issue 53): what was taken and given back over a period, by day, week or month, with
 * the numbers beside the chart, and by method, by the repair's type and by who took it.
 */
export function TakingsReportCard() {
  const today = useShopToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [step, setStep] = useState<ReportStep>('day');
  const period = reportQuery.safeParse({ from, to, step });
  const report = useTakingsReport(from, to, step, period.success);

  return (
    <Paper withBorder p="md" radius="md" data-testid="takings-report">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={500}>Выручка</Text>
          {report.isFetching && <Loader size="xs" />}
        </Group>
        <Group align="flex-end">
          <TextInput type="date" label="С" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label="По" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <SegmentedControl
            aria-label="Шаг"
            data={REPORT_STEPS.map((value) => ({ value, label: REPORT_STEP_LABELS[value] }))}
            value={step}
            onChange={(value) => setStep(value as ReportStep)}
          />
        </Group>
        {!period.success && (
          <Text size="sm" c="red.9">
            {isCalendarDate(from) && isCalendarDate(to)
              ? (period.error.issues[0]?.message ?? 'Проверьте период')
              : 'Укажите обе даты периода'}
          </Text>
        )}
        {report.isError && (
          <LoadFailed message={errorMessage(report.error)} onRetry={() => void report.refetch()} />
        )}
        {period.success && report.data && <TakingsFigures report={report.data} />}
      </Stack>
    </Paper>
  );
}

function TakingsFigures({ report }: { report: TakingsReportDto }) {
  const rows = report.buckets.map((bucket) => ({
    label: bucketLabel(bucket.start, report.step),
    net: net(bucket) / 100,
  }));
  const withMoney = report.buckets.filter((bucket) => bucket.taken > 0 || bucket.refunded > 0);
  return (
    <Stack gap="sm">
      <Group gap="lg">
        <Text>
          Итого: <b data-testid="takings-report-net">{formatRubles(net(report.total))}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {`принято ${formatRubles(report.total.taken)}, возвращено ${formatRubles(report.total.refunded)}`}
        </Text>
      </Group>
      <BarChart
        h={220}
        data={rows}
        dataKey="label"
        series={[{ name: 'net', label: 'Выручка, ₽', color: 'teal.6' }]}
        valueFormatter={(value) => formatRubles(Math.round(value * 100))}
        // The table below says the same to a screen reader and a keyboard.
        aria-hidden
        barChartProps={{ accessibilityLayer: false }}
      />
      {withMoney.length === 0 ? (
        <Text size="sm" c="dimmed">
          За этот период оплат не было.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} mah={320}>
          <Table verticalSpacing={4} data-testid="takings-report-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Период</Table.Th>
                <Table.Th ta="right">Принято</Table.Th>
                <Table.Th ta="right">Возвраты</Table.Th>
                <Table.Th ta="right">Итого</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {withMoney.map((bucket) => (
                <Table.Tr key={bucket.start}>
                  <Table.Td>{bucketLabel(bucket.start, report.step)}</Table.Td>
                  <Table.Td ta="right">{formatRubles(bucket.taken)}</Table.Td>
                  <Table.Td ta="right">{formatRubles(bucket.refunded)}</Table.Td>
                  <Table.Td ta="right">{formatRubles(net(bucket))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Breakdown
          title="По способу"
          rows={report.byMethod.map((row) => ({ name: PAYMENT_METHOD_LABELS[row.method], ...row }))}
        />
        <Breakdown title="По типу заявки" rows={report.byType.map((row) => ({ name: row.type, ...row }))} />
        <Breakdown title="Кто принял" rows={report.byPerson.map((row) => ({ name: row.person, ...row }))} />
      </SimpleGrid>
    </Stack>
  );
}

function Breakdown({ title, rows }: { title: string; rows: (MoneyFlow & { name: string })[] }) {
  return (
    <Stack gap={2} data-testid={`takings-by-${title}`}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
      {rows.map((row) => (
        <Group key={row.name} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">{row.name}</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatRubles(net(row))}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
