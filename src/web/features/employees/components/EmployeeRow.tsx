import { Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { ROLE_LABELS, ROLES, isRole } from '../../../../domain/roles';
import type { UserDto } from '../../../../domain/users';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangeAccess, useChangeRole } from '../api/employees-api';
import { ResetPasswordButton } from './ResetPasswordButton';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function EmployeeRow({ employee, isSelf }: { employee: UserDto; isSelf: boolean }) {
  const changeRole = useChangeRole();
  const changeAccess = useChangeAccess();
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const setRole = (value: string | null) => {
    if (!isRole(value) || value === employee.role) return;
    changeRole.mutate(
      { id: employee.id, role: value },
      { onSuccess: () => toast.success('Роль изменена'), onError },
    );
  };

  const setAccess = (disabled: boolean) =>
    changeAccess.mutate(
      { id: employee.id, disabled },
      { onSuccess: () => toast.success(disabled ? 'Доступ отключён' : 'Доступ включён'), onError },
    );

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Отключить доступ?',
      children: (
        <Text size="sm">
          {employee.displayName}: вход будет закрыт, все сеансы сотрудника завершатся сразу. Включить доступ
          можно в любой момент.
        </Text>
      ),
      labels: { confirm: 'Отключить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => setAccess(true),
    });

  return (
    <Table.Tr c={employee.disabled ? 'dimmed' : undefined} data-testid={`employee-${employee.email}`}>
      <Table.Td>
        {employee.displayName}
        {isSelf && (
          <Text span size="xs" c="dimmed">
            {' '}
            (вы)
          </Text>
        )}
      </Table.Td>
      <Table.Td>{employee.email}</Table.Td>
      <Table.Td>{employee.phone || '—'}</Table.Td>
      <Table.Td>
        <Select
          aria-label={`Роль: ${employee.displayName}`}
          data={ROLE_OPTIONS}
          value={employee.role}
          onChange={setRole}
          allowDeselect={false}
          disabled={isSelf || changeRole.isPending}
          title={isSelf ? 'Собственную роль изменить нельзя' : undefined}
          w={150}
        />
      </Table.Td>
      <Table.Td>
        {isSelf ? (
          <Badge variant="light" tt="none">
            Активен
          </Badge>
        ) : employee.disabled ? (
          <Button size="xs" variant="light" onClick={() => setAccess(false)} loading={changeAccess.isPending}>
            Включить
          </Button>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={confirmDisable}
              loading={changeAccess.isPending}
            >
              Отключить
            </Button>
            <ResetPasswordButton employee={employee} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
