import { Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  PERMISSIONS,
  PERMISSION_LABELS,
  ROLE_HINTS,
  ROLE_LABELS,
  SWITCHABLE_ROLES,
  isSwitchableRole,
  type Permission,
  type SwitchableRole,
} from '../../../../domain/roles';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRolePermissions, useSwitchPermission } from '../api/employees-api';

const ROLE_CHOICES = SWITCHABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * «Права ролей» (issue 52): one role at a time, a switch per permission. Each switch is saved
 * at once and reaches the open screens of everyone with that role; the owner has every right.
 */
export function RolesCard() {
  const table = useRolePermissions();
  const switchOne = useSwitchPermission();
  const [role, setRole] = useState<SwitchableRole>('receptionist');
  const [saving, setSaving] = useState<Permission | null>(null);

  const toggle = (permission: Permission, allowed: boolean) => {
    setSaving(permission);
    switchOne.mutate(
      { role, permission, allowed },
      {
        onSuccess: () =>
          toast.success(
            `${ROLE_LABELS[role]}: «${PERMISSION_LABELS[permission]}» — ${allowed ? 'разрешено' : 'запрещено'}`,
          ),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" id="roles" data-testid="roles-card">
      <Stack gap="sm">
        <Text fw={500}>Права ролей</Text>
        <Text size="sm" c="dimmed">
          {ROLE_LABELS.admin} может всё, включая эту страницу. Остальным ролям права включаются здесь;
          изменение сразу доходит до открытых экранов.
        </Text>
        <SegmentedControl
          aria-label="Роль"
          data={ROLE_CHOICES}
          value={role}
          onChange={(value) => isSwitchableRole(value) && setRole(value)}
          fullWidth
          size="md"
        />
        <Text size="sm">{ROLE_HINTS[role]}</Text>
        {table.isError && !table.data && (
          <LoadFailed message={errorMessage(table.error)} onRetry={() => void table.refetch()} />
        )}
        {table.data &&
          PERMISSIONS.map((permission) => (
            <Switch
              key={permission}
              label={PERMISSION_LABELS[permission]}
              checked={table.data.roles[role].includes(permission)}
              disabled={saving === permission}
              onChange={(event) => toggle(permission, event.currentTarget.checked)}
              size="md"
              // A whole row a thumb can hit: 44 px high, the label included.
              styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            />
          ))}
      </Stack>
    </Paper>
  );
}
