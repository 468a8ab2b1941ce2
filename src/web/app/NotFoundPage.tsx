import { Anchor, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../domain/routes';
import { CenteredMessage } from '../components/CenteredMessage';

/** Unknown public address. */
export function NotFoundPage() {
  return (
    <CenteredMessage title="">
      <Title order={1} c="dimmed" fz={72}>
        404
      </Title>
      <Text size="lg">Страница не найдена</Text>
      <Anchor component={Link} to={paths.app}>
        На главную
      </Anchor>
    </CenteredMessage>
  );
}

/** Unknown address inside the signed-in area (also what non-admins see at /app/employees). */
export function AppNotFound() {
  return <CenteredMessage title="Страница не найдена" />;
}
