import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { PROVIDER_LABELS, PROVIDERS } from '../../../../domain/providers';
import { TASK_TITLE_LIMIT } from '../../../../domain/task-schemas';
import { TASK_STATUS_LABELS, TASK_STATUSES } from '../../../../domain/task-status';
import { ClientPicker } from '../../../components/ClientPicker';
import { assigneeOptions, useUserOptions } from '../../../lib/staff-api';
import type { TaskFormValues } from './task-form-values';

const STATUS_OPTIONS = TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));
const PROVIDER_OPTIONS = [
  { value: '', label: 'Не выбрана' },
  ...PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] })),
];

/** The task's fields, shared by the new-task form and the task card. */
export function TaskFields({
  values,
  errors,
  onChange,
  autoFocus = false,
}: {
  values: TaskFormValues;
  errors: Partial<Record<keyof TaskFormValues, string>>;
  onChange: (field: keyof TaskFormValues, value: string) => void;
  autoFocus?: boolean;
}) {
  const users = useUserOptions();
  return (
    <>
      <TextInput
        label="Название"
        required
        autoFocus={autoFocus}
        maxLength={TASK_TITLE_LIMIT}
        value={values.title}
        onChange={(e) => onChange('title', e.currentTarget.value)}
        error={errors.title}
      />
      <Textarea
        label="Описание"
        autosize
        minRows={3}
        value={values.description}
        onChange={(e) => onChange('description', e.currentTarget.value)}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Статус"
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(v) => v && onChange('status', v)}
          allowDeselect={false}
        />
        <TextInput
          label="Срок"
          type="date"
          value={values.dueDate}
          onChange={(e) => onChange('dueDate', e.currentTarget.value)}
          error={errors.dueDate}
        />
        <Select
          label="Исполнитель"
          data={assigneeOptions(users.data)}
          value={values.assigneeId}
          onChange={(v) => onChange('assigneeId', v ?? '')}
          allowDeselect={false}
          error={errors.assigneeId}
        />
        <Select
          label="Служба доставки"
          data={PROVIDER_OPTIONS}
          value={values.deliveryProvider}
          onChange={(v) => onChange('deliveryProvider', v ?? '')}
          allowDeselect={false}
        />
      </SimpleGrid>
      <ClientPicker
        value={values.clientId ? Number(values.clientId) : null}
        onChange={(id) => onChange('clientId', id === null ? '' : String(id))}
        error={errors.clientId}
      />
    </>
  );
}
