import { notifications } from '@mantine/notifications';

// The spec's success toasts last about 1.2 s; errors stay long enough to be read.
const SUCCESS_MS = 1200;
const ERROR_MS = 5000;

export const toast = {
  success(message: string) {
    notifications.show({ message, color: 'green', autoClose: SUCCESS_MS, withCloseButton: false });
  },
  error(message: string) {
    notifications.show({ message, color: 'red', autoClose: ERROR_MS });
  },
};
