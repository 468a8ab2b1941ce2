import { Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PERMISSION_LABELS, allows, type Access } from '../../domain/roles';
import { paths } from '../../domain/routes';
import { CenteredMessage } from '../components/CenteredMessage';
import { OfflineScreen } from '../components/OfflineScreen';
import { ApiError, errorMessage } from '../lib/api';
import { isSigningOut, useMe } from '../lib/session';

/** Shows 'Загрузка...' while the session is checked, then the page or the login form. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  // Without a connection the query waits ('paused') or fails to reach the server.
  const offline =
    (me.isPending && me.fetchStatus === 'paused') ||
    (me.isError && me.error instanceof ApiError && me.error.code === 'network');
  if (offline) return <OfflineScreen onRetry={() => void me.refetch()} />;
  if (me.isPending) return <CenteredMessage title="Загрузка..." />;
  if (me.isError) {
    return (
      <CenteredMessage title={errorMessage(me.error)}>
        <Button onClick={() => void me.refetch()}>Повторить</Button>
      </CenteredMessage>
    );
  }
  if (!me.data) {
    if (isSigningOut()) return <CenteredMessage title="Выход..." />;
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  return children;
}

/**
 * A screen open only to some (issue 52). Someone else, say with a link a colleague sent, is told
 * which permission opens it; a permission switched off closes the screen where it stands.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const me = useMe();
  if (me.data && allows(me.data, access)) return children;
  const needed =
    access === 'owner'
      ? 'Эта страница — только для владельца.'
      : `Эту страницу открывает право ${access.map((p) => `«${PERMISSION_LABELS[p]}»`).join(' или ')}; права ролей даёт владелец на странице «Сотрудники».`;
  return (
    <CenteredMessage title="Нет доступа">
      <Text size="sm" ta="center" maw={420}>
        {needed}
      </Text>
      <Button component={Link} to={paths.work} variant="light">
        К задачам
      </Button>
    </CenteredMessage>
  );
}
