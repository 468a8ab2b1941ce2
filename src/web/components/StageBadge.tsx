import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { overStageLimit, type RepairStageDto } from '../../domain/repair-stage-rules';
import { repairStagesQuery } from '../lib/repair-stages-query';

interface StagedTicket {
  stageId: number | null;
  stageSince: string | null;
}

/** The stage inside «В ремонте» (issue 49), with «N дн.» once it is past its limit. */
export function StageBadge({ ticket }: { ticket: StagedTicket }) {
  const stages = useQuery(repairStagesQuery).data;
  return <StageBadgeOn ticket={ticket} stages={stages} />;
}

/** The same from a list the caller read once for all its rows. */
export function StageBadgeOn({
  ticket,
  stages,
}: {
  ticket: StagedTicket;
  stages: RepairStageDto[] | undefined;
}) {
  const stage = ticket.stageId === null ? undefined : stages?.find((s) => s.id === ticket.stageId);
  if (!stage) return null;
  const over = overStageLimit(stage, ticket.stageSince, new Date());
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
