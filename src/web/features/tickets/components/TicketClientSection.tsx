import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { CopyPhoneButton } from '../../../components/CopyPhoneButton';
import { PhoneLink } from '../../../components/PhoneLink';
import { InTrashBadge } from '../../../components/trash/InTrashBadge';
import { WhatsAppButton } from '../../../components/WhatsAppButton';
import { ClientPicker } from '../../clients/public';
import type { ConflictNotice } from './ticket-conflicts';
import type { TicketDraft } from './use-ticket-draft';

/** Whose ticket it is, how to reach them, and another client from the directory instead. */
export function TicketClientSection({
  ticket,
  draft,
  readOnly,
  conflictFor,
}: {
  ticket: TicketDetailDto;
  draft: TicketDraft;
  readOnly: boolean;
  conflictFor: ConflictNotice;
}) {
  const [changingClient, setChangingClient] = useState(false);
  return (
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
              <Anchor component={Link} to={paths.client(ticket.clientId)} fw={500} className="tap-target">
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
            {!readOnly && (
              <Button variant="subtle" size="sm" onClick={() => setChangingClient((open) => !open)}>
                {changingClient ? 'Готово' : 'Сменить клиента'}
              </Button>
            )}
          </Group>
        </Group>
        {changingClient && !readOnly && (
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
  );
}
