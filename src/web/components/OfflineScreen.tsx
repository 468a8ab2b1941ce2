import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { CenteredMessage } from './CenteredMessage';

export const OFFLINE_TITLE = 'Нет подключения к сети';

/**
 * What the app shows when it opens without a connection (the service worker still
 * starts it from its cache): a plain explanation, and a retry that also runs by itself
 * as soon as the device is back online.
 */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  return (
    <CenteredMessage title={OFFLINE_TITLE}>
      <Text c="dimmed" ta="center" maw={360}>
        Сервер недоступен. Проверьте интернет или Wi‑Fi — приложение откроется само, когда связь появится.
      </Text>
      <Button onClick={onRetry}>Повторить</Button>
    </CenteredMessage>
  );
}
