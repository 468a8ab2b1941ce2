import { Badge } from '@mantine/core';
import { DEFAULT_SHOP_TIME_ZONE } from '../../domain/due-marks';
import { overLimit } from '../../domain/status-limits';
import type { WorkRulesDto } from '../../domain/work-rules';
import { useUrgencyContext } from '../lib/shop-today';

type LimitedTicket = { status: string; statusSince: string | null };

/** «В статусе N дн.» on a ticket that has stayed longer than its status allows (issue 20). */
export function OverLimitBadge({ ticket }: { ticket: LimitedTicket }) {
  const { rules, today } = useUrgencyContext();
  return <OverLimitBadgeOn ticket={ticket} rules={rules} today={today} />;
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
    <Badge color="grape" variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="over-limit">
      {mark.label}
    </Badge>
  );
}
