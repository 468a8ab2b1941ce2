import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Page } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import type { TaskDto } from '../../../../domain/task-schemas';
import { ticketNumber, type TicketDto } from '../../../../domain/ticket-schemas';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { api } from '../../../lib/api';

interface LinkedItem {
  id: number;
  href: string;
  label: string;
  badge: ReactNode;
}

function LinkedSection({
  title,
  newHref,
  items,
  empty,
}: {
  title: string;
  newHref: string;
  items?: LinkedItem[];
  empty: string;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>{title}</Text>
        <Button size="xs" variant="light" component={Link} to={newHref}>
          Создать
        </Button>
      </Group>
      {items?.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {items?.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={item.href} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.label}
          </Anchor>
          {item.badge}
        </Group>
      ))}
    </Stack>
  );
}

/** The client's tickets and tasks, newest first, with shortcuts to create new ones for them. */
export function ClientWork({ clientId }: { clientId: number }) {
  const tickets = useQuery({
    queryKey: ['tickets', 'list', { clientId }],
    queryFn: () => api<Page<TicketDto>>(`/api/tickets?clientId=${clientId}&limit=20`),
  });
  const tasks = useQuery({
    queryKey: ['tasks', 'list', { clientId }],
    queryFn: () => api<Page<TaskDto>>(`/api/tasks?clientId=${clientId}&limit=20`),
  });
  return (
    <Stack>
      <LinkedSection
        title="Заявки клиента"
        newHref={`${paths.ticketNew}?clientId=${clientId}`}
        empty="Нет заявок"
        items={tickets.data?.items.map((t) => ({
          id: t.id,
          href: paths.ticket(t.id),
          label: `${ticketNumber(t.id)} · ${t.title}`,
          badge: <TicketStatusBadge ticket={t} size="sm" />,
        }))}
      />
      <LinkedSection
        title="Задачи клиента"
        newHref={`${paths.taskNew}?clientId=${clientId}`}
        empty="Нет задач"
        items={tasks.data?.items.map((t) => ({
          id: t.id,
          href: paths.task(t.id),
          label: t.title,
          badge: <TaskStatusBadge status={t.status} size="sm" />,
        }))}
      />
    </Stack>
  );
}
