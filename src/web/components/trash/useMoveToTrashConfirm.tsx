import { DANGER_CONFIRM } from '../danger';
import { Stack, Text } from '@mantine/core';
import { confirmModal } from '../../lib/confirm';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_TRASH_DAYS, IN_TRASH_TITLES, type RecordKind } from '../../../domain/records';
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
    confirmModal({
      title: CONFIRM_TITLES[kind],
      children: (
        <Stack gap="xs">
          {details}
          <Text size="sm">{trashNotice(days)}</Text>
        </Stack>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        move.mutate(id, {
          onSuccess: () => {
            navigate(backTo, { replace: true });
            // The card is gone by the time the toast is tapped: callbacks given to mutate()
            // would be dropped with it, so the answer is awaited here.
            toast.undoable(IN_TRASH_TITLES[kind], 'Восстановить', () => {
              restore
                .mutateAsync({ kind, id })
                .then(() => toast.success('Восстановлено'))
                .catch((error: unknown) => toast.error(errorMessage(error)));
            });
          },
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return { ask, pending: move.isPending };
}
