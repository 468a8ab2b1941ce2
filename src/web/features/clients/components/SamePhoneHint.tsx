import { formatPhone } from '../../../../domain/phone';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ClientDto } from '../../../../domain/client-schemas';
import { useClientsWithPhone } from '../api/client-lookup';

/**
 * Under a «Новый клиент» phone: when the number (however typed) is already in the
 * directory, «Это <ФИО>?» with the way to pick that client instead of making a twin.
 */
export function SamePhoneHint({
  phone,
  actionLabel = 'Выбрать из справочника',
  onPick,
}: {
  phone: string;
  actionLabel?: string;
  onPick: (client: ClientDto) => void;
}) {
  const [settled] = useDebouncedValue(phone, 300);
  const found = useClientsWithPhone(settled);
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
      </Stack>
    </Alert>
  );
}
