import { Badge } from '@mantine/core';
import { TASK_STATUS_COLORS, TASK_STATUS_LABELS, type TaskStatus } from '../../domain/task-status';

export function TaskStatusBadge({ status, size = 'md' }: { status: TaskStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={TASK_STATUS_COLORS[status]} variant="light" tt="none" size={size} style={{ flexShrink: 0 }}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
