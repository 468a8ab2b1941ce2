import { Chip, Group, Stack, Text } from '@mantine/core';
import { PROVIDER_COLORS, PROVIDER_LABELS, PROVIDERS, isProvider } from '../../../../domain/providers';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePatchTicket } from '../api/tickets-api';

/** Incoming provider in «Доставка оформлена», return provider in «Готов к отправке». */
export function ProviderPicker({
  ticket,
  field,
}: {
  ticket: TicketDetailDto;
  field: 'deliveryProvider' | 'returnProvider';
}) {
  const patch = usePatchTicket(ticket.id);
  const value = ticket[field];
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {field === 'deliveryProvider' ? 'Служба доставки к нам' : 'Служба доставки клиенту'}
      </Text>
      <Chip.Group
        value={value ?? ''}
        onChange={(next) =>
          patch.mutate(
            { [field]: isProvider(next) ? next : null },
            { onError: (error) => toast.error(errorMessage(error)) },
          )
        }
      >
        <Group gap="xs">
          {PROVIDERS.map((provider) => (
            <Chip
              key={provider}
              value={provider}
              color={PROVIDER_COLORS[provider]}
              disabled={patch.isPending}
            >
              {PROVIDER_LABELS[provider]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
