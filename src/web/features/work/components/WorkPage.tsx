import { Stack, Title } from '@mantine/core';
import { CenteredMessage } from '../../../components/CenteredMessage';

/** The combined worklist; the list itself arrives with the worklist issue. */
export function WorkPage() {
  return (
    <Stack>
      <Title order={2}>Задачи</Title>
      <CenteredMessage title="Пусто" />
    </Stack>
  );
}
