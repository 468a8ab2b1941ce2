import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-schemas';
import { isTaskStatus } from '../../../../domain/task-status';
import { isTicketStatus } from '../../../../domain/ticket-status';
import type { WorkItemDto } from '../../../../domain/worklist-query';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';

// Spec §4: closed rows grey, urgent (to_pvz / at_pvz tickets, 'забрать' tasks) pale yellow.
const BACKGROUND = {
  closed: 'var(--mantine-color-gray-1)',
  urgent: 'var(--mantine-color-yellow-0)',
} as const;

function Badge({ item }: { item: WorkItemDto }) {
  if (item.kind === 'ticket' && isTicketStatus(item.status)) {
    return <TicketStatusBadge ticket={{ ...item, status: item.status }} />;
  }
  return isTaskStatus(item.status) ? <TaskStatusBadge status={item.status} /> : null;
}

/** One worklist row; the whole row opens the ticket or task. */
export function WorkRow({ item }: { item: WorkItemDto }) {
  const href = item.kind === 'ticket' ? paths.ticket(item.id) : paths.task(item.id);
  const label = item.kind === 'ticket' ? `Заявка ${ticketNumber(item.id)}` : `Задача ${item.id}`;
  const details = [
    item.clientName,
    item.assigneeName || 'Не назначен',
    item.dueDate && `срок ${formatCalendarDate(item.dueDate)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <UnstyledButton
      component={Link}
      to={href}
      data-testid="work-row"
      data-highlight={item.highlight ?? 'none'}
    >
      <Paper
        withBorder
        px="md"
        py="sm"
        radius="md"
        style={{ background: item.highlight ? BACKGROUND[item.highlight] : undefined }}
      >
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text
              fw={500}
              c={item.highlight === 'closed' ? 'dimmed' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              {item.title}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {details}
            </Text>
          </Stack>
          <Badge item={item} />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
