import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, formatRubles } from '../../../../domain/money';
import type { MoneyFlow, TakingsReportDto } from '../../../../domain/reports';
import { useTakingsReport, type ReportPeriod } from '../api/reports-api';
import { bucketLabel, ReportCard } from './report-parts';

const net = (flow: MoneyFlow) => flow.taken - flow.refunded;

/**
 * «Выручка» (issue 53): what was taken and given back over a period, by day, week or month, with
 * the numbers beside the chart, and by method, by the repair's type and by who took it.
 */
export function TakingsReportCard({ period, valid }: { period: ReportPeriod; valid: boolean }) {
  const report = useTakingsReport(period, valid);
  return (
    <ReportCard
      title="Выручка"
      testId="takings-report"
      file={valid ? { report: 'takings', period } : null}
      query={report}
    >
      {valid && report.data && <TakingsFigures report={report.data} />}
    </ReportCard>
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
