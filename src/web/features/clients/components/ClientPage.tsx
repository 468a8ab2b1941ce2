import { CallButton } from '../../../components/PhoneLink';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  CLIENT_EDITABLE_FIELDS,
  CLIENT_FIELD_LABELS,
  clientPatchInput,
  type ClientPatchInput,
  type ClientDetailDto,
  type ClientDto,
  type ClientEditableField,
  type ClientLinksDto,
} from '../../../../domain/client-schemas';
import { paths } from '../../../../domain/routes';
import { BackLink } from '../../../components/BackLink';
import { RecordGate } from '../../../components/RecordGate';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { FieldConflict } from '../../../components/editing/FieldConflict';
import { LeaveGuard } from '../../../components/editing/LeaveGuard';
import { SaveStatus } from '../../../components/editing/SaveStatus';
import { WhatsAppButton } from '../../../components/WhatsAppButton';
import { api } from '../../../lib/api';
import type { Snapshot } from '../../../lib/autosave';
import { useRecordDraft } from '../../../lib/use-record-draft';
import { DetailColumns } from '../../../components/DetailColumns';
import { HistoryList } from '../../../components/HistoryList';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import { TrashBanner } from '../../../components/trash/TrashBanner';
import { useMoveToTrashConfirm } from '../../../components/trash/useMoveToTrashConfirm';
import { patchClient, useClient } from '../api/clients-api';
import { ClientTelegram } from './ClientTelegram';
import { ClientFields, type ClientValues } from './ClientFields';
import { ClientWork } from './ClientWork';
import { linksNotice } from './links-notice';
import { MergeClientButton, MergedNotice } from './MergeClient';
import { useCan, useIsOwner } from '../../../lib/session';

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
  const { fullName, phone, warranty, address, comment, email, messagePref, version } = client;
  return { values: { fullName, phone, warranty, address, comment, email, messagePref }, version };
}

function validateField(field: ClientEditableField, value: string): string | undefined {
  const result = clientPatchInput.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function ClientCard({ client }: { client: ClientDetailDto }) {
  const queryClient = useQueryClient();
  const remove = useMoveToTrashConfirm('client', client.id, paths.clients);
  const trashed = client.deletedAt !== null;
  const isOwner = useIsOwner();
  const canDelete = useCan('trash.delete');
  const draft = useRecordDraft<ClientValues, ClientDetailDto>({
    record: client,
    url: `/api/clients/${client.id}`,
    recordKey: 'client',
    toSnapshot: clientSnapshot,
    toPatch: (changes) => changes,
    patch: (body) => patchClient(queryClient, client.id, body as ClientPatchInput),
    textFields: CLIENT_EDITABLE_FIELDS,
    validate: validateField,
  });

  // Said before deleting: the tickets and tasks stay, linked to the client.
  const confirmDelete = async () => {
    const links = await api<ClientLinksDto>(`/api/clients/${client.id}/links`).catch(() => null);
    remove.ask(<Text size="sm">{linksNotice(client.fullName, links)}</Text>);
  };

  return (
    <DetailColumns
      top={
        <>
          <LeaveGuard blocker={draft.blocker} status={draft.status} onLeave={draft.discardUnsendable} />
          <BackLink fallback={paths.clients} fallbackLabel="Клиенты" />
          {client.deletedAt !== null && (
            <TrashBanner
              kind="client"
              id={client.id}
              deletedAt={client.deletedAt}
              deletedByName={client.deletedByName}
            />
          )}
          {trashed && <MergedNotice clientId={client.id} canUndo={isOwner} />}
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {draft.values.fullName.trim() || client.fullName}
            </Title>
            <Group gap="xs">
              <CallButton phone={draft.values.phone} />
              <WhatsAppButton phone={draft.values.phone} whatsappUrl={client.whatsappUrl} />
              <CopyPhoneButton phone={draft.values.phone} />
            </Group>
          </Group>
        </>
      }
      main={
        <ReadOnlyWhen readOnly={trashed}>
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
              {!trashed && <ClientTelegram clientId={client.id} connected={client.telegramConnected} />}
              <Group justify="space-between">
                <SaveStatus status={draft.status} />
                {!trashed && isOwner && <MergeClientButton clientId={client.id} fullName={client.fullName} />}
                {!trashed && canDelete && (
                  <Button
                    color="red"
                    variant="subtle"
                    onClick={() => void confirmDelete()}
                    loading={remove.pending}
                  >
                    Удалить клиента
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </ReadOnlyWhen>
      }
      side={
        <>
          <Paper withBorder p="md" radius="md">
            <ClientWork clientId={client.id} canCreate={!trashed} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <HistoryList kind="client" recordId={client.id} head={client} />
          </Paper>
        </>
      }
    />
  );
}
