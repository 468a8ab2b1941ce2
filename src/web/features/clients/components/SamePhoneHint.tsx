import { formatPhone } from '../../../../domain/phone';
import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import type { ClientDto } from '../../../../domain/client-schemas';
import { useClientsWithPhone } from '../api/client-lookup';

/**
 * Under a «Новый клиент» phone: when the number (however typed) is already in the
 * directory, «Это <ФИО>?» with «Выбрать этого клиента» instead of making a twin. The server
 * refuses the twin unless «Это другой человек» is ticked (issue 49: one client per person).
 */
export function SamePhoneHint({
  phone,
  actionLabel = 'Выбрать этого клиента',
  onPick,
  despite,
  onDespite,
}: {
  phone: string;
  /** What picking does here: on the new-client form it opens that client's card. */
  actionLabel?: string;
  onPick: (client: ClientDto) => void;
  /** «Это другой человек»: ticked, the form creates a new client with this phone anyway. */
  despite: boolean;
  onDespite: (despite: boolean) => void;
}) {
  const [settled] = useDebouncedValue(phone, 300);
  const found = useClientsWithPhone(settled);
  // «Это другой человек» was said of the number shown then: another number asks again.
  const confirmedFor = useRef(settled);
  useEffect(() => {
    if (confirmedFor.current === settled) return;
    confirmedFor.current = settled;
    if (despite) onDespite(false);
  }, [settled, despite, onDespite]);
  const clients = found.data ?? [];
  if (clients.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="same-phone-hint">
      <Stack gap="xs">
        {clients.map((client) => (
          <Stack key={client.id} gap={4} align="flex-start">
            <Text size="sm">
              Это {client.fullName}
              {client.phone ? ` (${formatPhone(client.phone)})` : ''}? Этот телефон уже есть в справочнике.
            </Text>
            <Button
              size="sm"
              variant="light"
              aria-label={`${actionLabel}: ${client.fullName}`}
              onClick={() => onPick(client)}
            >
              {actionLabel}
            </Button>
          </Stack>
        ))}
        <Checkbox
          label="Это другой человек с тем же телефоном: создать нового клиента"
          checked={despite}
          onChange={(event) => onDespite(event.currentTarget.checked)}
        />
      </Stack>
    </Alert>
  );
}
