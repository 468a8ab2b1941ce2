import { Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatRubles } from '../../../../domain/money';
import { isTicketStatus, TICKET_STATUS_LABELS } from '../../../../domain/ticket-status';
import { useUnpaidReport } from '../api/reports-api';
import { Figure, Pager, ReportCard, TicketCell } from './report-parts';
import { useShopDate } from '../../../lib/shop-today';

/** «Долги» (issue 53): every finished repair that still owes, whatever the period, the largest first. */
export function UnpaidReportCard() {
  const [offset, setOffset] = useState(0);
  const report = useUnpaidReport(offset);
  const shopDate = useShopDate();
  const data = report.data;
  return (
    <ReportCard title="Долги" testId="unpaid-report" file={{ report: 'unpaid' }} query={report}>
      {data && (
        <Stack gap="xs">
          <Figure
            label={`Должны по ${data.total} заявкам`}
            value={formatRubles(data.due)}
            testId="unpaid-total"
          />
          {data.total === 0 ? (
            <Text size="sm" c="dimmed">
              Долгов нет: все готовые ремонты оплачены.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing={4} data-testid="unpaid-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Заявка</Table.Th>
                    <Table.Th>Статус</Table.Th>
                    <Table.Th ta="right">Сумма</Table.Th>
                    <Table.Th ta="right">Оплачено</Table.Th>
                    <Table.Th ta="right">Долг</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <TicketCell
                          id={row.id}
                          details={[row.clientName, row.device]}
                          note={`принята ${shopDate(row.createdAt)}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        {isTicketStatus(row.status) ? TICKET_STATUS_LABELS[row.status] : row.status}
                      </Table.Td>
                      <Table.Td ta="right">{formatRubles(row.total)}</Table.Td>
                      <Table.Td ta="right">{formatRubles(row.paid)}</Table.Td>
                      <Table.Td ta="right" fw={600}>
                        {formatRubles(row.due)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Pager offset={offset} total={data.total} onChange={setOffset} />
        </Stack>
      )}
    </ReportCard>
  );
}
