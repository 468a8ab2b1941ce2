import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { weekLabel, type DashboardDto } from '../../../../domain/dashboard';
import { channelLabel } from '../../../../domain/ticket-channels';
import { paths } from '../../../../domain/routes';
import { TICKET_STATUS_LABELS } from '../../../../domain/ticket-status';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { TakingsCard } from '../../money/public';
import { MyPayCard } from '../../pay/public';
import { useCan } from '../../../lib/session';
import { useDashboard } from '../api/dashboard-api';

/** The worklist filtered to what a figure counts. */
const workLink = (params: Record<string, string>) => `${paths.work}?${new URLSearchParams(params)}`;

interface Row {
  label: string;
  /** Where the row's bars and link lead, or one place per series (`to_<series>`). */
  to: string;
  [value: string]: string | number | null;
}

/** «2,5 дн.», «—» for no figure. */
const figure = (value: string | number | null | undefined, unit: string) =>
  typeof value === 'number' ? `${value.toLocaleString('ru-RU')}${unit}` : '—';

const linkOf = (row: Row, series: string) => {
  const own = row[`to_${series}`];
  return typeof own === 'string' ? own : row.to;
};

/**
 * A bar chart whose bars open the filtered worklist, with the same figures as a list of links
 * under it: a keyboard, a screen reader and a thumb that misses a thin bar all get there too.
 */
function ChartCard({
  title,
  rows,
  series,
  unit = '',
  horizontal = false,
  splitLinks = false,
}: {
  title: string;
  rows: Row[];
  series: { name: string; label: string; color: string }[];
  unit?: string;
  horizontal?: boolean;
  /** One link per series (each leads elsewhere) instead of one per row. */
  splitLinks?: boolean;
}) {
  const navigate = useNavigate();
  const height = horizontal ? Math.max(160, rows.length * 34 + 40) : 240;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`chart-${title}`}>
      <Stack gap="sm">
        <Text fw={500}>{title}</Text>
        <BarChart
          h={height}
          data={rows}
          dataKey="label"
          orientation={horizontal ? 'vertical' : 'horizontal'}
          series={series}
          withLegend={series.length > 1}
          valueFormatter={(value) => figure(value, unit)}
          // The links below say the same to a screen reader and a keyboard: the chart is hidden from
          // both, so recharts' keyboard layer (a focusable svg) is off too.
          aria-hidden
          barChartProps={{ accessibilityLayer: false }}
          // Counts of tickets are whole: no «0,25» on their axis (issue 48). Days may be fractional.
          yAxisProps={horizontal ? { width: 150 } : { allowDecimals: unit !== '' }}
          xAxisProps={horizontal ? { allowDecimals: unit !== '' } : undefined}
          gridAxis={horizontal ? 'x' : 'y'}
          barProps={(one) => ({
            cursor: 'pointer',
            onClick: (bar: { payload?: Row }) => {
              if (bar.payload) void navigate(linkOf(bar.payload, one.name));
            },
          })}
        />
        <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((row, index) =>
            splitLinks ? (
              series.map((one) => (
                <li key={`${index}-${one.name}`}>
                  <Anchor component={Link} to={linkOf(row, one.name)} size="sm" className="tap-target">
                    {row.label} {one.label.toLowerCase()}: {figure(row[one.name], unit)}
                  </Anchor>
                </li>
              ))
            ) : (
              <li key={index}>
                <Anchor component={Link} to={row.to} size="sm" className="tap-target">
                  {row.label}: {series.map((one) => figure(row[one.name], unit)).join(' / ')}
                </Anchor>
              </li>
            ),
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function StatCard({ label, value, to, color }: { label: string; value: number; to: string; color?: string }) {
  return (
    <UnstyledButton component={Link} to={to} className="tap-target">
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={28} fw={700} c={value > 0 ? color : undefined}>
          {value}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

function Figures({ data }: { data: DashboardDto }) {
  const tickets = { type: 'tickets' };
  const statusRows: Row[] = data.openByStatus.map((row) => ({
    label: TICKET_STATUS_LABELS[row.status],
    to: workLink({ ...tickets, status: row.status }),
    count: row.count,
  }));
  const channelRows: Row[] = data.openByChannel.map((row) => ({
    label: channelLabel(row.channel),
    to: workLink({ ...tickets, provider: row.channel }),
    count: row.count,
  }));
  const weekRows: Row[] = data.weeks.map((week) => ({
    label: weekLabel(week.start),
    to: workLink({ ...tickets, states: 'new,in_progress,closed', receivedWeek: week.start }),
    to_received: workLink({ ...tickets, states: 'new,in_progress,closed', receivedWeek: week.start }),
    to_closed: workLink({ ...tickets, states: 'closed', closedWeek: week.start }),
    received: week.received,
    closed: week.closed,
  }));
  const stageRows: Row[] = data.stages.map((row) => ({
    label: TICKET_STATUS_LABELS[row.status],
    to: workLink({ ...tickets, status: row.status }),
    days30: row.days30,
    days90: row.days90,
  }));
  const loadRows: Row[] = data.load.map((row) => ({
    label: row.name,
    to: workLink({ assignee: row.assigneeId === null ? 'none' : String(row.assigneeId) }),
    open: row.open,
    overdue: row.overdue,
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <StatCard label="Просрочено" value={data.overdue} to={workLink({ order: 'overdue' })} color="red" />
        <StatCard
          label="Срок сегодня"
          value={data.dueToday}
          to={workLink({ order: 'overdue' })}
          color="orange"
        />
        <StatCard
          label="Дольше срока в статусе"
          value={data.overLimit}
          to={workLink({ ...tickets, overLimit: '1' })}
          color="orange"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          title="Открытые заявки по статусам"
          rows={statusRows}
          series={[{ name: 'count', label: 'Заявок', color: 'blue.6' }]}
          horizontal
        />
        <ChartCard
          title="Открытые заявки по службам"
          rows={channelRows}
          series={[{ name: 'count', label: 'Заявок', color: 'grape.6' }]}
          horizontal
        />
        <ChartCard
          title="Принято и закрыто по неделям"
          rows={weekRows}
          series={[
            { name: 'received', label: 'Принято', color: 'blue.6' },
            { name: 'closed', label: 'Закрыто', color: 'teal.6' },
          ]}
          splitLinks
        />
        <ChartCard
          title="Дней в статусе в среднем"
          rows={stageRows}
          unit=" дн."
          series={[
            { name: 'days30', label: 'За 30 дней', color: 'orange.6' },
            { name: 'days90', label: 'За 90 дней', color: 'gray.5' },
          ]}
          horizontal
        />
        <ChartCard
          title="Нагрузка по сотрудникам"
          rows={loadRows}
          series={[
            { name: 'open', label: 'Открыто', color: 'blue.6' },
            { name: 'overdue', label: 'Просрочено', color: 'red.6' },
          ]}
          horizontal
        />
      </SimpleGrid>
    </>
  );
}

function Loading(): ReactNode {
  return (
    <Stack aria-busy="true" aria-label="Загрузка сводки">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={80} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={280} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** «Сводка» (issue 20): how the shop is doing, each figure a way into the filtered worklist. */
export function DashboardPage() {
  const dashboard = useDashboard();
  // The day's takings come with «Касса» (issue 52).
  const seesTakings = useCan('cash.shift');
  return (
    <Stack>
      <Title order={2}>Сводка</Title>
      {seesTakings && <TakingsCard />}
      <MyPayCard />
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <LoadFailed message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Figures data={dashboard.data} />
      )}
    </Stack>
  );
}
