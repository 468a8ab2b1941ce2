import { Anchor, AppShell, Burger, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LazyBoundary } from '../../components/LazyBoundary';
import { ScreenSkeleton } from '../../components/Skeletons';
import { toast } from '../../lib/toast';
import { paths } from '../../../domain/routes';
import { useAppName } from '../../lib/session';
import { LiveUpdates } from './LiveUpdates';
import { NavButtons } from './NavButtons';
import { NotificationsButton } from './NotificationsButton';
import { UserBlock } from './UserBlock';

// Opened by a click, and its forms check with zod: loaded then, not with the first screen.
const ProfileDialog = lazy(() =>
  import('../../features/profile/components/ProfileDialog').then((m) => ({ default: m.ProfileDialog })),
);

/**
 * Top navigation; below the `lg` breakpoint (1200 px) the links fold into a burger menu:
 * five links, the bell and the signed-in person do not fit a tablet's width on one line.
 */
export function AppLayout() {
  const appName = useAppName();
  const [menuOpened, menu] = useDisclosure(false);
  const [profileOpened, profile] = useDisclosure(false);
  const openProfile = () => {
    menu.close();
    profile.open();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="lg" size="sm" aria-label="Меню" />
            <Anchor
              component={Link}
              to={paths.app}
              fw={700}
              size="lg"
              underline="never"
              className="tap-target"
              style={{ whiteSpace: 'nowrap' }}
            >
              {appName}
            </Anchor>
            <Group gap={4} visibleFrom="lg" component="nav">
              <NavButtons />
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LiveUpdates />
            <NotificationsButton />
            <Group visibleFrom="lg">
              <UserBlock onOpenProfile={openProfile} />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" hiddenFrom="lg">
        {/* Rendered only while open, so a folded menu is not in the tab order or accessibility tree. */}
        {menuOpened && (
          <>
            <Stack gap="xs" component="nav">
              <NavButtons vertical onNavigate={menu.close} />
            </Stack>
            <Divider my="md" />
            <UserBlock vertical onOpenProfile={openProfile} />
          </>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={<ScreenSkeleton />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {profileOpened && (
        <LazyBoundary
          onError={() => {
            profile.close();
            toast.error('Не удалось открыть профиль. Проверьте связь и попробуйте ещё раз');
          }}
        >
          <Suspense fallback={null}>
            <ProfileDialog opened onClose={profile.close} />
          </Suspense>
        </LazyBoundary>
      )}
    </AppShell>
  );
}
