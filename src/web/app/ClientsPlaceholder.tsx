import { Stack, Title } from '@mantine/core';
import { CenteredMessage } from '../components/CenteredMessage';

/** Stands in for the client directory until that feature lands. */
export function ClientsPlaceholder() {
  return (
    <Stack>
      <Title order={2}>Клиенты</Title>
      <CenteredMessage title="Нет данных" />
    </Stack>
  );
}
