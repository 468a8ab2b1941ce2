import { Badge } from '@mantine/core';
import { dueMark } from '../../domain/due-marks';
import { useShopToday } from '../lib/shop-today';

interface DueMarkProps {
  dueDate: string | null;
  closed: boolean;
}

/** «Просрочено на 3 дн.» in red, «Сегодня» in orange, on an open item with a due date (issue 20). */
export function DueMarkBadge(props: DueMarkProps) {
  return <DueMarkBadgeOn {...props} today={useShopToday()} />;
}

/** The same for a given day: a long list reads the day once and passes it to every row. */
export function DueMarkBadgeOn({ dueDate, closed, today }: DueMarkProps & { today: string }) {
  const mark = dueMark(dueDate, today, closed);
  if (!mark) return null;
  return (
    <Badge
      color={mark.kind === 'overdue' ? 'red.9' : 'orange'}
      variant={mark.kind === 'overdue' ? 'filled' : 'light'}
      tt="none"
      style={{ flexShrink: 0 }}
      data-testid="due-mark"
    >
      {mark.label}
    </Badge>
  );
}
