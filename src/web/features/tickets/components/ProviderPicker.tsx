import { Chip, Group, Stack, Text } from '@mantine/core';
import { PROVIDER_COLORS, PROVIDER_LABELS, PROVIDERS } from '../../../../domain/providers';

export const PROVIDER_PICKER_LABELS = {
  deliveryProvider: 'Служба доставки к нам',
  returnProvider: 'Служба доставки клиенту',
} as const;

/** Incoming provider in «Доставка оформлена», return provider in «Готов к отправке». */
export function ProviderPicker({
  field,
  value,
  onChange,
  disabled,
}: {
  field: 'deliveryProvider' | 'returnProvider';
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {PROVIDER_PICKER_LABELS[field]}
      </Text>
      <Chip.Group value={value} onChange={(next) => onChange(typeof next === 'string' ? next : '')}>
        <Group gap="xs">
          {PROVIDERS.map((provider) => (
            <Chip key={provider} value={provider} color={PROVIDER_COLORS[provider]} disabled={disabled}>
              {PROVIDER_LABELS[provider]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}
