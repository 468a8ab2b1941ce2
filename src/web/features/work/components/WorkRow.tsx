import { memo } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { isTaskStatus } from '../../../../domain/task-status';
import { isTicketStatus } from '../../../../domain/ticket-status';
import type { WorkItemDto } from '../../../../domain/worklist-query';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { DueMarkBadgeOn } from '../../../components/DueMarkBadge';
import { OverLimitBadgeOn } from '../../../components/OverLimitBadge';
import { StageBadgeOn } from '../../../components/StageBadge';
import type { UrgencyContext } from '../../../lib/shop-today';
import './work-row.css';

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

/**
 * One worklist row; the whole row opens the ticket or task. Drawn again only when its item
 * changes: a live update patches one row of the page (issue 22), and the other rows keep their
 * objects. Plain elements under CSS (work-row.css) in the look of Mantine's Paper, Group and
 * Text: fifty rows of those components took half a second of a cold start's first render on
 * this 2-core machine (docs/benchmarks.md, «Cold start»). The day and the shop's rules come
 * from the list, read once for all rows.
 */
export const WorkRow = memo(function WorkRow({
  item,
  urgency,
}: {
  item: WorkItemDto;
  urgency: UrgencyContext;
}) {
  const details = [
    item.device,
    item.clientName,
    item.assigneeName || 'Не назначен',
    item.dueDate && `срок ${formatCalendarDate(item.dueDate)}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const closed = item.highlight === 'closed';
  return (
    <Link
      to={workItemHref(item)}
      className="work-row"
      data-testid="work-row"
      data-highlight={item.highlight ?? 'none'}
    >
      <span className="work-row-text">
        <span className="work-row-label">{workItemLabel(item)}</span>
        <span className="work-row-title">{item.title}</span>
        <span className="work-row-details">{details}</span>
      </span>
      <span className="work-row-badges">
        <DueMarkBadgeOn dueDate={item.dueDate} closed={closed} today={urgency.today} />
        {item.kind === 'ticket' && (
          <OverLimitBadgeOn ticket={item} rules={urgency.rules} today={urgency.today} />
        )}
        {item.kind === 'ticket' && <StageBadgeOn ticket={item} urgency={urgency} />}
        <WorkStatusBadge item={item} />
      </span>
    </Link>
  );
});
