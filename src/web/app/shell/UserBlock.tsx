import { Badge, Button, Group, Stack, UnstyledButton, Text } from '@mantine/core';
import { OWNER, ROLE_LABELS } from '../../../domain/roles';
import { useLogout } from '../../features/auth/api/auth-api';
import { useCurrentUser } from '../../lib/session';

/** Who is signed in (opens the profile) and the logout button: e-mail and role in the header, name first in the phone menu. */
export function UserBlock({
  vertical = false,
  onOpenProfile,
}: {
  vertical?: boolean;
  onOpenProfile: () => void;
}) {
  const me = useCurrentUser();
  const logout = useLogout();
  const Layout = vertical ? Stack : Group;
  const roleBadge = (
    <Badge variant="light" tt="none" color={me.role === OWNER ? 'grape' : 'blue'}>
      {ROLE_LABELS[me.role]}
    </Badge>
  );

  return (
    <Layout gap="sm" align={vertical ? 'stretch' : 'center'}>
      <UnstyledButton
        onClick={onOpenProfile}
        title="Мой профиль"
        data-testid="current-user"
        className={vertical ? 'tap-target' : undefined}
      >
        {vertical ? (
          // The phone menu names the person first (the header keeps the spec's e-mail).
          <Stack gap={2}>
            <Group gap={6} wrap="nowrap">
              <Text fw={500} truncate>
                {me.displayName}
              </Text>
              {roleBadge}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {me.email}
            </Text>
          </Stack>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" truncate maw={220}>
              {me.email}
            </Text>
            {roleBadge}
          </Group>
        )}
      </UnstyledButton>
      <Button
        variant="default"
        size={vertical ? 'md' : 'xs'}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Выйти
      </Button>
    </Layout>
  );
}
