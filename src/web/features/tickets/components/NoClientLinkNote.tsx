import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { useCan } from '../../../lib/session';

/** Why a message or the card offers no link for the client, and who can change that (issue 48). */
export function NoClientLinkNote() {
  const canSet = useCan('settings');
  return (
    <Alert color="yellow" variant="light" data-testid="no-client-link">
      Ссылка на страницу статуса не добавлена: адрес {window.location.host} открывается только в сети сервиса,
      у клиента он не откроется.{' '}
      {canSet ? (
        <>
          Укажите адрес для клиентов в{' '}
          <Anchor component={Link} to={`${paths.settings}#public-address`} inherit underline="always">
            «Настройках»
          </Anchor>
          .
        </>
      ) : (
        'Попросите владельца указать адрес для клиентов в «Настройках».'
      )}
    </Alert>
  );
}
