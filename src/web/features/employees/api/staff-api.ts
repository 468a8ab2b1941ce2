import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DefaultAssigneesDto, UserOptionDto } from '../../../../domain/users';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Active staff for assignee pickers; shared by every form that assigns work. */
export const userOptionsQuery = queryOptions({
  queryKey: queryKeys.users.options,
  queryFn: async () => (await api<{ users: UserOptionDto[] }>('/api/users/options')).users,
  staleTime: 60_000,
});

export const useUserOptions = () => useQuery(userOptionsQuery);

export const defaultAssigneesQuery = queryOptions({
  queryKey: queryKeys.settings.defaultAssignees,
  queryFn: () => api<DefaultAssigneesDto>('/api/settings/default-assignees'),
});

export const useDefaultAssignees = () => useQuery(defaultAssigneesQuery);

export const UNASSIGNED = '';

/** Select options: 'Не назначен' first, then everyone active. */
export function assigneeOptions(users: UserOptionDto[] | undefined) {
  return [
    { value: UNASSIGNED, label: 'Не назначен' },
    ...(users ?? []).map((u) => ({ value: String(u.id), label: u.displayName })),
  ];
}
