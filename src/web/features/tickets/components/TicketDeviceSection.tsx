import { Paper } from '@mantine/core';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import { DeviceFields } from './DeviceFields';
import type { ConflictNotice } from './ticket-conflicts';
import type { TicketDraft } from './use-ticket-draft';

/** The device the ticket follows, each field with its conflict notice. */
export function TicketDeviceSection({
  draft,
  readOnly,
  conflictFor,
}: {
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

            below: (field) => conflictFor(field),
          }}
        />
      </Paper>
    </ReadOnlyWhen>
  );
}
