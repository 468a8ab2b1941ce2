import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import type { TaskDetailDto } from '../../../../domain/task-schemas';
import { RecordGate } from '../../../components/RecordGate';
import { PhotoGallery } from '../../../components/PhotoGallery';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAutosave } from '../../../lib/use-autosave';
import { patchTask, useDeleteTask, useDeleteTaskPhoto, useTask, useUploadTaskPhotos } from '../api/tasks-api';
import { formToPatch, taskToForm, validateTaskField, type TaskFormValues } from './task-form-values';
import { TaskFields } from './TaskFields';

export function TaskPage() {
  const id = Number(useParams().id);
  const task = useTask(id);
  return (
    <RecordGate id={id} query={task} notFound="Задача не найдена">
      {(record) => <TaskCard key={record.id} task={record} />}
    </RecordGate>
  );
}

function TaskCard({ task }: { task: TaskDetailDto }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteTask();
  const upload = useUploadTaskPhotos(task.id);
  const removePhoto = useDeleteTaskPhoto(task.id);
  const server = useMemo(() => taskToForm(task), [task]);
  const draft = useAutosave<TaskFormValues>(server, {
    save: (changes) => patchTask(queryClient, task.id, formToPatch(changes)),
    validate: validateTaskField,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Удалить задачу?',
      children: <Text size="sm">Задача «{task.title}» будет удалена вместе с фото.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(task.id, {
          onSuccess: () => {
            toast.success('Задача удалена');
            navigate(paths.tasks, { replace: true });
          },
          onError,
        }),
    });

  const status = draft.saving
    ? 'Сохранение…'
    : draft.pending
      ? 'Есть несохранённые изменения'
      : 'Все изменения сохранены';

  return (
    <Stack maw={760}>
      <Anchor component={Link} to={paths.tasks} size="sm">
        ← Задачи
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} miw={0}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            Задача {task.id}
          </Title>
          <Text size="xs" c="dimmed">
            Создана {formatDateTime(task.createdAt)}
            {task.createdByName ? ` · ${task.createdByName}` : ''}
            {task.closedAt ? ` · закрыта ${formatDateTime(task.closedAt)}` : ''}
          </Text>
        </Stack>
        <TaskStatusBadge status={task.status} size="lg" />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack>
          <TaskFields values={draft.values} errors={draft.errors} onChange={draft.set} />
          {task.clientId && (
            <Anchor component={Link} to={paths.client(task.clientId)} size="sm">
              Карточка клиента: {task.clientName}
            </Anchor>
          )}
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="autosave-status">
            {status}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <PhotoGallery
          title="Фото"
          photos={task.photos}
          uploading={upload.isPending}
          onUpload={(files) =>
            upload.mutate(files, { onSuccess: () => toast.success('Фото загружены'), onError })
          }
          onDelete={(photo) => removePhoto.mutate(photo.id, { onError })}
        />
      </Paper>
      <Group justify="flex-end">
        <Button color="red" variant="subtle" onClick={confirmDelete} loading={remove.isPending}>
          Удалить задачу
        </Button>
      </Group>
    </Stack>
  );
}
