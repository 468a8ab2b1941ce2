import { Text } from '@mantine/core';
import { CenteredMessage } from './CenteredMessage';

export const WAITING_FOR_CONNECTION = 'Нет связи с сервером';

/** «Загрузка...», or, when the request waits for a connection, says so instead of spinning. */
export function LoadingMessage({ paused }: { paused: boolean }) {
  if (!paused) return <CenteredMessage title="Загрузка..." />;
  return (
    <CenteredMessage title={WAITING_FOR_CONNECTION}>
      <Text c="dimmed" ta="center" maw={360}>
        Страница откроется сама, когда связь появится.
      </Text>
    </CenteredMessage>
  );
}
