import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { taskCreateInput } from '../../../../domain/task-schemas';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/schema-form';
import { useDefaultAssignees } from '../../employees/public';
import { useCreateTask } from '../api/tasks-api';
import { EMPTY_TASK_FORM, formToPatch, type TaskFormValues } from './task-form-values';
import { TaskFields } from './TaskFields';
import { CreateForm } from '../../../components/CreateForm';

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
      <CreateForm
        onSubmit={submit}
        sending={create.isPending || create.isSuccess}
        submitLabel="Создать задачу"
        cancelTo={paths.tasks}
      >
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
          isNew
          assigneeIsDefault={!assigneeTouched && Boolean(defaultAssignee)}
        />
      </CreateForm>
    </Stack>
  );
}
