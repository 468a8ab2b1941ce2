import { Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { TEXT_LIMIT, TICKET_FIELD_LABELS, type TicketDetailDto } from '../../../../domain/ticket-schemas';
import type { UserOptionDto } from '../../../../domain/users';
import { SaveStatus } from '../../../components/editing/SaveStatus';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import type { ConflictNotice } from './ticket-conflicts';
import { TicketPickers } from './TicketPickers';
import type { TicketDraft } from './use-ticket-draft';

/** The work itself: the pickers, what is wrong and what was done, and how saving goes. */
export function TicketWorkSection({
  ticket,
  draft,
  users,
  readOnly,
  conflictFor,
}: {
  ticket: TicketDetailDto;
  draft: TicketDraft;
  users: UserOptionDto[] | undefined;
  readOnly: boolean;
  conflictFor: ConflictNotice;
}) {
  return (
    <ReadOnlyWhen readOnly={readOnly}>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TicketPickers ticket={ticket} draft={draft} users={users} conflictFor={conflictFor} />
          <Textarea
            label={TICKET_FIELD_LABELS.description}
            autosize
            minRows={2}
            maxLength={TEXT_LIMIT}
            {...draft.bind('description')}
          />
          {conflictFor('description')}
          <Textarea
            label={TICKET_FIELD_LABELS.repairSummary}
            autosize
            minRows={2}
            maxLength={TEXT_LIMIT}
            {...draft.bind('repairSummary')}
          />
          {conflictFor('repairSummary')}
          <TextInput
            label={TICKET_FIELD_LABELS.warrantyDays}
            description="Гарантия сервиса с даты выдачи; 0 — без гарантии"
            inputMode="numeric"
            w={{ base: '100%', xs: 240 }}
            {...draft.bind('warrantyDays')}
          />
          {conflictFor('warrantyDays')}
          <SaveStatus status={draft.status} />
        </Stack>
      </Paper>
    </ReadOnlyWhen>
  );
}
