import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { MoneyExportCard, usePayers } from '../../money/public';
import { TakingsReportCard } from './TakingsReportCard';

/**
 * «Отчёты» (issues 52, 53): the takings of a period, the accountant's CSV journals and each payer's
 * statement, for those allowed «Отчёты».
 */
export function ReportsPage() {
  return (
    <Stack maw={760}>
      <Title order={2}>Отчёты</Title>
      <TakingsReportCard />
      <MoneyExportCard />
      <PayerStatements />
    </Stack>
  );
}

function PayerStatements() {
  const payers = usePayers();
  return (
    <Paper withBorder p="md" radius="md" data-testid="payer-statements">
      <Stack gap="xs">
        <Text fw={500}>Выписки плательщиков</Text>
        {payers.isError && (
          <LoadFailed message={errorMessage(payers.error)} onRetry={() => void payers.refetch()} />
        )}
        {payers.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Плательщиков нет: их заводят в «Настройках», когда за ремонт платит организация.
          </Text>
        )}
        {payers.data?.map((payer) => (
          <Anchor key={payer.id} component={Link} to={paths.payerStatement(payer.id)} className="tap-target">
            {payer.name}
          </Anchor>
        ))}
      </Stack>
    </Paper>
  );
}
