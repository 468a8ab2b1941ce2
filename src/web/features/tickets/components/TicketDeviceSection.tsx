import { Paper } from '@mantine/core';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import { DeviceFields } from './DeviceFields';
import { PreviousVisits } from './PreviousVisits';
import type { ConflictNotice } from './ticket-conflicts';
import type { TicketDraft } from './use-ticket-draft';

/** The device the ticket follows, each field with its conflict notice, and its earlier visits. */
export function TicketDeviceSection({
  ticketId,
  draft,
  readOnly,
  conflictFor,
}: {
  ticketId: number;
  draft: TicketDraft;
  readOnly: boolean;
  conflictFor: ConflictNotice;
}) {
  return (
    <ReadOnlyWhen readOnly={readOnly}>
      <Paper withBorder p="md" radius="md">
        <DeviceFields
          form={{
            ...draft,

            below: (field) => (
              <>
                {conflictFor(field)}
                {/* The device's other tickets here (issue 49). */}
                {field === 'serialNumber' && (
                  <PreviousVisits serial={draft.values.serialNumber} exceptId={ticketId} />
                )}
              </>
            ),
          }}
        />
      </Paper>
    </ReadOnlyWhen>
  );
}
