import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../domain/roles';
import type { RolePermissionInput } from '../../../../domain/account-schemas';
import type { InviteCodeDto, RolePermissionsDto, UserDto } from '../../../../domain/users';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const employeesQuery = queryOptions({
  queryKey: queryKeys.employees,
  queryFn: async () => (await api<{ users: UserDto[] }>('/api/employees')).users,
});

export const useEmployees = () => useQuery(employeesQuery);

function useEmployeeMutation<Input>(request: (input: Input) => Promise<{ user: UserDto }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ user }) =>
      client.setQueryData<UserDto[]>(queryKeys.employees, (list) =>
        list?.map((u) => (u.id === user.id ? user : u)),
      ),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.employees }),
  });
}

export const useChangeRole = () =>
  useEmployeeMutation(({ id, role }: { id: number; role: Role }) =>
    api(`/api/employees/${id}/role`, { method: 'PUT', body: { role } }),
  );

export const useChangeAccess = () =>
  useEmployeeMutation(({ id, disabled }: { id: number; disabled: boolean }) =>
    api(`/api/employees/${id}/access`, { method: 'PUT', body: { disabled } }),
  );

export const useInviteCode = () =>
  useQuery({
    queryKey: queryKeys.settings.inviteCode,
    queryFn: () => api<InviteCodeDto>('/api/settings/invite-code'),
  });

export function useChangeInviteCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<InviteCodeDto>('/api/settings/invite-code', { method: 'PUT', body: { code } }),
    onSuccess: (result) => client.setQueryData(queryKeys.settings.inviteCode, result),
  });
}

/** «Сбросить пароль»: a one-time link for the person (24 h); any earlier unused one stops working. */
export function useMakeResetLink() {
  return useMutation({
    mutationFn: (id: number) =>
      api<{ link: string; expiresAt: string }>(`/api/employees/${id}/password-reset`, { method: 'POST' }),
  });
}

/** The roles' table (issue 52): each switchable role's permissions. */
export const useRolePermissions = () =>
  useQuery({
    queryKey: queryKeys.roles,
    queryFn: () => api<RolePermissionsDto>('/api/roles'),
  });

/** One switch; the answer is the whole table as it now stands (another owner may have switched too). */
export function useSwitchPermission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RolePermissionInput) =>
      api<RolePermissionsDto>('/api/roles/permission', { method: 'PUT', body: input }),
    onSuccess: (table) => client.setQueryData(queryKeys.roles, table),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.roles }),
  });
}
