import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  clientPatchInput,
  type ClientDto,
  type ClientEditableField,
} from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { RecordGate } from '../../../components/RecordGate';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { WhatsAppButton } from '../../../components/WhatsAppButton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAutosave } from '../../../lib/use-autosave';
import { patchClient, useClient, useDeleteClient } from '../api/clients-api';
import { ClientFields, type ClientValues } from './ClientFields';
import { ClientWork } from './ClientWork';

export function ClientPage() {
  const id = Number(useParams().id);
  const client = useClient(id);
  return (
    <RecordGate id={id} query={client} notFound="Клиент не найден">
      {(record) => <ClientCard key={record.id} client={record} />}
    </RecordGate>
  );
}

function editableValues(client: ClientDto): ClientValues {
  const { fullName, phone, warranty, address, comment } = client;
  return { fullName, phone, warranty, address, comment };
}

function validateField(field: ClientEditableField, value: string): string | undefined {
  const result = clientPatchInput.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function ClientCard({ client }: { client: ClientDto }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteClient();
  const server = useMemo(() => editableValues(client), [client]);
  const draft = useAutosave<ClientValues>(server, {
    save: (changes) => patchClient(queryClient, client.id, changes),
    validate: validateField,
    onSaved: () => toast.success('Клиент сохранён'),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Удалить клиента?',
      children: (
        <Text size="sm">
          {client.fullName} будет удалён из справочника. Заявки и задачи клиента останутся с его именем.
        </Text>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(client.id, {
          onSuccess: () => {
            toast.success('Клиент удалён');
            navigate(paths.clients, { replace: true });
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  const status = draft.saving
    ? 'Сохранение…'
    : draft.pending
      ? 'Есть несохранённые изменения'
      : 'Все изменения сохранены';

  return (
    <Stack maw={640}>
      <Anchor component={Link} to={paths.clients} size="sm">
        ← Клиенты
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={2} style={{ overflowWrap: 'anywhere' }}>
          {draft.values.fullName.trim() || client.fullName}
        </Title>
        <Group gap="xs">
          <WhatsAppButton phone={draft.values.phone} whatsappUrl={client.whatsappUrl} />
          <CopyPhoneButton phone={draft.values.phone} />
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <ClientFields values={draft.values} errors={draft.errors} onChange={draft.set} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="autosave-status">
              {status}
            </Text>
            <Button color="red" variant="subtle" onClick={confirmDelete} loading={remove.isPending}>
              Удалить клиента
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <ClientWork clientId={client.id} />
      </Paper>
    </Stack>
  );
}
