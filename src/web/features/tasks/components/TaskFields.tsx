import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { PROVIDER_LABELS, PROVIDERS } from '../../../../domain/providers';
import { TASK_FIELD_LABELS, TASK_TITLE_LIMIT } from '../../../../domain/task-schemas';
import { TASK_STATUS_LABELS, TASK_STATUSES } from '../../../../domain/task-status';
import { ClientPicker } from '../../clients/public';
import { DateField } from '../../../components/editing/DateField';
import { textProps, type FormControl } from '../../../lib/form-control';
import { assigneeOptions, NewAssigneeNote, useUserOptions } from '../../employees/public';
import type { TaskFormValues } from './task-form-values';

const STATUS_OPTIONS = TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));
const PROVIDER_OPTIONS = [
  { value: '', label: 'Не выбрана' },
  ...PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] })),
];
const labels = TASK_FIELD_LABELS;

/** The task's fields, shared by the new-task form and the task card. */
export function TaskFields({
  form,
  autoFocus = false,
  isNew = false,
  assigneeIsDefault = false,
}: {
  form: FormControl<TaskFormValues>;
  autoFocus?: boolean;
  /** The new-task form: a due date already past gets a word. */
  isNew?: boolean;
  /** On the new-task form: whether the assignee shown is the admin's default, not a choice. */
  assigneeIsDefault?: boolean;
}) {
  const users = useUserOptions();
  const { values, errors, set } = form;
  const below = (field: keyof TaskFormValues) => form.below?.(field);
  return (
    <>
      <TextInput
        label={labels.title}
        required
        autoFocus={autoFocus}
        maxLength={TASK_TITLE_LIMIT}
        {...textProps(form, 'title')}
      />
      {below('title')}
      <Textarea label={labels.description} autosize minRows={3} {...textProps(form, 'description')} />
      {below('description')}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Stack gap={4}>
          <Select
            label={labels.status}
            data={STATUS_OPTIONS}
            value={values.status}
            onChange={(v) => v && set('status', v)}
            allowDeselect={false}
          />
          {below('status')}
        </Stack>
        <Stack gap={4}>
          <DateField
            label={labels.dueDate}
            value={values.dueDate}
            onCommit={(v) => set('dueDate', v)}
            onHold={(held) => form.hold?.('dueDate', held)}
            warnPast={isNew}
            error={errors.dueDate}
          />
          {below('dueDate')}
        </Stack>
        <Stack gap={4}>
          <Select
            label={labels.assigneeId}
            description={
              isNew ? <NewAssigneeNote chosen={values.assigneeId} isDefault={assigneeIsDefault} /> : undefined
            }
            data={assigneeOptions(users.data)}
            value={values.assigneeId}
            onChange={(v) => set('assigneeId', v ?? '')}
            allowDeselect={false}
            error={errors.assigneeId}
          />
          {below('assigneeId')}
        </Stack>
        <Stack gap={4}>
          <Select
            label={labels.deliveryProvider}
            data={PROVIDER_OPTIONS}
            value={values.deliveryProvider}
            onChange={(v) => set('deliveryProvider', v ?? '')}
            allowDeselect={false}
          />
          {below('deliveryProvider')}
        </Stack>
      </SimpleGrid>
      <ClientPicker
        value={values.clientId ? Number(values.clientId) : null}
        onChange={(id) => set('clientId', id === null ? '' : String(id))}
        error={errors.clientId}
      />
      {below('clientId')}
    </>
  );
}
