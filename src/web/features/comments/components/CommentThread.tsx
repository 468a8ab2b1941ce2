import { Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { CommentKind } from '../../../../domain/comments';
import type { UserOptionDto } from '../../../../domain/users';
import { formatDateTime } from '../../../lib/format';
import { useScrollToHash } from '../../../lib/scroll-to-hash';
import { useCurrentUser } from '../../../lib/session';
import {
  dropComment,
  outboxSnapshot,
  retryComment,
  subscribeOutbox,
  type PendingComment,
} from '../api/comment-outbox';
import { commentsOf, useComments } from '../api/comments-api';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

const PENDING_STATE: Record<PendingComment['state'], string> = {
  sending: 'Отправляется…',
  offline: 'Нет связи — отправится, когда связь вернётся',
  server: 'Сервер не ответил — отправится сам чуть позже',
  failed: 'Не отправлен',
};

/** A comment still on its way: shown where it will land, with what is happening to it. */
function PendingItem({ entry, authorName }: { entry: PendingComment; authorName: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="pending-comment" style={{ borderStyle: 'dashed' }}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {authorName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.writtenAt)}
          </Text>
        </Group>
        {entry.body !== '' && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.body}
          </Text>
        )}
        {entry.photos.length > 0 && (
          <Text size="xs" c="dimmed">
            Фото: {entry.photos.length}
          </Text>
        )}
        {entry.progress !== undefined && <Progress value={entry.progress * 100} size="sm" />}
        <Text size="xs" c={entry.state === 'failed' ? 'red.8' : 'dimmed'} role="status">
          {entry.state === 'failed' && entry.problem
            ? `${PENDING_STATE.failed}: ${entry.problem}`
            : PENDING_STATE[entry.state]}
        </Text>
        {entry.state === 'failed' && (
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => void retryComment(entry.key)}>
              Повторить
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => dropComment(entry.key)}>
              Убрать
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * «Комментарии»: the staff's conversation on a ticket or task, oldest first, live on every open
 * card. Never shown to the client. In the Корзина it is read-only.
 */
export function CommentThread({
  kind,
  itemId,
  readOnly,
  people,
}: {
  kind: CommentKind;
  itemId: number;
  readOnly: boolean;
  people: readonly UserOptionDto[];
}) {
  const me = useCurrentUser();
  const thread = useComments(kind, itemId);
  const outbox = useSyncExternalStore(subscribeOutbox, outboxSnapshot);
  const comments = commentsOf(thread.data);
  // A push or «Вас упомянули» opens the card at #comments: shown once the thread is drawn.
  useScrollToHash(thread.isSuccess);
  // A comment whose answer is late may already be in the thread (the live event came first).
  const arrived = new Set(comments.filter((c) => c.authorId === me.id).map((c) => c.clientKey));
  const pending = outbox.filter((p) => p.kind === kind && p.itemId === itemId && !arrived.has(p.key));

  return (
    // Clear of the sticky top bar when a link brings it into view.
    <Stack gap="sm" id="comments" style={{ scrollMarginTop: 72 }}>
      <Group justify="space-between" gap="xs">
        <Text fw={500}>Комментарии</Text>
        <Text size="xs" c="dimmed">
          Видят только сотрудники
        </Text>
      </Group>
      {thread.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void thread.fetchNextPage()}
          loading={thread.isFetchingNextPage}
        >
          Показать ранние
        </Button>
      )}
      {thread.isPending ? (
        <Group justify="center">
          <Loader size="sm" aria-label="Загрузка комментариев" />
        </Group>
      ) : thread.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            Комментарии не загрузились
          </Text>
          <Button size="xs" variant="light" onClick={() => void thread.refetch()}>
            Повторить
          </Button>
        </Group>
      ) : (
        comments.length === 0 &&
        pending.length === 0 && (
          <Text size="sm" c="dimmed">
            Пока никто не писал. Обсудите {kind === 'ticket' ? 'ремонт' : 'задачу'} здесь — клиент этого не
            увидит.
          </Text>
        )
      )}
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} kind={kind} itemId={itemId} readOnly={readOnly} />
      ))}
      {pending.map((entry) => (
        <PendingItem key={entry.key} entry={entry} authorName={me.displayName} />
      ))}
      {!readOnly && <CommentComposer kind={kind} itemId={itemId} people={people} />}
    </Stack>
  );
}
