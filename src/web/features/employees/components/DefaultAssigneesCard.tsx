import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DefaultAssigneesDto } from '../../../../domain/users';
import { api, errorMessage } from '../../../lib/api';
import {
  assigneeOptions,
  defaultAssigneesQuery,
  UNASSIGNED,
  useDefaultAssignees,
  useUserOptions,
} from '../api/staff-api';
import { toast } from '../../../lib/toast';

/** Who new tickets and tasks go to by default (replaces the spec's hard-coded names). */
export function DefaultAssigneesCard() {
  const defaults = useDefaultAssignees();
  const users = useUserOptions();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Partial<DefaultAssigneesDto>) =>
      api<DefaultAssigneesDto>('/api/settings/default-assignees', { method: 'PUT', body: values }),
    onSuccess: (values) => {
      client.setQueryData(defaultAssigneesQuery.queryKey, values);
      toast.success('Сохранено');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const current = defaults.data;
  const change = (field: keyof DefaultAssigneesDto, value: string | null) => {
    if (!current) return;
    // Only this default: another admin's change to the other one stays.
    save.mutate({ [field]: value ? Number(value) : null });
  };
  const asValue = (id: number | null | undefined) => (id ? String(id) : UNASSIGNED);

  return (
    <Paper withBorder p="md" radius="md" id="default-assignees">
      <Stack gap="xs">
        <Title order={4}>Исполнители по умолчанию</Title>
        <Text size="sm" c="dimmed">
          Новые заявки и задачи сразу назначаются на этих сотрудников; в форме можно выбрать другого.
        </Text>
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label="Для заявок"
            data={assigneeOptions(users.data)}
            value={asValue(current?.ticketAssigneeId)}
            onChange={(v) => change('ticketAssigneeId', v)}
            allowDeselect={false}
            disabled={!current || save.isPending}
            miw={200}
          />
          <Select
            label="Для задач"
            data={assigneeOptions(users.data)}
            value={asValue(current?.taskAssigneeId)}
            onChange={(v) => change('taskAssigneeId', v)}
            allowDeselect={false}
            disabled={!current || save.isPending}
            miw={200}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
