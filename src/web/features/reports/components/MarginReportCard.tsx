import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatRubles } from '../../../../domain/money';
import type { MarginReportDto } from '../../../../domain/reports';
import { useMarginReport, useMarginTickets, type ReportPeriod } from '../api/reports-api';
import { bucketLabel, Figure, Pager, ReportCard, TicketCell } from './report-parts';
import { useShopDate } from '../../../lib/shop-today';

/**
 * «Маржа» (issue 53): the repairs closed in the period — works and parts at their price, parts at
 * their cost, the margin, the average ticket — by day, week or month, and each repair below.
 */
export function MarginReportCard({ period, valid }: { period: ReportPeriod; valid: boolean }) {
  const report = useMarginReport(period, valid);
  return (
    <ReportCard
      title="Маржа"
      testId="margin-report"
      file={valid ? { report: 'margin', period } : null}
      query={report}
    >
      {valid && report.data && <MarginFigures report={report.data} />}
      {valid && <MarginTickets period={period} />}
    </ReportCard>
  );
}

function MarginFigures({ report }: { report: MarginReportDto }) {
  const { total } = report;
  const rows = report.buckets.map((bucket) => ({
    label: bucketLabel(bucket.start, report.step),
    margin: bucket.margin / 100,
  }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Закрыто заявок" value={String(total.tickets)} testId="margin-tickets" />
        <Figure label="Работы и запчасти" value={formatRubles(total.works + total.parts)} />
        <Figure label="Маржа" value={formatRubles(total.margin)} testId="margin-total" />
        <Figure label="Средний чек" value={formatRubles(total.average)} testId="margin-average" />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {`Работы ${formatRubles(total.works)}, запчасти ${formatRubles(total.parts)}, их себестоимость ${formatRubles(total.partsCost)}.`}
        {total.partsWithoutCost > 0 &&
          ` Запчастей не со склада: ${total.partsWithoutCost} — их себестоимость неизвестна и в маржу не вычтена.`}
        {' Средний чек — по заявкам с суммой больше нуля.'}
      </Text>
      {total.tickets > 0 && (
        <BarChart
          h={200}
          data={rows}
          dataKey="label"
          series={[{ name: 'margin', label: 'Маржа, ₽', color: 'indigo.6' }]}
          valueFormatter={(value) => formatRubles(Math.round(value * 100))}
          // The list of repairs below says the same to a screen reader and a keyboard.
          aria-hidden
          barChartProps={{ accessibilityLayer: false }}
        />
      )}
    </Stack>
  );
}

function MarginTickets({ period }: { period: ReportPeriod }) {
  const [offset, setOffset] = useState(0);
  const [seen, setSeen] = useState(period);
  if (seen !== period) {
    // Another period starts from its first page.
    setSeen(period);
    setOffset(0);
  }
  const page = useMarginTickets(period, offset, true);
  const shopDate = useShopDate();
  const data = page.data;
  if (!data) return null;
  if (data.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        За этот период заявок не закрывали.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} data-testid="margin-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Заявка</Table.Th>
              <Table.Th>Закрыта</Table.Th>
              <Table.Th ta="right">Работы и запчасти</Table.Th>
              <Table.Th ta="right">Себестоимость</Table.Th>
              <Table.Th ta="right">Маржа</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <TicketCell id={row.id} details={[row.device, row.clientName]} />
                </Table.Td>
                <Table.Td>{shopDate(row.closedAt)}</Table.Td>
                <Table.Td ta="right">{formatRubles(row.works + row.parts)}</Table.Td>
                <Table.Td ta="right">{formatRubles(row.partsCost)}</Table.Td>
                <Table.Td ta="right">{formatRubles(row.margin)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager offset={offset} total={data.total} onChange={setOffset} />
    </Stack>
  );
}
