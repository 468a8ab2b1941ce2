import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredMessage } from './CenteredMessage';

export const WAITING_FOR_CONNECTION = 'Нет связи с сервером';

/**
 * «Загрузка...» — or the `skeleton` given, shaped like what is coming — or, when the
 * request waits for a connection, says so instead of spinning.
 */
export function LoadingMessage({ paused, skeleton }: { paused: boolean; skeleton?: ReactNode }) {
  if (!paused) return skeleton ?? <CenteredMessage title="Загрузка..." />;
  return (
    <CenteredMessage title={WAITING_FOR_CONNECTION}>
      <Text c="dimmed" ta="center" maw={360}>
        Страница откроется сама, когда связь появится.
      </Text>
    </CenteredMessage>
  );
}
