import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { missingHeaderFields } from '../../../../domain/shop-header';
import { useCan } from '../../../lib/session';
import { shopProfileQuery } from '../api/shop-profile-api';

/**
 * What the papers' header lacks, and where to fill it in (issue 48: a receipt printed before
 * «Настройки» had a blank header and nothing said so). Nothing when all is there.
 */
export function MissingRequisites({ where }: { where: string }) {
  const canSet = useCan('settings');
  const shop = useQuery(shopProfileQuery);
  if (!shop.data) return null;
  const missing = missingHeaderFields(shop.data.profile);
  if (missing.length === 0) return null;
  const names = missing.join(', ');
  return (
    <Alert color="yellow" variant="light" data-testid="missing-requisites">
      {where}: не заполнено — {names}.{' '}
      {canSet ? (
        <Anchor component={Link} to={paths.settings} inherit underline="always">
          Заполнить в «Настройках»
        </Anchor>
      ) : (
        'Попросите владельца заполнить их в «Настройках».'
      )}
    </Alert>
  );
}
