import { Stack, Table, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LoadFailed } from '../../../components/LoadFailed';
import { LoadingMessage } from '../../../components/LoadingMessage';
import { ListSkeleton } from '../../../components/Skeletons';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/session';
import { useEmployees } from '../api/employees-api';
import { EmployeeCard, EmployeeRow } from './EmployeeRow';
import { useScrollToHash } from '../../../lib/scroll-to-hash';
import { DefaultAssigneesCard } from './DefaultAssigneesCard';
import { InviteCodeCard } from './InviteCodeCard';
import { RolesCard } from './RolesCard';

export function EmployeesPage() {
  const me = useCurrentUser();
  const employees = useEmployees();
  useScrollToHash(employees.isSuccess);
  // The table needs ~680 px; narrower, one card per person.
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <Stack>
      <Title order={2}>Сотрудники</Title>
      {employees.isPending && (
        <LoadingMessage paused={employees.fetchStatus === 'paused'} skeleton={<ListSkeleton rows={3} />} />
      )}
      {employees.isError && !employees.data && (
        <LoadFailed message={errorMessage(employees.error)} onRetry={() => void employees.refetch()} />
      )}
      {employees.data && narrow && (
        <Stack gap="xs">
          {employees.data.map((employee) => (
            <EmployeeCard key={employee.id} employee={employee} isSelf={employee.id === me.id} />
          ))}
        </Stack>
      )}
      {employees.data && !narrow && (
        <Table.ScrollContainer minWidth={680}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ФИО</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Телефон</Table.Th>
                <Table.Th>Роль</Table.Th>
                <Table.Th>Доступ</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {employees.data.map((employee) => (
                <EmployeeRow key={employee.id} employee={employee} isSelf={employee.id === me.id} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RolesCard />
      <DefaultAssigneesCard />
      <InviteCodeCard />
    </Stack>
  );
}
