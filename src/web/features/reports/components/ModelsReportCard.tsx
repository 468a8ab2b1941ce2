import { Stack, Table, Text } from '@mantine/core';
import { formatRubles } from '../../../../domain/money';
import { useModelsReport, type ReportPeriod } from '../api/reports-api';
import { ReportCard } from './report-parts';

/** «Модели» (issue 53): what the shop repairs most, by the device typed on the repairs taken in. */
export function ModelsReportCard({ period, valid }: { period: ReportPeriod; valid: boolean }) {
  const report = useModelsReport(period, valid);
  const data = valid ? report.data : undefined;
  return (
    <ReportCard
      title="Ремонты по моделям"
      testId="models-report"
      file={valid ? { report: 'models', period } : null}
      query={report}
    >
      {data && (
        <Stack gap="xs">
          <Text size="sm">
            {`Принято ремонтов: ${data.repairs}`}
            {data.withoutModel > 0 && `, из них без устройства: ${data.withoutModel}`}
          </Text>
          {data.models.length === 0 ? (
            <Text size="sm" c="dimmed">
              За этот период ремонтов с указанным устройством нет.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table verticalSpacing={4} data-testid="models-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Устройство</Table.Th>
                    <Table.Th ta="right">Ремонтов</Table.Th>
                    <Table.Th ta="right">Сумма</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.models.map((row) => (
                    <Table.Tr key={row.model}>
                      <Table.Td>{row.model}</Table.Td>
                      <Table.Td ta="right">{row.repairs}</Table.Td>
                      <Table.Td ta="right">{formatRubles(row.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </ReportCard>
  );
}
