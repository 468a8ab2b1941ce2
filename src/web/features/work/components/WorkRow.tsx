import { memo } from 'react';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { isTaskStatus } from '../../../../domain/task-status';
import { isTicketStatus } from '../../../../domain/ticket-status';
import type { WorkItemDto } from '../../../../domain/worklist-query';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { DueMarkBadge } from '../../../components/DueMarkBadge';
import { OverLimitBadge } from '../../../components/OverLimitBadge';

// Spec §4: closed rows grey, urgent (to_pvz / at_pvz tickets, 'забрать' tasks) pale yellow.
export const WORK_ROW_BACKGROUND = {
  closed: 'var(--mantine-color-gray-1)',
  urgent: 'var(--mantine-color-yellow-0)',
} as const;

export function WorkStatusBadge({ item }: { item: WorkItemDto }) {
  if (item.kind === 'ticket' && isTicketStatus(item.status)) {
    return <TicketStatusBadge ticket={{ ...item, status: item.status }} />;
  }
  return isTaskStatus(item.status) ? <TaskStatusBadge status={item.status} /> : null;
}

export function workItemHref(item: WorkItemDto): string {
  return item.kind === 'ticket' ? paths.ticket(item.id) : paths.task(item.id);
}

export function workItemLabel(item: WorkItemDto): string {
  return item.kind === 'ticket' ? `Заявка ${ticketNumber(item.id)}` : `Задача ${item.id}`;
}

/** One worklist row; the whole row opens the ticket or task. */
/**
 * One row; drawn again only when its item changes. A live update patches one row of the
 * page (issue 22), and the other rows keep their objects, so the screen redraws that row
 * alone.
 */
export const WorkRow = memo(function WorkRow({ item }: { item: WorkItemDto }) {
  const href = workItemHref(item);
  const label = workItemLabel(item);
  const details = [
    item.device,
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
        style={{ background: item.highlight ? WORK_ROW_BACKGROUND[item.highlight] : undefined }}
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
          <Group gap={6}>
            <DueMarkBadge dueDate={item.dueDate} closed={item.highlight === 'closed'} />
            {item.kind === 'ticket' && <OverLimitBadge ticket={item} />}
            <WorkStatusBadge item={item} />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
});
