import { Anchor, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { useShopToday } from '../../../lib/shop-today';
import { MoneyExportCard, usePayers } from '../../money/public';
import { PayReport } from '../../pay/public';
import type { ReportPeriod } from '../api/reports-api';
import { DurationsReportCard } from './DurationsReportCard';
import { MarginReportCard } from './MarginReportCard';
import { ModelsReportCard } from './ModelsReportCard';
import { periodIsValid, PeriodPicker } from './report-parts';
import { TakingsReportCard } from './TakingsReportCard';
import { UnpaidReportCard } from './UnpaidReportCard';

const MONEY_TABS = [
  { value: 'takings', label: 'Выручка' },
  { value: 'margin', label: 'Маржа' },
  { value: 'unpaid', label: 'Долги' },
  { value: 'models', label: 'Модели' },
  { value: 'durations', label: 'Сроки' },
] as const;
const PERIOD_TABS = new Set(['takings', 'margin', 'models', 'durations']);

/**
 * «Отчёты» (issues 52, 53): a tab per report over one period the tabs share, the staff's pay for
 * those who may see it, and the accountant's journals and payers' statements.
 */
export function ReportsPage() {
  const today = useShopToday();
  const canReports = useCan('reports');
  const canPay = useCan('pay');
  const [params, setParams] = useSearchParams();
  const [period, setPeriod] = useState<ReportPeriod>({
    from: `${today.slice(0, 8)}01`,
    to: today,
    step: 'day',
  });
  const tabs = [
    ...(canReports ? MONEY_TABS : []),
    ...(canPay ? [{ value: 'pay', label: 'Зарплаты' }] : []),
    ...(canReports ? [{ value: 'journals', label: 'Журналы' }] : []),
  ];
  const asked = params.get('tab');
  const tab = tabs.some((t) => t.value === asked) ? asked! : (tabs[0]?.value ?? 'pay');
  const valid = periodIsValid(period);

  const panels: Record<string, () => ReactNode> = {
    takings: () => <TakingsReportCard period={period} valid={valid} />,
    margin: () => <MarginReportCard period={period} valid={valid} />,
    unpaid: () => <UnpaidReportCard />,
    models: () => <ModelsReportCard period={period} valid={valid} />,
    durations: () => <DurationsReportCard period={period} valid={valid} />,
    pay: () => <PayReport />,
    journals: () => (
      <Stack>
        <MoneyExportCard />
        <PayerStatements />
      </Stack>
    ),
  };

  return (
    <Stack maw={860}>
      <Title order={2}>Отчёты</Title>
      <Tabs
        value={tab}
        onChange={(value) => value && setParams({ tab: value }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} className="tap-target">
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            <Stack>
              {PERIOD_TABS.has(t.value) && <PeriodPicker period={period} onChange={setPeriod} />}
              {panels[t.value]?.()}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
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
