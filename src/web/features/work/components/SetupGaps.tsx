import { Alert, Anchor, List } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { missingHeaderFields } from '../../../../domain/shop-header';
import { useDefaultAssignees } from '../../employees/public';
import { shopProfileQuery } from '../../settings/public';
import { useIsOwner } from '../../../lib/session';

const HIDDEN_KEY = 'glz-setup-gaps-hidden';

/**
 * What the owner, or someone allowed «Настройки», has not set up yet that costs the shop every day (issue 48): blank requisites
 * print an empty header on every receipt; without default assignees new work is «Не назначен»
 * and nobody's. Shown on the worklist until done or hidden; hiding holds until the gaps change.
 * The default assignees are set on «Сотрудники», the owner's page: only the owner is told of them.
 */
export function SetupGaps() {
  const shop = useQuery(shopProfileQuery);
  const defaults = useDefaultAssignees();
  const owner = useIsOwner();
  const [hidden, setHidden] = useLocalStorage<string>({
    key: HIDDEN_KEY,
    defaultValue: '',
    getInitialValueInEffect: false,
  });
  if (!shop.data || !defaults.data) return null;
  const missing = missingHeaderFields(shop.data.profile);
  const noDefaults = owner && (!defaults.data.ticketAssigneeId || !defaults.data.taskAssigneeId);
  const gaps = [missing.length > 0 && `requisites:${missing.join(',')}`, noDefaults && 'assignees']
    .filter(Boolean)
    .join('|');
  if (!gaps || gaps === hidden) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Осталось настроить"
      withCloseButton
      closeButtonLabel="Скрыть"
      onClose={() => setHidden(gaps)}
      data-testid="setup-gaps"
    >
      <List size="sm" spacing={4}>
        {missing.length > 0 && (
          <List.Item>
            Реквизиты для квитанций: не заполнено — {missing.join(', ')}.{' '}
            <Anchor component={Link} to={paths.settings} inherit underline="always">
              Настройки
            </Anchor>
          </List.Item>
        )}
        {noDefaults && (
          <List.Item>
            Новые заявки и задачи пока никому не назначаются.{' '}
            <Anchor component={Link} to={`${paths.employees}#default-assignees`} inherit underline="always">
              Исполнители по умолчанию
            </Anchor>
          </List.Item>
        )}
      </List>
    </Alert>
  );
}
