import { Stack, Text, Timeline } from '@mantine/core';
import {
  HISTORY_ACTION_LABELS,
  type HistoryAction,
  type HistoryEntryDto,
} from '../../../../domain/ticket-schemas';
import { formatDateTime } from '../../../lib/format';

function actionLabel(action: string): string {
  return HISTORY_ACTION_LABELS[action as HistoryAction] ?? action;
}

/** Newest first: what happened, who did it, when. */
export function HistoryList({ history }: { history: HistoryEntryDto[] }) {
  return (
    <Stack gap="xs">
      <Text fw={500}>История</Text>
      <Timeline bulletSize={12} lineWidth={2} data-testid="history">
        {history.map((entry) => (
          <Timeline.Item key={entry.id} title={actionLabel(entry.action)}>
            {entry.note && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {entry.note}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {entry.userName} · {formatDateTime(entry.ts)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
