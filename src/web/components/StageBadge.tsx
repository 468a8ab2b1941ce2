import { Badge } from '@mantine/core';
import { DEFAULT_SHOP_TIME_ZONE } from '../../domain/due-marks';
import { overStageLimit } from '../../domain/repair-stage-rules';
import { useUrgencyContext, type UrgencyContext } from '../lib/shop-today';

interface StagedTicket {
  stageId: number | null;
  stageSince: string | null;
}

/** The stage inside «В ремонте» (issue 49), with «N дн.» once it is past its limit. */
export function StageBadge({ ticket }: { ticket: StagedTicket }) {
  return <StageBadgeOn ticket={ticket} urgency={useUrgencyContext()} />;
}

/**
 * The same from the shop's stages, rules and today a list read once for all its rows: a row
 * turns to «N дн.» when the shop's day turns, by the one minute clock (shop-today.ts).
 */
export function StageBadgeOn({ ticket, urgency }: { ticket: StagedTicket; urgency: UrgencyContext }) {
  const { stages, rules, today } = urgency;
  const stage = ticket.stageId === null ? undefined : stages?.find((s) => s.id === ticket.stageId);
  if (!stage) return null;
  const over = overStageLimit(stage, ticket.stageSince, today, rules?.timeZone || DEFAULT_SHOP_TIME_ZONE);
  return (
    <Badge
      color={over ? 'grape' : 'orange'}
      variant="light"
      tt="none"
      style={{ flexShrink: 0 }}
      data-testid="stage"
    >
      {over ? `${stage.name} · ${over} дн.` : stage.name}
    </Badge>
  );
}
