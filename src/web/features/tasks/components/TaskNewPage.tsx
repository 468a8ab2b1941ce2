import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import { taskCreateInput } from '../../../../domain/task-schemas';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { useFormValidation } from '../../../lib/form-errors';
import { useDefaultAssignees } from '../../employees/public';
import { useCreateTask } from '../api/tasks-api';
import { EMPTY_TASK_FORM, formToPatch, type TaskFormValues } from './task-form-values';
import { TaskFields } from './TaskFields';

export function TaskNewPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateTask();
  const defaults = useDefaultAssignees();
  const [values, setValues] = useState<TaskFormValues>({
    ...EMPTY_TASK_FORM,
    clientId: params.get('clientId') ?? '',
  });
  // Until the user picks someone, the admin's default assignee for tasks applies.
  const [assigneeTouched, setAssigneeTouched] = useState(false);
  const defaultAssignee = defaults.data?.taskAssigneeId;
  const shown: TaskFormValues =
    assigneeTouched || !defaultAssignee ? values : { ...values, assigneeId: String(defaultAssignee) };

  const payload = formToPatch(shown);
  const { errors, submit: validate } = useFormValidation(taskCreateInput, payload);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validate()) return;
    create.mutate(payload as Parameters<typeof create.mutate>[0], {
      onSuccess: ({ task }) => navigate(paths.task(task.id), { replace: true }),
    });
  };

  return (
    <Stack maw={640}>
      <Title order={2}>Новая задача</Title>
      <Paper component="form" onSubmit={submit} noValidate withBorder p="md" radius="md">
        <Stack>
          <ErrorBox message={create.isError ? errorMessage(create.error) : null} />
          <TaskFields
            form={{
              values: shown,
              errors,
              set: (field, value) => {
                if (field === 'assigneeId') setAssigneeTouched(true);
                setValues((v) => ({ ...v, [field]: value }));
              },
            }}
            autoFocus
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={paths.tasks}>
              Отмена
            </Button>
            <Button type="submit" loading={create.isPending}>
              Создать задачу
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
