import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TICKET_FIELD_LABELS } from '../../../../domain/ticket-schemas';
import { repairStagesQuery } from '../../../lib/repair-stages-query';
import type { ConflictNotice } from './ticket-conflicts';
import type { TicketDraft } from './use-ticket-draft';

const NO_STAGE = '';

/** «Этап» while «В ремонте» (issue 49): the shop's shown stages, saved when picked. */
export function StagePicker({ draft, conflictFor }: { draft: TicketDraft; conflictFor: ConflictNotice }) {
  const stages = useQuery(repairStagesQuery);
  const current = draft.values.stageId;
  const options = [
    { value: NO_STAGE, label: 'Без этапа' },
    ...(stages.data ?? [])
      // A hidden stage stays listed on the ticket that is at it.
      .filter((stage) => !stage.hidden || String(stage.id) === current)
      .map((stage) => ({ value: String(stage.id), label: stage.name })),
  ];
  if (options.length === 1) return null;
  return (
    <Stack gap={4}>
      <Select
        label={TICKET_FIELD_LABELS.stageId}
        data={options}
        value={current}
        onChange={(value) => draft.set('stageId', value ?? NO_STAGE)}
        allowDeselect={false}
        disabled={draft.saving}
      />
      {conflictFor('stageId')}
    </Stack>
  );
}
