import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  COMMENT_EDIT_MINUTES,
  COMMENT_MAX_LENGTH,
  commentChangeRefusal,
  commentRuns,
  type CommentDto,
  type CommentKind,
} from '../../../../domain/comments';
import { PhotoGallery } from '../../../components/PhotoGallery';
import { DANGER_CONFIRM } from '../../../components/danger';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { serverNow } from '../../../lib/server-clock';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useDeleteComment, useEditComment } from '../api/comments-api';

/** The text with each mention set apart, line breaks kept. */
function CommentText({ comment }: { comment: CommentDto }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {commentRuns(comment.body, comment.mentions).map((run, index) =>
        run.mention ? (
          <Text key={index} span fw={600} c="blue.8">
            {run.text}
          </Text>
        ) : (
          run.text
        ),
      )}
    </Text>
  );
}

/** One comment: who and when, the text and photos; its author may edit or delete it for a while. */
export function CommentItem({
  comment,
  kind,
  itemId,
  readOnly,
}: {
  comment: CommentDto;
  kind: CommentKind;
  itemId: number;
  readOnly: boolean;
}) {
  const me = useCurrentUser();
  const [editing, setEditing] = useState<string | null>(null);
  const edit = useEditComment(kind, itemId);
  const remove = useDeleteComment(kind, itemId);
  // The buttons go when the edit window closes, not only at the next redraw.
  const [, setClosed] = useState(false);
  const closesIn = Date.parse(comment.createdAt) + COMMENT_EDIT_MINUTES * 60_000 - serverNow().getTime();
  const mine = comment.authorId === me.id && comment.deletedAt === null;
  useEffect(() => {
    if (!mine || closesIn <= 0) return;
    const timer = setTimeout(() => setClosed(true), closesIn + 1000);
    return () => clearTimeout(timer);
  }, [mine, closesIn]);
  const changeable =
    !readOnly &&
    commentChangeRefusal(
      { authorId: comment.authorId, createdAt: comment.createdAt, deletedAt: comment.deletedAt },
      me.id,
      serverNow(),
    ) === null;

  const save = () => {
    if (editing === null) return;
    edit.mutate(
      { id: comment.id, version: comment.version, body: editing.trim() },
      {
        onSuccess: () => setEditing(null),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const askDelete = () =>
    confirmModal({
      title: 'Удалить комментарий?',
      children: <Text size="sm">Коллеги увидят, что комментарий удалён; его текст останется в истории.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        remove.mutate(
          { id: comment.id, version: comment.version },
          { onError: (error) => toast.error(errorMessage(error)) },
        ),
    });

  return (
    <Paper withBorder p="sm" radius="md" data-testid="comment" id={`comment-${comment.id}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {comment.authorName}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(comment.createdAt)}
            {comment.editedAt && comment.deletedAt === null ? ' · изменён' : ''}
          </Text>
        </Group>
        {comment.deletedAt !== null ? (
          <Text size="sm" c="dimmed" fs="italic">
            Комментарий удалён
          </Text>
        ) : editing !== null ? (
          <Stack gap={6}>
            <Textarea
              aria-label="Текст комментария"
              autosize
              minRows={2}
              value={editing}
              onChange={(event) => setEditing(event.currentTarget.value)}
              error={
                editing.length > COMMENT_MAX_LENGTH ? `Не длиннее ${COMMENT_MAX_LENGTH} символов` : undefined
              }
            />
            {/* Only the text changes: the photos stay as they are. */}
            {comment.photos.length > 0 && <PhotoGallery title="" photos={comment.photos} />}
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                Отмена
              </Button>
              <Button onClick={save} loading={edit.isPending} disabled={editing.trim() === ''}>
                Сохранить
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            {comment.body !== '' && <CommentText comment={comment} />}
            {comment.photos.length > 0 && <PhotoGallery title="" photos={comment.photos} />}
          </>
        )}
        {changeable && editing === null && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setEditing(comment.body)}
              aria-label={`Изменить комментарий от ${formatDateTime(comment.createdAt)}`}
            >
              Изменить
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={askDelete}
              loading={remove.isPending}
              aria-label={`Удалить комментарий от ${formatDateTime(comment.createdAt)}`}
            >
              Удалить
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
