import { Button } from '@mantine/core';
import { CenteredMessage } from './CenteredMessage';

/** A screen's data could not be read: what went wrong, and a retry that keeps the page around it. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <CenteredMessage title={message}>
      <Button variant="light" onClick={onRetry}>
        Повторить
      </Button>
    </CenteredMessage>
  );
}
