import { memo } from 'react';
import { OverLimitBadgeOn } from '../../../components/OverLimitBadge';
import { StageBadgeOn } from '../../../components/StageBadge';
import { DueMarkBadgeOn } from '../../../components/DueMarkBadge';
import type { UrgencyContext } from '../../../lib/shop-today';
import { PhoneLink } from '../../../components/PhoneLink';
import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import type { WorkItemDto } from '../../../../domain/worklist-query';
import { formatRubles } from '../../../../domain/money';
import { WORK_ROW_BACKGROUND, WorkStatusBadge, workItemHref, workItemLabel } from './WorkRow';

/**
 * The worklist as a dense table for a wide screen (issue 17): one line per item.
 * The number is the link (so the keyboard reaches every row); a click anywhere on
 * the row opens it too.
 */
export function WorkTable({ items, urgency }: { items: WorkItemDto[]; urgency: UrgencyContext }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing={6} data-testid="work-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Номер</Table.Th>
            <Table.Th>Название</Table.Th>
            <Table.Th>Устройство</Table.Th>
            <Table.Th>Клиент</Table.Th>
            <Table.Th>Исполнитель</Table.Th>
            <Table.Th>Срок</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>К оплате</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <WorkTableRow key={`${item.kind}-${item.id}`} item={item} navigate={navigate} urgency={urgency} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One line; drawn again only when its item changes (a live update patches one row: issue 22). */
const WorkTableRow = memo(function WorkTableRow({
  item,
  navigate,
  urgency,
}: {
  item: WorkItemDto;
  navigate: (href: string) => unknown;
  urgency: UrgencyContext;
}) {
  const href = workItemHref(item);
  const closed = item.highlight === 'closed';
  return (
    <Table.Tr
      data-testid="work-row"
      data-highlight={item.highlight ?? 'none'}
      onClick={() => void navigate(href)}
      style={{
        cursor: 'pointer',
        background: item.highlight ? WORK_ROW_BACKGROUND[item.highlight] : undefined,
      }}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor component={Link} to={href} onClick={(event) => event.stopPropagation()}>
          {workItemLabel(item)}
        </Anchor>
      </Table.Td>
      <Table.Td c={closed ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.device}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {item.clientName}
        {item.clientPhone && (
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            <PhoneLink phone={item.clientPhone} size="xs" />
          </Text>
        )}
      </Table.Td>
      <Table.Td c={item.assigneeName ? undefined : 'dimmed'}>{item.assigneeName || 'Не назначен'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {item.dueDate ? formatCalendarDate(item.dueDate) : ''}
        <div>
          <DueMarkBadgeOn dueDate={item.dueDate} closed={closed} today={urgency.today} />
        </div>
      </Table.Td>
      <Table.Td>
        <WorkStatusBadge item={item} />
        {item.kind === 'ticket' && (
          <div>
            <OverLimitBadgeOn ticket={item} rules={urgency.rules} today={urgency.today} />
            <StageBadgeOn ticket={item} urgency={urgency} />
          </div>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }} data-testid="work-due">
        {item.due > 0 ? formatRubles(item.due) : ''}
      </Table.Td>
    </Table.Tr>
  );
});
