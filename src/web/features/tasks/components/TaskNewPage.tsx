import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { taskCreateInput } from '../../../../domain/task-schemas';
import { CancelButton } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useDefaultAssignees } from '../../employees/public';
import { useCreateTask } from '../api/tasks-api';
import { EMPTY_TASK_FORM, formToPatch, type TaskFormValues } from './task-form-values';
import { TaskFields } from './TaskFields';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';

export function TaskNewPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateTask();
  const defaults = useDefaultAssignees();
  // Until the user picks someone, the admin's default assignee for tasks applies.
  const [assigneeTouched, setAssigneeTouched] = useState(false);
  const defaultAssignee = defaults.data?.taskAssigneeId;
  const withDefault = (values: TaskFormValues): TaskFormValues =>
    assigneeTouched || !defaultAssignee ? values : { ...values, assigneeId: String(defaultAssignee) };
  const { form, onSubmit } = useSchemaForm({
    schema: taskCreateInput,
    initialValues: { ...EMPTY_TASK_FORM, clientId: params.get('clientId') ?? '' },
    toPayload: (values) => formToPatch(withDefault(values)),
  });

  const submit = onSubmit((data) =>
    create.mutate(data, { onSuccess: ({ task }) => navigate(paths.task(task.id), { replace: true }) }),
  );

  return (
    <Stack maw={640}>
      <Title order={2}>Новая задача</Title>
      <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
        {/* Sent, then created while its card opens: what is typed now would go nowhere. */}
        <ReadOnlyWhen readOnly={create.isPending || create.isSuccess}>
          <Stack>
            <ErrorBox message={create.isError ? errorMessage(create.error) : null} />
            <TaskFields
              form={{
                values: withDefault(form.getValues()),
                errors: form.errors as Partial<Record<keyof TaskFormValues, string>>,
                set: (field, value) => {
                  if (field === 'assigneeId') setAssigneeTouched(true);
                  form.setFieldValue(field as string & keyof TaskFormValues, value);
                },
              }}
              autoFocus
            />
            <Group justify="flex-end">
              <CancelButton fallback={paths.tasks} />
              <Button type="submit" loading={create.isPending || create.isSuccess}>
                Создать задачу
              </Button>
            </Group>
          </Stack>
        </ReadOnlyWhen>
      </Paper>
    </Stack>
  );
}
