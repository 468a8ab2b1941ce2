import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { PROVIDER_LABELS, isProvider } from '../../../../domain/providers';
import { paths } from '../../../../domain/routes';
import {
  TEXT_LIMIT,
  TICKET_FIELD_LABELS,
  TICKET_TYPES,
  ticketNumber,
  type TicketDetailDto,
  type TicketPatchInput,
} from '../../../../domain/ticket-schemas';
import {
  INTAKE_LABELS,
  INTAKES,
  canSwitchIntake,
  isIntake,
  providerPickerFor,
  showsPvzPhotos,
} from '../../../../domain/ticket-status';
import { DateField } from '../../../components/editing/DateField';
import { FieldConflict } from '../../../components/editing/FieldConflict';
import { LeaveGuard } from '../../../components/editing/LeaveGuard';
import { SaveStatus } from '../../../components/editing/SaveStatus';
import { BackLink } from '../../../components/BackLink';
import { DetailColumns } from '../../../components/DetailColumns';
import { RecordGate } from '../../../components/RecordGate';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { PhoneLink } from '../../../components/PhoneLink';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { DueMarkBadge } from '../../../components/DueMarkBadge';
import { OverLimitBadge } from '../../../components/OverLimitBadge';
import { WhatsAppButton } from '../../../components/WhatsAppButton';
import { formatDateTime } from '../../../lib/format';
import { assigneeOptions, UNASSIGNED, useUserOptions } from '../../employees/public';
import { useRecordDraft } from '../../../lib/use-record-draft';
import { HistoryList } from '../../../components/HistoryList';
import { InTrashBadge } from '../../../components/trash/InTrashBadge';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import { TrashBanner } from '../../../components/trash/TrashBanner';
import { useMoveToTrashConfirm } from '../../../components/trash/useMoveToTrashConfirm';
import { ClientPicker } from '../../clients/public';
import { patchTicket, useTicket } from '../api/tickets-api';
import { Attachments } from './Attachments';
import { DeviceFields } from './DeviceFields';
import { DocumentLinks } from './DocumentLinks';
import { ClientContact } from './ClientContact';
import { MessageDialog } from './MessageDialog';
import { ProviderPicker } from './ProviderPicker';
import { PvzPhotos } from './PvzPhotos';
import { StepControls } from './StepControls';
import {
  ticketFormToPatch,
  ticketSnapshot,
  validateTicketField,
  type TicketFormValues,
} from './ticket-form-values';

export function TicketPage() {
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  return (
    <RecordGate id={id} query={ticket} notFound="Заявка не найдена">
      {(record) => <TicketCard key={record.id} ticket={record} />}
    </RecordGate>
  );
}

// Spec §9: the texts save when left, the due date and the pickers at once.
const SAVE_ON = {
  title: 'now',
  intake: 'now',
  clientId: 'now',
  description: 'blur',
  repairSummary: 'blur',
  dueDate: 'now',
  assigneeId: 'now',
  deliveryProvider: 'now',
  returnProvider: 'now',
  device: 'blur',
  serialNumber: 'blur',
  kit: 'blur',
  condition: 'blur',
  complaint: 'blur',
  warrantyCard: 'blur',
} as const;
const TEXT_FIELDS = [
  'description',
  'repairSummary',
  'device',
  'serialNumber',
  'kit',
  'condition',
  'complaint',
  'warrantyCard',
] as const;

/** The spec's three types; a legacy title stays selectable so the card can show it. */
function typeOptions(current: string): string[] {
  return (TICKET_TYPES as readonly string[]).includes(current)
    ? [...TICKET_TYPES]
    : [current, ...TICKET_TYPES];
}

function TicketCard({ ticket }: { ticket: TicketDetailDto }) {
  const queryClient = useQueryClient();
  const remove = useMoveToTrashConfirm('ticket', ticket.id, paths.tickets);
  const users = useUserOptions();
  const [changingClient, setChangingClient] = useState(false);
  const [writing, setWriting] = useState(false);
  const trashed = ticket.deletedAt !== null;
  const picker = providerPickerFor(ticket.status, ticket.intake);
  const draft = useRecordDraft<TicketFormValues, TicketDetailDto>({
    record: ticket,
    url: `/api/tickets/${ticket.id}`,
    recordKey: 'ticket',
    toSnapshot: ticketSnapshot,
    toPatch: ticketFormToPatch,
    patch: (body) => patchTicket(queryClient, ticket.id, body as TicketPatchInput),
    textFields: TEXT_FIELDS,
    validate: validateTicketField,
    saveOn: SAVE_ON,
  });
  const describe = (field: keyof TicketFormValues) => (value: string) => {
    if (!value) return '(пусто)';
    if (field === 'dueDate') return formatCalendarDate(value);
    if (field === 'assigneeId') return users.data?.find((u) => String(u.id) === value)?.displayName ?? value;
    if (field === 'clientId')
      return value === String(ticket.clientId) ? ticket.clientName : `клиент ${value}`;
    if (field === 'intake' && isIntake(value)) return INTAKE_LABELS[value];
    if ((field === 'deliveryProvider' || field === 'returnProvider') && isProvider(value)) {
      return PROVIDER_LABELS[value];
    }
    return value;
  };
  const conflictFor = (field: keyof TicketFormValues) => (
    <FieldConflict
      label={TICKET_FIELD_LABELS[field as keyof typeof TICKET_FIELD_LABELS]}
      conflict={draft.conflicts[field]}
      describe={describe(field)}
      onKeepTheirs={() => draft.keepTheirs(field)}
      onKeepMine={() => draft.keepMine(field)}
    />
  );

  return (
    <DetailColumns
      top={
        <>
          <LeaveGuard blocker={draft.blocker} status={draft.status} onLeave={draft.discardUnsendable} />
          <MessageDialog ticket={ticket} opened={writing} onClose={() => setWriting(false)} />
          <BackLink fallback={paths.tickets} fallbackLabel="Заявки" />
          {ticket.deletedAt !== null && (
            <TrashBanner
              kind="ticket"
              id={ticket.id}
              deletedAt={ticket.deletedAt}
              deletedByName={ticket.deletedByName}
            />
          )}
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Title order={2}>
                {ticketNumber(ticket.id)} · {ticket.title}
              </Title>
              <Text size="xs" c="dimmed">
                Создана {formatDateTime(ticket.createdAt)}
                {ticket.createdByName ? ` · ${ticket.createdByName}` : ''}
                {ticket.closedAt ? ` · закрыта ${formatDateTime(ticket.closedAt)}` : ''}
              </Text>
            </Stack>
            <Group gap={6}>
              <DueMarkBadge dueDate={ticket.dueDate} closed={ticket.status === 'closed'} />
              <OverLimitBadge ticket={ticket} />
              <TicketStatusBadge ticket={ticket} size="lg" />
            </Group>
          </Group>
        </>
      }
      main={
        <>
          <Paper withBorder p="md" radius="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} miw={0}>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      Клиент
                    </Text>
                    <InTrashBadge inTrash={ticket.clientInTrash} />
                  </Group>
                  {ticket.clientId ? (
                    <Anchor
                      component={Link}
                      to={paths.client(ticket.clientId)}
                      fw={500}
                      className="tap-target"
                    >
                      {ticket.clientName}
                    </Anchor>
                  ) : (
                    <Text fw={500}>{ticket.clientName || 'Без клиента'}</Text>
                  )}
                  {ticket.clientPhone && <PhoneLink phone={ticket.clientPhone} size="sm" />}
                </Stack>
                <Group gap="xs">
                  <WhatsAppButton phone={ticket.clientPhone} whatsappUrl={ticket.clientWhatsappUrl} />
                  <CopyPhoneButton phone={ticket.clientPhone} />
                  {!trashed && (
                    <Button variant="subtle" size="sm" onClick={() => setChangingClient((open) => !open)}>
                      {changingClient ? 'Готово' : 'Сменить клиента'}
                    </Button>
                  )}
                </Group>
              </Group>
              {changingClient && !trashed && (
                <ClientPicker
                  label="Другой клиент из справочника"
                  clearable={false}
                  value={draft.values.clientId ? Number(draft.values.clientId) : null}
                  onChange={(id) => id !== null && draft.set('clientId', String(id))}
                />
              )}
              {conflictFor('clientId')}
            </Stack>
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Stack>
              <ReadOnlyWhen readOnly={trashed}>
                <Stack>
                  <StepControls ticket={ticket} />
                  {ticket.status === 'notify_client' && (
                    <Alert color="violet" variant="light" title="Сообщите клиенту">
                      <Group justify="space-between" gap="xs">
                        <Text size="sm">Отправьте сообщение со статусом и ссылкой на страницу ремонта.</Text>
                        <Button size="xs" onClick={() => setWriting(true)}>
                          Написать клиенту
                        </Button>
                      </Group>
                    </Alert>
                  )}
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
                <PvzPhotos ticket={ticket} readOnly={trashed} />
              )}
            </Stack>
          </Paper>

          <ReadOnlyWhen readOnly={trashed}>
            <Paper withBorder p="md" radius="md">
              <DeviceFields
                form={{
                  ...draft,

                  below: (field) => conflictFor(field),
                }}
              />
            </Paper>
          </ReadOnlyWhen>

          <ReadOnlyWhen readOnly={trashed}>
            <Paper withBorder p="md" radius="md">
              <Stack>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Stack gap={4}>
                    <Select
                      label={TICKET_FIELD_LABELS.title}
                      data={typeOptions(ticket.title)}
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
                      data={assigneeOptions(users.data)}
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
                      error={draft.errors.dueDate}
                    />
                    {conflictFor('dueDate')}
                  </Stack>
                </SimpleGrid>
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
                <SaveStatus status={draft.status} />
              </Stack>
            </Paper>
          </ReadOnlyWhen>
        </>
      }
      side={
        <>
          <Paper withBorder p="md" radius="md">
            <ClientContact ticket={ticket} readOnly={trashed} onWrite={() => setWriting(true)} />
          </Paper>

          <Paper withBorder p="md" radius="md">
            <DocumentLinks ticketId={ticket.id} />
          </Paper>

          <Paper withBorder p="md" radius="md">
            <Attachments ticket={ticket} readOnly={trashed} />
          </Paper>

          <Paper withBorder p="md" radius="md">
            <HistoryList kind="ticket" recordId={ticket.id} head={ticket} />
          </Paper>
        </>
      }
      foot={
        !trashed && (
          <>
            <Divider />
            <Group justify="flex-end">
              <Button
                color="red"
                variant="subtle"
                onClick={() => remove.ask(<Text size="sm">Заявка {ticketNumber(ticket.id)}.</Text>)}
                loading={remove.pending}
              >
                Удалить заявку
              </Button>
            </Group>
          </>
        )
      }
    />
  );
}
