import {
  Button,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CLIENT_LIMITS } from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { TEXT_LIMIT, TICKET_TYPES, ticketCreateInput } from '../../../../domain/ticket-schemas';
import { ClientPicker } from '../../clients/public';
import { DateField } from '../../../components/editing/DateField';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useFormValidation } from '../../../lib/form-errors';
import { assigneeOptions, UNASSIGNED, useDefaultAssignees, useUserOptions } from '../../employees/public';
import { useCreateTicket } from '../api/tickets-api';

type ClientMode = 'existing' | 'new';

export function TicketNewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const users = useUserOptions();
  const defaults = useDefaultAssignees();
  const presetClient = Number(params.get('clientId'));
  const presetTitle = params.get('title');

  const [title, setTitle] = useState(TICKET_TYPES.find((t) => t === presetTitle) ?? '');
  const [mode, setMode] = useState<ClientMode>(presetClient > 0 ? 'existing' : 'new');
  const [clientId, setClientId] = useState<number | null>(presetClient > 0 ? presetClient : null);
  const [newClient, setNewClient] = useState({ fullName: '', phone: '' });
  const [description, setDescription] = useState('');
  const [dueDate, setDueDate] = useState('');
  // Undefined until the user picks: then the admin's default applies.
  const [assignee, setAssignee] = useState<string | undefined>();

  const defaultAssignee = defaults.data?.ticketAssigneeId;
  const assigneeValue = assignee ?? (defaultAssignee ? String(defaultAssignee) : UNASSIGNED);

  const payload = {
    title: title || undefined,
    client: mode === 'existing' ? { mode, clientId: clientId ?? undefined } : { mode, ...newClient },
    description,
    dueDate,
    assigneeId: assigneeValue === UNASSIGNED ? null : Number(assigneeValue),
  };
  const { errors, submit: validate } = useFormValidation(ticketCreateInput, payload);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    create.mutate(payload as Parameters<typeof create.mutate>[0], {
      onSuccess: ({ ticket }) => navigate(paths.ticket(ticket.id), { replace: true }),
    });
  };

  const clientError = errors.client;

  return (
    <Stack maw={640}>
      <Title order={2}>Новая заявка</Title>
      <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
        <Stack>
          <ErrorBox message={create.isError ? errorMessage(create.error) : null} />
          <Radio.Group label="Тип заявки" value={title} onChange={setTitle} error={errors.title} withAsterisk>
            <Stack gap="xs" mt="xs">
              {TICKET_TYPES.map((type) => (
                <Radio key={type} value={type} label={type} />
              ))}
            </Stack>
          </Radio.Group>

          <SegmentedControl
            value={mode}
            onChange={(value) => setMode(value as ClientMode)}
            data={[
              { value: 'new', label: 'Новый клиент' },
              { value: 'existing', label: 'Из справочника' },
            ]}
            fullWidth
          />
          {mode === 'existing' ? (
            <ClientPicker value={clientId} onChange={setClientId} error={clientError} required />
          ) : (
            <>
              <TextInput
                label="ФИО клиента"
                required
                maxLength={CLIENT_LIMITS.fullName}
                value={newClient.fullName}
                onChange={(e) => {
                  const fullName = e.currentTarget.value;
                  setNewClient((c) => ({ ...c, fullName }));
                }}
                error={clientError}
              />
              <TextInput
                label="Телефон клиента"
                type="tel"
                maxLength={CLIENT_LIMITS.phone}
                value={newClient.phone}
                onChange={(e) => {
                  const phone = e.currentTarget.value;
                  setNewClient((c) => ({ ...c, phone }));
                }}
              />
            </>
          )}

          <Textarea
            label="Описание"
            autosize
            minRows={3}
            maxLength={TEXT_LIMIT}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <Group grow wrap="wrap" align="flex-start">
            <DateField label="Срок" value={dueDate} onCommit={setDueDate} error={errors.dueDate} />
            <Select
              label="Исполнитель"
              data={assigneeOptions(users.data)}
              value={assigneeValue}
              onChange={(value) => setAssignee(value ?? UNASSIGNED)}
              allowDeselect={false}
              error={errors.assigneeId}
              miw={200}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={paths.tickets}>
              Отмена
            </Button>
            <Button type="submit" loading={create.isPending}>
              Создать заявку
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
