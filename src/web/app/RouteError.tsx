import { Button } from '@mantine/core';
import { useRouteError } from 'react-router';
import { CenteredMessage } from '../components/CenteredMessage';
import { OfflineScreen } from '../components/OfflineScreen';

/** Shown instead of a blank page when a screen fails; the details go to the console. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  // A screen's code could not be loaded without a connection.
  if (!navigator.onLine) return <OfflineScreen onRetry={() => window.location.reload()} />;
  return (
    <CenteredMessage title="Что-то пошло не так">
      <Button onClick={() => window.location.reload()}>Обновить страницу</Button>
    </CenteredMessage>
  );
}
