import { Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ExportLink } from '../../../components/ExportLink';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { paths } from '../../../../domain/routes';
import type { TaskDto } from '../../../../domain/task-schemas';
import { isTaskStatus } from '../../../../domain/task-status';
import { PagedList } from '../../../components/PagedList';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { DueMarkBadge } from '../../../components/DueMarkBadge';
import { useTaskList } from '../api/tasks-api';

const FILTERS = [
  { value: '', label: 'Все' },
  { value: 'new', label: 'Новые' },
  { value: 'in_progress', label: 'В работе' },
  { value: 'closed', label: 'Закрытые' },
];

function TaskRow({ task }: { task: TaskDto }) {
  return (
    <UnstyledButton component={Link} to={paths.task(task.id)} data-testid="task-row">
      <Paper withBorder px="md" py="sm" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              Задача {task.id} · {task.title}
            </Text>
            <Text size="xs" c="dimmed">
              {task.assigneeName || 'Не назначен'}
              {task.clientName ? ` · ${task.clientName}` : ''}
              {task.dueDate ? ` · срок ${formatCalendarDate(task.dueDate)}` : ''}
            </Text>
          </Stack>
          <Group gap={6}>
            <DueMarkBadge dueDate={task.dueDate} closed={task.status === 'closed'} />
            <TaskStatusBadge status={task.status} />
          </Group>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

export function TasksPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '';
  const status = isTaskStatus(raw) ? raw : '';
  const list = useTaskList(status);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Все задачи</Title>
        <Group gap="md">
          <ExportLink list="tasks" params={params} />
          <Button component={Link} to={paths.taskNew}>
            Новая задача
          </Button>
        </Group>
      </Group>
      <SegmentedChoice
        label="Статус"
        options={FILTERS}
        value={status}
        onChange={(value) => setParams(value ? { status: value } : {}, { replace: true })}
        fullWidth
      />
      <PagedList
        query={list}
        empty="Нет задач"
        renderItem={(task) => <TaskRow key={task.id} task={task} />}
      />
    </Stack>
  );
}
