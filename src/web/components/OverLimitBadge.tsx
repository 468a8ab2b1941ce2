import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SHOP_TIME_ZONE } from '../../domain/due-marks';
import { overLimit } from '../../domain/status-limits';
import type { WorkRulesDto } from '../../domain/work-rules';
import { useShopToday } from '../lib/shop-today';
import { workRulesQuery } from '../lib/work-rules-query';

type LimitedTicket = { status: string; statusSince: string | null };

/** «В статусе N дн.» on a ticket that has stayed longer than its status allows (issue 20). */
export function OverLimitBadge({ ticket }: { ticket: LimitedTicket }) {
  const rules = useQuery(workRulesQuery).data;
  return <OverLimitBadgeOn ticket={ticket} rules={rules} today={useShopToday()} />;
}

/** The same under given rules and day: a long list reads them once for all its rows. */
export function OverLimitBadgeOn({
  ticket,
  rules,
  today,
}: {
  ticket: LimitedTicket;
  rules: WorkRulesDto | undefined;
  today: string;
}) {
  const mark = rules ? overLimit(ticket, rules, today, rules.timeZone || DEFAULT_SHOP_TIME_ZONE) : null;
  if (!mark) return null;
  return (
    <Badge color="grape.9" variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="over-limit">
      {mark.label}
    </Badge>
  );
}
