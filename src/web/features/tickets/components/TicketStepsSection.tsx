import { Paper, Stack } from '@mantine/core';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { providerPickerFor, showsPvzPhotos } from '../../../../domain/ticket-status';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import { NotifyClientAlert } from './NotifyClientAlert';
import { ProviderPicker } from './ProviderPicker';
import { PvzPhotos } from './PvzPhotos';
import { StepControls } from './StepControls';
import { StagePicker } from './StagePicker';
import { stageAllowed } from '../../../../domain/repair-stage-rules';
import type { ConflictNotice } from './ticket-conflicts';
import type { TicketDraft } from './use-ticket-draft';

/** Where the ticket is in the pipeline: the next steps, the provider the step needs, the ПВЗ photos. */
export function TicketStepsSection({
  ticket,
  draft,
  trashed,
  conflictFor,
  onWrite,
}: {
  ticket: TicketDetailDto;
  draft: TicketDraft;
  trashed: boolean;
  conflictFor: ConflictNotice;
  onWrite: () => void;
}) {
  const picker = providerPickerFor(ticket.status, ticket.intake);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <ReadOnlyWhen readOnly={trashed}>
          <Stack>
            <StepControls ticket={ticket} draftSummary={draft.values.repairSummary} />
            {ticket.status === 'notify_client' && <NotifyClientAlert onWrite={onWrite} />}
            {stageAllowed(ticket.status) && <StagePicker draft={draft} conflictFor={conflictFor} />}
            {picker && (
              <>
                <ProviderPicker
                  field={picker}
                  value={draft.values[picker]}
                  onChange={(value) => draft.set(picker, value)}
                  disabled={draft.saving}
                />
                {conflictFor(picker)}
              </>
            )}
          </Stack>
        </ReadOnlyWhen>
        {(showsPvzPhotos(ticket.status) || ticket.pvzPhotos.length > 0) && (
          <PvzPhotos ticket={ticket} readOnly={trashed || ticket.status === 'closed'} />
        )}
      </Stack>
    </Paper>
  );
}
