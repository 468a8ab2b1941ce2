import { Badge } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { connectLiveEvents } from '../../lib/live-events';
import { useCurrentUser } from '../../lib/session';
import { patchStoredEdit, sendUnsentEdits } from '../../lib/unsent-edits';
import { sendWaitingComments, startCommentOutbox } from '../../features/comments/public';

// Reconnects within this time are not worth alarming anyone about.
const GRACE_MS = 2500;

/** Keeps every screen current, and says so when the live connection is down. */
export function LiveUpdates() {
  const client = useQueryClient();
  const userId = useCurrentUser().id;
  const [showDown, setShowDown] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Edits left unsent by an earlier page, or while offline, go out whenever the
    // server is reachable again (the stream opening says it is).
    // Comments written offline too (features/comments: each is stored once, however often sent).
    startCommentOutbox(client, userId);
    const sendStored = () => {
      void sendUnsentEdits(userId, patchStoredEdit);
      void sendWaitingComments();
    };
    const disconnect = connectLiveEvents(
      client,
      (status) => {
        clearTimeout(timer);
        if (status === 'down') timer = setTimeout(() => setShowDown(true), GRACE_MS);
        else if (status === 'open') setShowDown(false);
      },
      sendStored,
    );
    window.addEventListener('online', sendStored);
    return () => {
      clearTimeout(timer);
      disconnect();
      window.removeEventListener('online', sendStored);
    };
  }, [client, userId]);

  if (!showDown) return null;
  return (
    <Badge color="red" variant="light" tt="none" data-testid="live-down">
      Нет связи с сервером
    </Badge>
  );
}
