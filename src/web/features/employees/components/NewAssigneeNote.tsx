import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { useIsOwner } from '../../../lib/session';
import { UNASSIGNED } from '../api/staff-api';

/**
 * Under a new ticket's or task's «Исполнитель»: who will get it (issue 48). Unassigned work
 * shows in nobody's «Мои» and notifies nobody; an admin is led to the defaults.
 */
export function NewAssigneeNote({ chosen, isDefault }: { chosen: string; isDefault: boolean }) {
  const owner = useIsOwner();
  if (chosen !== UNASSIGNED) return isDefault ? 'Исполнитель по умолчанию' : null;
  return (
    <>
      Никто не получит уведомление и не увидит её в разделе «Мои».{' '}
      {owner ? (
        <Anchor component={Link} to={`${paths.employees}#default-assignees`} inherit underline="always">
          Назначить исполнителя по умолчанию
        </Anchor>
      ) : (
        'Выберите исполнителя.'
      )}
    </>
  );
}
