import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type {
  TaskCreateInput,
  TaskDetailDto,
  TaskDto,
  TaskPatchInput,
} from '../../../../domain/task-schemas';
import { api } from '../../../lib/api';
import { filesForm, uploadForm, type UploadOptions } from '../../../lib/upload';
import { usePagedQuery, useRecordQuery } from '../../../lib/record-queries';
import { writeRecord } from '../../../lib/own-writes';
import { queryKeys } from '../../../lib/query-keys';

export const useTaskList = (status: string) =>
  usePagedQuery<TaskDto>(queryKeys.tasks.list({ status }), '/api/tasks', status ? { status } : {});

/** A client's newest tasks, for the client card. */
export const useClientTasks = (clientId: number) =>
  useQuery({
    queryKey: queryKeys.tasks.list({ clientId }),
    queryFn: () => api<Page<TaskDto>>(`/api/tasks?clientId=${clientId}&limit=20`),
  });

export const useTask = (id: number) =>
  useRecordQuery<TaskDetailDto>(queryKeys.tasks.detail(id), id, `/api/tasks/${id}`, 'task');

function useTaskMutation<Input>(request: (input: Input) => Promise<{ task: TaskDetailDto }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ task }) => {
      client.setQueryData(queryKeys.tasks.detail(task.id), task);
      void client.invalidateQueries({ queryKey: queryKeys.tasks.lists });
    },
  });
}

export const useCreateTask = () =>
  useTaskMutation((input: TaskCreateInput) => api('/api/tasks', { method: 'POST', body: input }));

/** Not a hook: the autosave draft needs a stable function. Resolves with the task as saved. */
export async function patchTask(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  changes: TaskPatchInput,
): Promise<TaskDetailDto> {
  return writeRecord(queryClient, queryKeys.tasks.detail(id), queryKeys.tasks.lists, async () => {
    const { task } = await api<{ task: TaskDetailDto }>(`/api/tasks/${id}`, {
      method: 'PATCH',
      body: changes,
    });
    return task;
  });
}

export const useUploadTaskPhotos = (id: number) =>
  useTaskMutation(({ files, options }: { files: File[]; options: UploadOptions }) =>
    uploadForm<{ task: TaskDetailDto }>(`/api/tasks/${id}/photos`, filesForm(files), options),
  );

export const useDeleteTaskPhoto = (id: number) =>
  useTaskMutation((fileId: number) => api(`/api/tasks/${id}/photos/${fileId}`, { method: 'DELETE' }));
