import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PROVIDER_LABELS, isProvider } from '../../../../domain/providers';
import { paths } from '../../../../domain/routes';
import { TASK_FIELD_LABELS, type TaskDetailDto, type TaskPatchInput } from '../../../../domain/task-schemas';
import type { StoredFileDto } from '../../../../domain/ticket-schemas';
import { TASK_STATUS_LABELS, isTaskStatus } from '../../../../domain/task-status';
import { formatCalendarDate } from '../../../../domain/calendar-date';
import { BackLink } from '../../../components/BackLink';
import { RecordGate } from '../../../components/RecordGate';
import { PhotoGallery } from '../../../components/PhotoGallery';
import { TaskStatusBadge } from '../../../components/TaskStatusBadge';
import { DueMarkBadge } from '../../../components/DueMarkBadge';
import { FieldConflict } from '../../../components/editing/FieldConflict';
import { LeaveGuard } from '../../../components/editing/LeaveGuard';
import { SaveStatus } from '../../../components/editing/SaveStatus';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useUserOptions } from '../../employees/public';
import { CommentsLink, CommentThread } from '../../comments/thread';
import { toast } from '../../../lib/toast';
import { reportUploadError, type UploadOptions } from '../../../lib/upload';
import { useRecordDraft } from '../../../lib/use-record-draft';
import { DetailColumns } from '../../../components/DetailColumns';
import { HistoryList } from '../../../components/HistoryList';
import { InTrashBadge } from '../../../components/trash/InTrashBadge';
import { ReadOnlyWhen } from '../../../components/trash/ReadOnlyWhen';
import { TrashBanner } from '../../../components/trash/TrashBanner';
import { useMoveToTrashConfirm } from '../../../components/trash/useMoveToTrashConfirm';
import { useCan } from '../../../lib/session';
import { patchTask, useDeleteTaskPhoto, useTask, useUploadTaskPhotos } from '../api/tasks-api';
import { formToPatch, taskSnapshot, validateTaskField, type TaskFormValues } from './task-form-values';
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

const TEXT_FIELDS = ['title', 'description'] as const;
// Pickers save at once; typed text 500 ms after the last key (spec §9).
const SAVE_ON = {
  status: 'now',
  dueDate: 'now',
  assigneeId: 'now',
  clientId: 'now',
  deliveryProvider: 'now',
} as const;

function TaskCard({ task }: { task: TaskDetailDto }) {
  const queryClient = useQueryClient();
  const users = useUserOptions();
  const remove = useMoveToTrashConfirm('task', task.id, paths.tasks);
  const canDelete = useCan('trash.delete');
  const trashed = task.deletedAt !== null;
  const upload = useUploadTaskPhotos(task.id);
  const removePhoto = useDeleteTaskPhoto(task.id);
  const draft = useRecordDraft<TaskFormValues, TaskDetailDto>({
    record: task,
    url: `/api/tasks/${task.id}`,
    recordKey: 'task',
    toSnapshot: taskSnapshot,
    toPatch: formToPatch,
    patch: (body) => patchTask(queryClient, task.id, body as TaskPatchInput),
    textFields: TEXT_FIELDS,
    validate: validateTaskField,
    saveOn: SAVE_ON,
  });
  const onError = (error: unknown) => toast.error(errorMessage(error));

  // How someone else's value reads in a conflict notice.
  const describe = (field: keyof TaskFormValues) => (value: string) => {
    if (!value) return '(пусто)';
    if (field === 'status' && isTaskStatus(value)) return TASK_STATUS_LABELS[value];
    if (field === 'deliveryProvider' && isProvider(value)) return PROVIDER_LABELS[value];
    if (field === 'dueDate') return formatCalendarDate(value);
    if (field === 'assigneeId') return users.data?.find((u) => String(u.id) === value)?.displayName ?? value;
    if (field === 'clientId') return task.clientName || value;
    return value;
  };

  return (
    <DetailColumns
      top={
        <>
          <LeaveGuard blocker={draft.blocker} status={draft.status} onLeave={draft.discardUnsendable} />
          <BackLink fallback={paths.tasks} fallbackLabel="Задачи" />
          {task.deletedAt !== null && (
            <TrashBanner
              kind="task"
              id={task.id}
              deletedAt={task.deletedAt}
              deletedByName={task.deletedByName}
            />
          )}
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
            <Group gap={6}>
              <DueMarkBadge dueDate={task.dueDate} closed={task.status === 'closed'} />
              <TaskStatusBadge status={task.status} size="lg" />
              {/* Finishing a task is the commonest change: one tap, not three through the select (issue 48). */}
              {!trashed && draft.values.status !== 'closed' && (
                <Button color="teal.9" onClick={() => draft.set('status', 'closed')}>
                  Готово
                </Button>
              )}
            </Group>
          </Group>
          <CommentsLink kind="task" itemId={task.id} />
        </>
      }
      main={
        <>
          <Paper withBorder p="md" radius="md">
            <Stack>
              <ReadOnlyWhen readOnly={trashed}>
                <TaskFields
                  form={{
                    ...draft,
                    below: (field) => (
                      <FieldConflict
                        label={TASK_FIELD_LABELS[field as keyof typeof TASK_FIELD_LABELS]}
                        conflict={draft.conflicts[field]}
                        describe={describe(field)}
                        onKeepTheirs={() => draft.keepTheirs(field)}
                        onKeepMine={() => draft.keepMine(field)}
                      />
                    ),
                  }}
                />
              </ReadOnlyWhen>
              {task.clientId && (
                <Group gap={6}>
                  <Anchor component={Link} to={paths.client(task.clientId)} size="sm" className="tap-target">
                    Карточка клиента: {task.clientName}
                  </Anchor>
                  <InTrashBadge inTrash={task.clientInTrash} />
                </Group>
              )}
              <SaveStatus status={draft.status} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <CommentThread kind="task" itemId={task.id} readOnly={trashed} people={users.data ?? []} />
          </Paper>
        </>
      }
      side={
        <>
          <Paper withBorder p="md" radius="md">
            <PhotoGallery
              title="Фото"
              photos={task.photos}
              // In the Корзина the photos still open; nothing is added or removed.
              {...(trashed
                ? {}
                : {
                    onUpload: (files: File[], options: UploadOptions) =>
                      upload
                        .mutateAsync({ files, options })
                        .then(() => toast.success('Фото загружены'), reportUploadError),
                    onDelete: (photo: StoredFileDto) => removePhoto.mutate(photo.id, { onError }),
                  })}
            />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <HistoryList kind="task" recordId={task.id} head={task} />
          </Paper>
        </>
      }
      foot={
        !trashed &&
        canDelete && (
          <Group justify="flex-end">
            <Button
              color="red"
              variant="subtle"
              onClick={() => remove.ask(<Text size="sm">Задача «{task.title}».</Text>)}
              loading={remove.pending}
            >
              Удалить задачу
            </Button>
          </Group>
        )
      }
    />
  );
}
