import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../../domain/routes';
import { countRu } from '../../../../domain/plural';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useClientMerge, useOpenMerge } from '../api/client-merge-api';
import { ClientPicker } from './ClientPicker';

/**
 * «Объединить с другим клиентом» (issue 49, admins): this card's tickets, tasks and history go
 * to the client chosen, and this card to the Корзина — undone from the toast, or from this card
 * while it is in the Корзина.
 */
export function MergeClientButton({ clientId, fullName }: { clientId: number; fullName: string }) {
  const [open, setOpen] = useState(false);
  const [intoId, setIntoId] = useState<number | null>(null);
  const navigate = useNavigate();
  const { merge, undo } = useClientMerge();

  const submit = () => {
    if (intoId === null) return;
    merge.mutate(
      { fromId: clientId, intoId },
      {
        onSuccess: (done) => {
          setOpen(false);
          navigate(paths.client(done.intoId));
          toast.undoable(
            `Клиенты объединены. Перенесено: ${countRu(done.tickets, ['заявка', 'заявки', 'заявок'])}, ${countRu(done.tasks, ['задача', 'задачи', 'задач'])}`,
            'Отменить',
            () => undo.mutate(clientId),
          );
        },
      },
    );
  };

  return (
    <>
      <Button variant="subtle" onClick={() => setOpen(true)}>
        Объединить с другим клиентом
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Объединить клиентов">
        <Stack>
          <Text size="sm">
            Заявки, задачи и история клиента «{fullName}» перейдут к выбранному клиенту, а эта карточка — в
            Корзину. Отменить объединение можно, пока она в Корзине.
          </Text>
          <ErrorBox message={merge.isError ? errorMessage(merge.error) : null} />
          <ClientPicker label="Оставить клиента" value={intoId} onChange={setIntoId} required />
          {intoId === clientId && <Text c="red.8">Выберите другого клиента</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Отмена
            </Button>
            <Button
              disabled={intoId === null || intoId === clientId}
              loading={merge.isPending}
              onClick={submit}
            >
              Объединить
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** On a merged-away card in the Корзина: who it went to, and the way back. */
export function MergedNotice({ clientId, canUndo }: { clientId: number; canUndo: boolean }) {
  const open = useOpenMerge(clientId, true);
  const { undo } = useClientMerge();
  if (!open.data) return null;
  return (
    <Alert color="blue" variant="light" title={`Объединён с клиентом «${open.data.intoName}»`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Его заявки, задачи и история перенесены к этому клиенту.</Text>
        {canUndo && (
          <Button
            variant="default"
            size="compact-md"
            loading={undo.isPending}
            onClick={() => undo.mutate(clientId)}
          >
            Отменить объединение
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
