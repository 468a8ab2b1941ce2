import { DANGER_CONFIRM } from '../../../components/danger';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { confirmModal } from '../../../lib/confirm';
import { useQuery } from '@tanstack/react-query';
import { countRu } from '../../../../domain/plural';
import { DEFAULT_TRASH_DAYS } from '../../../../domain/records';
import { PagedList } from '../../../components/PagedList';
import { errorMessage } from '../../../lib/api';
import { publicConfigQuery, useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useEmptyTrash, useTrashList } from '../../../lib/trash';
import { TrashRow } from './TrashRow';

/** What was deleted, newest first: anyone restores; admins delete for good or empty it all. */
export function TrashPage() {
  const canPurge = useCan('trash.purge');
  const list = useTrashList();
  const empty = useEmptyTrash();
  const days = useQuery(publicConfigQuery).data?.trashDays ?? DEFAULT_TRASH_DAYS;
  const hasItems = (list.data?.pages[0]?.items.length ?? 0) > 0;

  const confirmEmpty = () =>
    confirmModal({
      title: 'Очистить корзину?',
      children: (
        <Text size="sm">
          Всё, что в корзине, будет удалено навсегда вместе с файлами. Это нельзя отменить.
        </Text>
      ),
      labels: { confirm: 'Очистить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        empty.mutate(undefined, {
          onSuccess: ({ deleted }) =>
            toast.success(`Удалено навсегда: ${countRu(deleted, ['запись', 'записи', 'записей'])}`),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Корзина</Title>
        {canPurge && hasItems && (
          <Button color="red" variant="light" onClick={confirmEmpty} loading={empty.isPending}>
            Очистить корзину
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Удалённые заявки, задачи и клиенты хранятся здесь {countRu(days, ['день', 'дня', 'дней'])}, затем
        удаляются навсегда вместе с файлами.
      </Text>
      <PagedList
        query={list}
        empty="Корзина пуста"
        renderItem={(item) => <TrashRow key={`${item.kind}-${item.id}`} item={item} canPurge={canPurge} />}
      />
    </Stack>
  );
}
