import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CASH_ENTRY_LABELS, type CashShiftDto, type CashShiftReportDto } from '../../../../domain/cash-desk';
import { formatRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { formatDateTime } from '../../../lib/format';

function Figure({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** «−50,00 ₽ (недостача)», «+20,00 ₽ (излишек)», «0,00 ₽ (сходится)». */
export function differenceText(difference: number): string {
  if (difference === 0) return `${formatRubles(0)} (сходится)`;
  return difference < 0
    ? `${formatRubles(difference)} (недостача)`
    : `+${formatRubles(difference)} (излишек)`;
}

/** A shift's sums: what it opened with, what moved, what should be there and what was counted. */
export function ShiftFigures({ shift }: { shift: CashShiftDto }) {
  const { totals } = shift;
  return (
    <Stack gap={2} data-testid="cash-figures">
      <Figure label="На начало смены" value={formatRubles(shift.openingCash)} />
      <Figure label="Оплаты наличными" value={formatRubles(totals.payments)} />
      <Figure label="Возвраты наличными" value={formatRubles(totals.refunds)} />
      <Figure label="Внесено" value={formatRubles(totals.cashIn)} />
      <Figure label="Изъято" value={formatRubles(totals.cashOut)} />
      <Figure
        label="Должно быть в кассе"
        value={formatRubles(shift.expectedCash)}
        strong
        testId="cash-expected"
      />
      {shift.countedCash !== null && (
        <>
          <Figure label="По факту" value={formatRubles(shift.countedCash)} strong testId="cash-counted" />
          <Figure
            label="Расхождение"
            value={differenceText(shift.difference ?? 0)}
            strong
            testId="cash-difference"
          />
        </>
      )}
    </Stack>
  );
}

/** Every movement of the shift's cash, oldest first, each payment linked to its ticket. */
export function ShiftEntries({ shift }: { shift: CashShiftReportDto }) {
  if (shift.entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Движений наличных пока нет.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="cash-entries">
      {shift.entries.map((entry, index) => {
        const sign = entry.kind === 'refund' || entry.kind === 'out' ? '−' : '+';
        return (
          <Text key={index} size="sm">
            {`${formatDateTime(entry.at)} · ${CASH_ENTRY_LABELS[entry.kind]} ${sign}${formatRubles(entry.amount)}`}
            {entry.ticketId !== null && (
              <>
                {' · '}
                <Anchor component={Link} to={paths.ticket(entry.ticketId)} size="sm">
                  {`заявка ${ticketNumber(entry.ticketId)}`}
                </Anchor>
              </>
            )}
            <Text span size="sm" c="dimmed">
              {` · ${entry.userName}${entry.reason ? ` · ${entry.reason}` : ''}`}
            </Text>
          </Text>
        );
      })}
    </Stack>
  );
}
