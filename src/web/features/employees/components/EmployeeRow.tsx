import { DANGER_CONFIRM } from '../../../components/danger';
import { Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { confirmModal } from '../../../lib/confirm';
import { OWNER, ROLE_LABELS, ROLES, isRole, type Role } from '../../../../domain/roles';
import type { UserDto } from '../../../../domain/users';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangeAccess, useChangeRole } from '../api/employees-api';
import { ResetPasswordButton } from './ResetPasswordButton';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The role select and the access buttons of one person, for the table row and the phone card alike. */
function useEmployeeControls(employee: UserDto, isSelf: boolean) {
  const changeRole = useChangeRole();
  const changeAccess = useChangeAccess();
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const applyRole = (role: Role) =>
    changeRole.mutate(
      { id: employee.id, role },
      { onSuccess: () => toast.success('Роль изменена'), onError },
    );

  // A role change signs the person out everywhere (what they were typing is lost), and a mis-tap
  // on «Владелец» would hand over everything: both are said before it happens.
  const setRole = (value: string | null) => {
    if (!isRole(value) || value === employee.role) return;
    confirmModal({
      title: value === OWNER ? 'Сделать владельцем?' : 'Сменить роль?',
      children: (
        <Text size="sm">
          {employee.displayName}: {ROLE_LABELS[employee.role]} → {ROLE_LABELS[value]}.{' '}
          {value === OWNER && 'Владелец может всё, включая сотрудников и права ролей. '}
          Сотрудник выйдет из системы на всех устройствах; несохранённое на его открытых экранах пропадёт.
        </Text>
      ),
      labels: { confirm: value === OWNER ? 'Сделать владельцем' : 'Сменить', cancel: 'Отмена' },
      ...(value === OWNER ? { confirmProps: DANGER_CONFIRM } : {}),
      onConfirm: () => applyRole(value),
    });
  };

  const setAccess = (disabled: boolean) =>
    changeAccess.mutate(
      { id: employee.id, disabled },
      { onSuccess: () => toast.success(disabled ? 'Доступ отключён' : 'Доступ включён'), onError },
    );

  const confirmDisable = () =>
    confirmModal({
      title: 'Отключить доступ?',
      children: (
        <Text size="sm">
          {employee.displayName}: вход будет закрыт, все сеансы сотрудника завершатся сразу. Включить доступ
          можно в любой момент.
        </Text>
      ),
      labels: { confirm: 'Отключить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () => setAccess(true),
    });

  const roleSelect = (
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
  );
  const access = isSelf ? (
    <Badge variant="light" tt="none">
      Активен
    </Badge>
  ) : employee.disabled ? (
    <Button size="xs" variant="light" onClick={() => setAccess(false)} loading={changeAccess.isPending}>
      Включить
    </Button>
  ) : (
    <Group gap={4} wrap="wrap">
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
  );
  return { roleSelect, access };
}

function Name({ employee, isSelf }: { employee: UserDto; isSelf: boolean }) {
  return (
    <>
      {employee.displayName}
      {isSelf && (
        <Text span size="xs" c="dimmed">
          {' '}
          (вы)
        </Text>
      )}
    </>
  );
}

export function EmployeeRow({ employee, isSelf }: { employee: UserDto; isSelf: boolean }) {
  const { roleSelect, access } = useEmployeeControls(employee, isSelf);
  return (
    <Table.Tr c={employee.disabled ? 'dimmed' : undefined} data-testid={`employee-${employee.email}`}>
      <Table.Td>
        <Name employee={employee} isSelf={isSelf} />
      </Table.Td>
      <Table.Td>{employee.email}</Table.Td>
      <Table.Td>{employee.phone || '—'}</Table.Td>
      <Table.Td>{roleSelect}</Table.Td>
      <Table.Td>{access}</Table.Td>
    </Table.Tr>
  );
}

/** On a phone: one card per person, every control in reach (the table would scroll sideways). */
export function EmployeeCard({ employee, isSelf }: { employee: UserDto; isSelf: boolean }) {
  const { roleSelect, access } = useEmployeeControls(employee, isSelf);
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      c={employee.disabled ? 'dimmed' : undefined}
      data-testid={`employee-${employee.email}`}
    >
      <Stack gap={6}>
        <Text fw={500}>
          <Name employee={employee} isSelf={isSelf} />
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {employee.email}
          {employee.phone ? ` · ${employee.phone}` : ''}
        </Text>
        {roleSelect}
        {access}
      </Stack>
    </Paper>
  );
}
