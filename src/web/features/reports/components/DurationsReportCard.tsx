import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Text } from '@mantine/core';
import type { DurationRow } from '../../../../domain/reports';
import { useDurationsReport, type ReportPeriod } from '../api/reports-api';
import { formatDays, ReportCard } from './report-parts';

/** «Сроки» (issue 53): how long repairs stayed in each status and each stage they left in the period. */
export function DurationsReportCard({ period, valid }: { period: ReportPeriod; valid: boolean }) {
  const report = useDurationsReport(period, valid);
  const data = valid ? report.data : undefined;
  return (
    <ReportCard
      title="Сроки по статусам и этапам"
      testId="durations-report"
      file={valid ? { report: 'durations', period } : null}
      query={report}
    >
      {data && (
        <Stack gap="sm">
          <BarChart
            h={200}
            data={data.statuses.map((row) => ({
              label: row.label,
              days: Number(row.averageDays.toFixed(1)),
            }))}
            dataKey="label"
            series={[{ name: 'days', label: 'В среднем, дней', color: 'orange.6' }]}
            // The tables below say the same to a screen reader and a keyboard.
            aria-hidden
            barChartProps={{ accessibilityLayer: false }}
          />
          <Durations title="Статус" rows={data.statuses} testId="durations-statuses" />
          <Durations title="Этап «В ремонте»" rows={data.stages} testId="durations-stages" />
        </Stack>
      )}
    </ReportCard>
  );
}

function Durations({ title, rows, testId }: { title: string; rows: DurationRow[]; testId: string }) {
  if (rows.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{title}</Table.Th>
            <Table.Th ta="right">Раз</Table.Th>
            <Table.Th ta="right">В среднем</Table.Th>
            <Table.Th ta="right">Дольше всего</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td ta="right">{row.spans}</Table.Td>
              <Table.Td ta="right">{row.spans ? formatDays(row.averageDays) : '—'}</Table.Td>
              <Table.Td ta="right">{row.spans ? formatDays(row.longestDays) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        Считаются заявки, покинувшие статус или этап за период.
      </Text>
    </Table.ScrollContainer>
  );
}
