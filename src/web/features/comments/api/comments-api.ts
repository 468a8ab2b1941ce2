import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { CommentDto, CommentKind, CommentPageDto, MentionListDto } from '../../../../domain/comments';
import { api, ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { openCommentOutbox } from './comment-outbox';

const itemPath = (kind: CommentKind, itemId: number) =>
  `/api/${kind === 'ticket' ? 'tickets' : 'tasks'}/${itemId}/comments`;

/** A thread: its newest page first, older pages on «Показать ранние». */
export function useComments(kind: CommentKind, itemId: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.comments(kind, itemId),
    queryFn: ({ pageParam }) =>
      api<CommentPageDto>(
        `${itemPath(kind, itemId)}${pageParam === undefined ? '' : `?before=${pageParam}`}`,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.more ? last.items[0]?.id : undefined),
  });
}

/** Every comment of the pages read, oldest first. */
export function commentsOf(data: InfiniteData<CommentPageDto> | undefined): CommentDto[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

/** Puts a comment the server answered with into its thread, in place or at the end. */
export function placeComment(
  client: ReturnType<typeof useQueryClient>,
  kind: CommentKind,
  itemId: number,
  comment: CommentDto,
) {
  client.setQueryData<InfiniteData<CommentPageDto>>(queryKeys.comments(kind, itemId), (data) => {
    if (!data) return data;
    const has = data.pages.some((page) => page.items.some((c) => c.id === comment.id));
    const pages = data.pages.map((page, index) => {
      if (has) return { ...page, items: page.items.map((c) => (c.id === comment.id ? comment : c)) };
      // The newest page is the first one read.
      return index === 0 ? { ...page, items: [...page.items, comment] } : page;
    });
    return { ...data, pages };
  });
}

/** A 409 carries the comment as it is now (changed in another tab): the thread shows that. */
function placeRefused(
  client: ReturnType<typeof useQueryClient>,
  kind: CommentKind,
  itemId: number,
  error: unknown,
) {
  const current =
    error instanceof ApiError ? (error.body as { comment?: CommentDto } | null)?.comment : undefined;
  if (current) placeComment(client, kind, itemId, current);
}

export function useEditComment(kind: CommentKind, itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id: number; version: number; body: string }) =>
      api<{ comment: CommentDto }>(`/api/comments/${id}`, { method: 'PATCH', body: { version, body } }),
    onSuccess: ({ comment }) => placeComment(client, kind, itemId, comment),
    onError: (error) => placeRefused(client, kind, itemId, error),
  });
}

export function useDeleteComment(kind: CommentKind, itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      api<{ comment: CommentDto }>(`/api/comments/${id}?version=${version}`, { method: 'DELETE' }),
    onSuccess: ({ comment }) => placeComment(client, kind, itemId, comment),
    onError: (error) => placeRefused(client, kind, itemId, error),
  });
}

/** The signed-in person's open mentions, listed first under «Мои». */
export function useMentions(enabled = true) {
  return useQuery({
    queryKey: queryKeys.mentions,
    queryFn: () => api<MentionListDto>('/api/mentions'),
    enabled,
  });
}

export function useMarkMentionRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/mentions/${id}/read`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.mentions }),
  });
}

/**
 * Opens the signed-in person's outbox of comments: a comment that reaches the server lands in
 * its thread at once, without waiting for the live event.
 */
export function startCommentOutbox(client: ReturnType<typeof useQueryClient>, userId: number) {
  openCommentOutbox(userId, (comment, entry) => placeComment(client, entry.kind, entry.itemId, comment));
}
