import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CLIENT_EDITABLE_FIELDS,
  CLIENT_FIELD_LABELS,
  clientPatchInput,
  type ClientPatchInput,
  type ClientDto,
  type ClientEditableField,
} from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { RecordGate } from '../../../components/RecordGate';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { FieldConflict } from '../../../components/editing/FieldConflict';
import { LeaveGuard } from '../../../components/editing/LeaveGuard';
import { SaveStatus } from '../../../components/editing/SaveStatus';
import { WhatsAppButton } from '../../../components/WhatsAppButton';
import { errorMessage } from '../../../lib/api';
import type { Snapshot } from '../../../lib/autosave';
import { toast } from '../../../lib/toast';
import { useRecordDraft } from '../../../lib/use-record-draft';
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

function clientSnapshot(client: ClientDto): Snapshot<ClientValues> {
  const { fullName, phone, warranty, address, comment, version } = client;
  return { values: { fullName, phone, warranty, address, comment }, version };
}

function validateField(field: ClientEditableField, value: string): string | undefined {
  const result = clientPatchInput.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function ClientCard({ client }: { client: ClientDto }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteClient();
  const draft = useRecordDraft<ClientValues, ClientDto>({
    record: client,
    url: `/api/clients/${client.id}`,
    recordKey: 'client',
    toSnapshot: clientSnapshot,
    toPatch: (changes) => changes,
    patch: (body) => patchClient(queryClient, client.id, body as ClientPatchInput),
    textFields: CLIENT_EDITABLE_FIELDS,
    validate: validateField,
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

  return (
    <Stack maw={640}>
      <LeaveGuard blocker={draft.blocker} status={draft.status} onLeave={draft.discardUnsendable} />
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
          <ClientFields
            bind={draft.bind}
            below={(field) => (
              <FieldConflict
                label={CLIENT_FIELD_LABELS[field]}
                conflict={draft.conflicts[field]}
                onKeepTheirs={() => draft.keepTheirs(field)}
                onKeepMine={() => draft.keepMine(field)}
              />
            )}
          />
          <Group justify="space-between">
            <SaveStatus status={draft.status} />
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
