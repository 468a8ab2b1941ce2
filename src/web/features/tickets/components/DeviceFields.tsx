import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DEVICE_FIELDS, type DeviceField, type DeviceValues } from '../../../../domain/device-fields';
import { textProps, type FormControl } from '../../../lib/form-control';

const byKey = (key: DeviceField['key']) => DEVICE_FIELDS.find((field) => field.key === key)!;

/**
 * The device a ticket follows (issue 18), shared by the new-ticket form and the card:
 * model, serial / IMEI and warranty card on one line each, then what came with it, its
 * state and the fault in the client's words.
 */
export function DeviceFields<T extends DeviceValues & Record<string, string>>({
  form,
}: {
  form: FormControl<T>;
}) {
  const line = (key: 'device' | 'serialNumber' | 'warrantyCard') => {
    const field = byKey(key);
    return (
      <Stack gap={4}>
        <TextInput label={field.label} maxLength={field.max} autoComplete="off" {...textProps(form, key)} />
        {form.below?.(key)}
      </Stack>
    );
  };
  const text = (key: 'kit' | 'condition' | 'complaint') => {
    const field = byKey(key);
    return (
      <Stack gap={4}>
        <Textarea label={field.label} autosize minRows={1} maxLength={field.max} {...textProps(form, key)} />
        {form.below?.(key)}
      </Stack>
    );
  };
  return (
    <Stack gap="sm" data-testid="device-fields">
      <Text fw={500}>Об устройстве</Text>
      {line('device')}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {line('serialNumber')}
        {line('warrantyCard')}
      </SimpleGrid>
      {text('complaint')}
      {text('kit')}
      {text('condition')}
    </Stack>
  );
}
