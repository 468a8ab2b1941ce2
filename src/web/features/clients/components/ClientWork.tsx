import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-schemas';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { useClientTasks } from '../../tasks/api/tasks-api';
import { useClientTickets } from '../../tickets/api/tickets-api';

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
  /** Null: no «new» shortcut (the client is in the Корзина). */
  newHref: string | null;
  items?: LinkedItem[];
  empty: string;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>{title}</Text>
        {newHref && (
          <Button size="xs" variant="light" component={Link} to={newHref}>
            Создать
          </Button>
        )}
      </Group>
      {items?.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {items?.map((item) => (
        <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={item.href}
            size="sm"
            className="tap-target"
            style={{ overflowWrap: 'anywhere' }}
          >
            {item.label}
          </Anchor>
          {item.badge}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The client's tickets and tasks, newest first, with shortcuts to create new ones for
 * them (not while the client is in the Корзина: it cannot be chosen then).
 */
export function ClientWork({ clientId, canCreate = true }: { clientId: number; canCreate?: boolean }) {
  const tickets = useClientTickets(clientId);
  const tasks = useClientTasks(clientId);
  return (
    <Stack>
      <LinkedSection
        title="Заявки клиента"
        newHref={canCreate ? `${paths.ticketNew}?clientId=${clientId}` : null}
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
        newHref={canCreate ? `${paths.taskNew}?clientId=${clientId}` : null}
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
