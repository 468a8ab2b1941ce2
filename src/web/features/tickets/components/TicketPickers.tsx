import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TICKET_FIELD_LABELS, type TicketDetailDto } from '../../../../domain/ticket-schemas';
import { shownTypes, ticketTypesQuery } from '../../settings/public';
import { INTAKE_LABELS, INTAKES, canSwitchIntake } from '../../../../domain/ticket-status';
import type { UserOptionDto } from '../../../../domain/users';
import { DateField } from '../../../components/editing/DateField';
import { assigneeOptions, UNASSIGNED } from '../../employees/public';
import type { ConflictNotice } from './ticket-conflicts';
import type { TicketDraft } from './use-ticket-draft';

/** The ticket's type, how the device came in, who has it and by when: each saved when picked. */
export function TicketPickers({
  ticket,
  draft,
  users,
  conflictFor,
}: {
  ticket: TicketDetailDto;
  draft: TicketDraft;
  users: UserOptionDto[] | undefined;
  conflictFor: ConflictNotice;
}) {
  const types = useQuery(ticketTypesQuery);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Stack gap={4}>
        <Select
          label={TICKET_FIELD_LABELS.title}
          // The shop's shown types; a hidden or legacy type stays selectable so the card can show it.
          data={shownTypes(types.data, ticket.title)}
          value={draft.values.title}
          onChange={(value) => value && draft.set('title', value)}
          allowDeselect={false}
        />
        {conflictFor('title')}
      </Stack>
      <Stack gap={4}>
        <Select
          label={TICKET_FIELD_LABELS.intake}
          data={INTAKES.map((value) => ({ value, label: INTAKE_LABELS[value] }))}
          value={draft.values.intake}
          onChange={(value) => value && draft.set('intake', value)}
          allowDeselect={false}
          disabled={!canSwitchIntake(ticket.status)}
          description={
            canSwitchIntake(ticket.status)
              ? undefined
              : 'Меняется в статусах «Новая», «В ремонте», «Готов к отправке», «Оповестить клиента» и «Закрыта»'
          }
        />
        {conflictFor('intake')}
      </Stack>
      <Stack gap={4}>
        <Select
          label={TICKET_FIELD_LABELS.assigneeId}
          data={assigneeOptions(users)}
          value={draft.values.assigneeId || UNASSIGNED}
          onChange={(value) => draft.set('assigneeId', value ?? '')}
          allowDeselect={false}
        />
        {conflictFor('assigneeId')}
      </Stack>
      <Stack gap={4}>
        <DateField
          label={TICKET_FIELD_LABELS.dueDate}
          value={draft.values.dueDate}
          onCommit={(value) => draft.set('dueDate', value)}
          onHold={(held) => draft.hold('dueDate', held)}
          error={draft.errors.dueDate}
        />
        {conflictFor('dueDate')}
      </Stack>
    </SimpleGrid>
  );
}
