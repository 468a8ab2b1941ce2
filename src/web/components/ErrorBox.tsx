import { Alert } from '@mantine/core';

/** The red box in which forms show what the server said went wrong. */
export function ErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
