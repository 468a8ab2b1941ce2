import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_TRASH_DAYS, type RecordKind } from '../../../domain/records';
import { errorMessage } from '../../lib/api';
import { publicConfigQuery } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMoveToTrash, useRestore } from '../../lib/trash';
import { trashNotice } from './trash-texts';

const CONFIRM_TITLES: Record<RecordKind, string> = {
  ticket: 'Удалить заявку?',
  task: 'Удалить задачу?',
  client: 'Удалить клиента?',
};

const MOVED: Record<RecordKind, string> = {
  ticket: 'Заявка в корзине',
  task: 'Задача в корзине',
  client: 'Клиент в корзине',
};

/**
 * The spec's «Удалить …?» confirmation, now into the Корзина: on «Удалить» the record
 * goes there, the screen returns to `backTo`, and a toast offers «Восстановить».
 */
export function useMoveToTrashConfirm(kind: RecordKind, id: number, backTo: string) {
  const navigate = useNavigate();
  const move = useMoveToTrash(kind);
  const restore = useRestore();
  const config = useQuery(publicConfigQuery);
  const days = config.data?.trashDays ?? DEFAULT_TRASH_DAYS;

  const ask = (details?: ReactNode) =>
    modals.openConfirmModal({
      title: CONFIRM_TITLES[kind],
      children: (
        <Stack gap="xs">
          {details}
          <Text size="sm">{trashNotice(days)}</Text>
        </Stack>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        move.mutate(id, {
          onSuccess: () => {
            navigate(backTo, { replace: true });
            toast.undoable(MOVED[kind], 'Восстановить', () =>
              restore.mutate({ kind, id }, { onError: (error) => toast.error(errorMessage(error)) }),
            );
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return { ask, pending: move.isPending };
}
