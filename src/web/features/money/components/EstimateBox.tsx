import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { estimateStateText, type EstimateDto } from '../../../../domain/estimate';
import { formatRubles } from '../../../../domain/money';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { MoneyWrites } from '../api/money-api';

const STATE_COLOR = {
  approved: 'green.9',
  declined: 'red.9',
  pending: 'dimmed',
  outdated: 'orange.9',
} as const;

function stateOf(estimate: EstimateDto): keyof typeof STATE_COLOR {
  if (estimate.outdated) return 'outdated';
  return estimate.answer ?? 'pending';
}

/**
 * The estimate (issue 50): «Отправить смету клиенту» sends the lines as they are now and opens
 * the message with its sum and link; the box then shows the client's answer, and after a change
 * to the lines asks to send it again.
 */
export function EstimateBox({
  estimate,
  hasLines,
  locked,
  writes,
  onSent,
}: {
  estimate: EstimateDto | null;
  hasLines: boolean;
  locked: boolean;
  writes: MoneyWrites;
  onSent: () => void;
}) {
  const send = () =>
    writes.sendEstimate.mutate(undefined, {
      onSuccess: onSent,
      onError: (error) => toast.error(errorMessage(error)),
    });
  const canSend = !locked && hasLines;
  if (!estimate) {
    return canSend ? (
      <Button variant="default" size="xs" loading={writes.sendEstimate.isPending} onClick={send}>
        Отправить смету клиенту
      </Button>
    ) : null;
  }
  const state = stateOf(estimate);
  const answered = estimate.answeredAt && !estimate.outdated ? ` ${formatDateTime(estimate.answeredAt)}` : '';
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="estimate">
      <Stack gap={4}>
        <Text size="sm">
          {`Смета № ${estimate.version}: ${formatRubles(estimate.total)} · отправлена ${formatDateTime(estimate.sentAt)} · ${estimate.sentByName}`}
        </Text>
        <Text size="sm" fw={600} c={STATE_COLOR[state]} data-testid="estimate-state">
          {estimateStateText(estimate)}
          {answered}
        </Text>
        {!locked && (
          <Group gap="xs">
            {state === 'outdated' && hasLines ? (
              <Button size="xs" loading={writes.sendEstimate.isPending} onClick={send}>
                Отправить смету заново
              </Button>
            ) : (
              state === 'pending' && (
                <Button size="xs" variant="subtle" onClick={onSent}>
                  Напомнить клиенту
                </Button>
              )
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
