import {
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import {
  TEXT_LIMIT,
  ticketNumber,
  type TicketDetailDto,
  type TicketPatchInput,
} from '../../../../domain/ticket-schemas';
import { providerPickerFor, showsPvzPhotos } from '../../../../domain/ticket-status';
import { RecordGate } from '../../../components/RecordGate';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { TicketStatusBadge } from '../../../components/TicketStatusBadge';
import { WhatsAppButton } from '../../../components/WhatsAppButton';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { assigneeOptions, UNASSIGNED, useUserOptions } from '../../../lib/staff-api';
import { toast } from '../../../lib/toast';
import { useDeleteTicket, usePatchTicket, useTicket } from '../api/tickets-api';
import { Attachments } from './Attachments';
import { BlurSaveTextarea } from './BlurSaveTextarea';
import { HistoryList } from './HistoryList';
import { ProviderPicker } from './ProviderPicker';
import { PvzPhotos } from './PvzPhotos';
import { StepControls } from './StepControls';

export function TicketPage() {
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  return (
    <RecordGate id={id} query={ticket} notFound="Заявка не найдена">
      {(record) => <TicketCard key={record.id} ticket={record} />}
    </RecordGate>
  );
}

function TicketCard({ ticket }: { ticket: TicketDetailDto }) {
  const navigate = useNavigate();
  const patch = usePatchTicket(ticket.id);
  const remove = useDeleteTicket();
  const users = useUserOptions();
  const picker = providerPickerFor(ticket.status);
  const save = (changes: TicketPatchInput) =>
    patch.mutate(changes, { onError: (error) => toast.error(errorMessage(error)) });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Удалить заявку?',
      children: (
        <Text size="sm">
          Заявка {ticketNumber(ticket.id)} будет удалена вместе с историей, файлами и фото.
        </Text>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(ticket.id, {
          onSuccess: () => {
            toast.success('Заявка удалена');
            navigate(paths.tickets, { replace: true });
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Stack maw={760}>
      <Anchor component={Link} to={paths.tickets} size="sm">
        ← Заявки
      </Anchor>
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
        <TicketStatusBadge ticket={ticket} size="lg" />
      </Group>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text size="xs" c="dimmed">
              Клиент
            </Text>
            {ticket.clientId ? (
              <Anchor component={Link} to={paths.client(ticket.clientId)} fw={500}>
                {ticket.clientName}
              </Anchor>
            ) : (
              <Text fw={500}>{ticket.clientName || 'Без клиента'}</Text>
            )}
            {ticket.clientPhone && <Text size="sm">{ticket.clientPhone}</Text>}
          </Stack>
          <Group gap="xs">
            <WhatsAppButton phone={ticket.clientPhone} whatsappUrl={ticket.clientWhatsappUrl} />
            <CopyPhoneButton phone={ticket.clientPhone} />
          </Group>
        </Group>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack>
          <StepControls ticket={ticket} />
          {picker && <ProviderPicker ticket={ticket} field={picker} />}
          {showsPvzPhotos(ticket.status) && <PvzPhotos ticket={ticket} />}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Select
              label="Исполнитель"
              data={assigneeOptions(users.data)}
              value={ticket.assigneeId === null ? UNASSIGNED : String(ticket.assigneeId)}
              onChange={(value) => save({ assigneeId: value ? Number(value) : null })}
              allowDeselect={false}
            />
            <TextInput
              label="Срок"
              type="date"
              value={ticket.dueDate ?? ''}
              onChange={(e) => save({ dueDate: e.currentTarget.value })}
            />
          </SimpleGrid>
          <BlurSaveTextarea
            label="Описание"
            value={ticket.description}
            maxLength={TEXT_LIMIT}
            onSave={(description) => save({ description })}
          />
          <BlurSaveTextarea
            label="Итог ремонта"
            value={ticket.repairSummary}
            maxLength={TEXT_LIMIT}
            onSave={(repairSummary) => save({ repairSummary })}
          />
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Attachments ticket={ticket} />
      </Paper>

      <Paper withBorder p="md" radius="md">
        <HistoryList history={ticket.history} />
      </Paper>

      <Divider />
      <Group justify="flex-end">
        <Button color="red" variant="subtle" onClick={confirmDelete} loading={remove.isPending}>
          Удалить заявку
        </Button>
      </Group>
    </Stack>
  );
}
