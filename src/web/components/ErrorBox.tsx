import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';

/**
 * The red box in which forms show what the server said went wrong. It sits at the form's top;
 * on a phone the person who pressed «Сохранить» is at its foot, so a new message is brought
 * into view (issue 48).
 */
export function ErrorBox({ message }: { message: string | null | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) box.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={box} color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
