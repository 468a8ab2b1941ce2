import {
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate, formatMonth, isCalendarDate } from '../../../../domain/calendar-date';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import {
  REPORT_PAGE,
  REPORT_STEPS,
  REPORT_STEP_LABELS,
  reportQuery,
  type ReportStep,
} from '../../../../domain/reports';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { reportFileHref, type ReportPeriod } from '../api/reports-api';

/** A bucket's name as a person reads it: «05.03», «с 02.03», «март 2026 г.». */
export function bucketLabel(start: string, step: ReportStep): string {
  if (step === 'month') return formatMonth(start);
  const day = formatCalendarDate(start).slice(0, 5);
  return step === 'week' ? `с ${day}` : day;
}

/** «1,5 дн.» */
export function formatDays(days: number): string {
  return `${days.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} дн.`;
}

/** The period every report of the page reads: two dates and, where it matters, the step. */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: ReportPeriod;
  onChange: (period: ReportPeriod) => void;
}) {
  const checked = reportQuery.safeParse(period);
  return (
    <Stack gap={4}>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="С"
          value={period.from}
          onChange={(e) => onChange({ ...period, from: e.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="По"
          value={period.to}
          onChange={(e) => onChange({ ...period, to: e.currentTarget.value })}
        />
        <SegmentedControl
          aria-label="Шаг"
          data={REPORT_STEPS.map((value) => ({ value, label: REPORT_STEP_LABELS[value] }))}
          value={period.step}
          onChange={(value) => onChange({ ...period, step: value as ReportStep })}
        />
      </Group>
      {!checked.success && (
        <Text size="sm" c="red.9" role="alert">
          {isCalendarDate(period.from) && isCalendarDate(period.to)
            ? (checked.error.issues[0]?.message ?? 'Проверьте период')
            : 'Укажите обе даты периода'}
        </Text>
      )}
    </Stack>
  );
}

export const periodIsValid = (period: ReportPeriod) => reportQuery.safeParse(period).success;

/** A report's card: its title, a spinner while it loads, its files, a retry when it failed. */
export function ReportCard({
  title,
  testId,
  file,
  query,
  children,
}: {
  title: string;
  testId: string;
  file: { report: string; period?: ReportPeriod } | null;
  query: { isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={500}>{title}</Text>
            {query.isFetching && <Loader size="xs" aria-label="Загрузка" />}
          </Group>
          {file && (
            <Group gap="md">
              <Anchor href={reportFileHref(file.report, 'csv', file.period)} download className="tap-target">
                Скачать CSV
              </Anchor>
              <Anchor href={reportFileHref(file.report, 'xlsx', file.period)} download className="tap-target">
                Скачать Excel
              </Anchor>
            </Group>
          )}
        </Group>
        {query.isError && (
          <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** A figure with its caption, as the tops of the reports show them. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** A repair in a report's list: its number as a link, then what tells it apart. */
export function TicketCell({ id, details, note }: { id: number; details: string[]; note?: string }) {
  return (
    <>
      <Anchor component={Link} to={paths.ticket(id)} size="sm">
        {ticketNumber(id)}
      </Anchor>{' '}
      <Text span size="sm">
        {details.filter(Boolean).join(', ')}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </>
  );
}

/** «1–50 из 120», back and forth a page; an offset past the end (the list shrank) goes back. */
export function Pager({
  offset,
  total,
  onChange,
}: {
  offset: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  useEffect(() => {
    if (total > 0 && offset >= total) onChange(Math.floor((total - 1) / REPORT_PAGE) * REPORT_PAGE);
  }, [offset, total, onChange]);
  if (total <= REPORT_PAGE) return null;
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="xs"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - REPORT_PAGE))}
      >
        Назад
      </Button>
      <Text size="sm">{`${offset + 1}–${Math.min(total, offset + REPORT_PAGE)} из ${total}`}</Text>
      <Button
        variant="default"
        size="xs"
        disabled={offset + REPORT_PAGE >= total}
        onClick={() => onChange(offset + REPORT_PAGE)}
      >
        Дальше
      </Button>
    </Group>
  );
}
