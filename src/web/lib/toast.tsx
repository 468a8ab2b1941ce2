import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

// The spec's success toasts last about 1.2 s; errors stay long enough to be read.
const SUCCESS_MS = 1200;
const ERROR_MS = 5000;
// Long enough to read it and reach the button with a thumb.
const UNDO_MS = 8000;

export const toast = {
  success(message: string) {
    notifications.show({ message, color: 'green', autoClose: SUCCESS_MS, withCloseButton: false });
  },
  /** Neutral news, e.g. what the person just cancelled. */
  info(message: string) {
    notifications.show({ message, color: 'gray', autoClose: ERROR_MS });
  },
  error(message: string) {
    notifications.show({ message, color: 'red', autoClose: ERROR_MS });
  },
  /** A success with one action that undoes it (e.g. «Восстановить» after a delete). */
  undoable(message: string, action: string, onAction: () => void) {
    const id = notifications.show({
      color: 'green',
      autoClose: UNDO_MS,
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{message}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(id);
              onAction();
            }}
          >
            {action}
          </Button>
        </Group>
      ),
    });
  },
};
