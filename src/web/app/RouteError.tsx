import { Anchor, Button, Group } from '@mantine/core';
import { Link, useRouteError } from 'react-router';
import { paths } from '../../domain/routes';
import { CenteredMessage } from '../components/CenteredMessage';
import { OfflineScreen } from '../components/OfflineScreen';

const reload = () => window.location.reload();

/** Shown instead of a blank page when a screen fails; the details go to the console. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  // A screen's code could not be loaded without a connection.
  if (!navigator.onLine) return <OfflineScreen onRetry={reload} />;
  return (
    <CenteredMessage title="Что-то пошло не так">
      <Button onClick={reload}>Обновить страницу</Button>
    </CenteredMessage>
  );
}

/**
 * The same inside the signed-in area: it takes the failed screen's place under the
 * header, so the menu stays and the person can go elsewhere or try again (issue 17).
 * A retry reloads the page: a screen whose code failed to load stays failed until then.
 */
export function ScreenError() {
  const error = useRouteError();
  console.error(error);
  if (!navigator.onLine) return <OfflineScreen onRetry={reload} />;
  return (
    <CenteredMessage title="Не удалось показать эту страницу">
      <Group>
        <Button onClick={reload}>Повторить</Button>
        <Anchor component={Link} to={paths.work} className="tap-target">
          К списку задач
        </Anchor>
      </Group>
    </CenteredMessage>
  );
}
