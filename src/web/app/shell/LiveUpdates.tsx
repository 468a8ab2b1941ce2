import { Badge } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { connectLiveEvents } from '../../lib/live-events';

// Reconnects within this time are not worth alarming anyone about.
const GRACE_MS = 2500;

/** Keeps every screen current, and says so when the live connection is down. */
export function LiveUpdates() {
  const client = useQueryClient();
  const [showDown, setShowDown] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const disconnect = connectLiveEvents(client, (status) => {
      clearTimeout(timer);
      if (status === 'down') timer = setTimeout(() => setShowDown(true), GRACE_MS);
      else if (status === 'open') setShowDown(false);
    });
    return () => {
      clearTimeout(timer);
      disconnect();
    };
  }, [client]);

  if (!showDown) return null;
  return (
    <Badge color="red" variant="light" tt="none" data-testid="live-down">
      Нет связи с сервером
    </Badge>
  );
}
