import { Anchor, AppShell, Burger, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { CenteredMessage } from '../../components/CenteredMessage';
import { paths } from '../../../domain/routes';
import { ProfileDialog } from '../../features/profile/components/ProfileDialog';
import { useAppName } from '../../lib/session';
import { LiveUpdates } from './LiveUpdates';
import { NavButtons } from './NavButtons';
import { NotificationsButton } from './NotificationsButton';
import { UserBlock } from './UserBlock';

/** Top navigation; below the `sm` breakpoint the links fold into a burger menu. */
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
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !menuOpened, desktop: true } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="sm" size="sm" aria-label="Меню" />
            <Anchor
              component={Link}
              to={paths.app}
              fw={700}
              size="lg"
              underline="never"
              className="tap-target"
            >
              {appName}
            </Anchor>
            <Group gap={4} visibleFrom="sm" component="nav">
              <NavButtons />
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LiveUpdates />
            <NotificationsButton />
            <Group visibleFrom="sm">
              <UserBlock onOpenProfile={openProfile} />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" hiddenFrom="sm">
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
        <Suspense fallback={<CenteredMessage title="Загрузка..." />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <ProfileDialog opened={profileOpened} onClose={profile.close} />
    </AppShell>
  );
}
