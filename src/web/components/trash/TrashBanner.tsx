import { Alert, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IN_TRASH_TITLES, type RecordKind } from '../../../domain/records';
import { paths } from '../../../domain/routes';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useDeleteForever, useRestore } from '../../lib/trash';
import { openDeleteForeverDialog } from './delete-forever-dialog';

/**
 * On a record's own page while it is in the Корзина: when and by whom it went there,
 * «Восстановить» for anyone and «Удалить навсегда» for admins. The card below is
 * read-only meanwhile.
 */
export function TrashBanner({
  kind,
  id,
  deletedAt,
  deletedByName,
}: {
  kind: RecordKind;
  id: number;
  deletedAt: string;
  deletedByName: string;
}) {
  const canPurge = useCan('trash.purge');
  const navigate = useNavigate();
  const restore = useRestore();
  const forever = useDeleteForever();
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const confirmForever = () =>
    openDeleteForeverDialog(kind, () =>
      forever.mutate(
        { kind, id },
        {
          onSuccess: () => {
            toast.success('Удалено навсегда');
            navigate(paths.trash, { replace: true });
          },
          onError,
        },
      ),
    );

  return (
    <Alert color="red" variant="light" title={IN_TRASH_TITLES[kind]} data-testid="trash-banner">
      <Text size="sm">
        Перемещено в корзину {formatDateTime(deletedAt)}
        {deletedByName ? ` · ${deletedByName}` : ''}. Чтобы изменить, восстановите.
      </Text>
      <Group mt="sm" gap="sm">
        <Button
          size="sm"
          loading={restore.isPending}
          onClick={() =>
            restore.mutate({ kind, id }, { onSuccess: () => toast.success('Восстановлено'), onError })
          }
        >
          Восстановить
        </Button>
        {canPurge && (
          <Button size="sm" color="red" variant="subtle" loading={forever.isPending} onClick={confirmForever}>
            Удалить навсегда
          </Button>
        )}
      </Group>
    </Alert>
  );
}
