import { Anchor } from '@mantine/core';
import type { CommentKind } from '../../../../domain/comments';
import { commentsOf, useComments } from '../api/comments-api';

/**
 * «Комментарии: N ↓» at the top of a card: on a phone the thread is a few screens down, below the
 * fields. Reads the same query as the thread, so it costs no request of its own.
 */
export function CommentsLink({ kind, itemId }: { kind: CommentKind; itemId: number }) {
  const thread = useComments(kind, itemId);
  const shown = commentsOf(thread.data).filter((c) => c.deletedAt === null).length;
  const more = thread.data?.pages.at(-1)?.more ?? false;
  const label = thread.isSuccess
    ? shown === 0
      ? 'Комментарии'
      : `Комментарии: ${shown}${more ? '+' : ''}`
    : 'Комментарии';
  return (
    <Anchor href="#comments" size="sm" className="tap-target" style={{ alignSelf: 'flex-start' }}>
      {label} ↓
    </Anchor>
  );
}
