import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** The client's Telegram (issue 54): connected through the shop's bot, and staff may disconnect it. */
export function ClientTelegram({ clientId, connected }: { clientId: number; connected: boolean }) {
  const queryClient = useQueryClient();
  const disconnect = useMutation({
    mutationFn: () => api(`/api/clients/${clientId}/telegram/disconnect`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients.detail(clientId) });
      toast.success('Telegram отключён');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  if (!connected) {
    return (
      <Text size="sm" c="dimmed">
        Telegram не подключён: ссылку для клиента можно взять на заявке.
      </Text>
    );
  }
  return (
    <Group gap="xs" justify="space-between">
      <Text size="sm">Telegram подключён: сообщения о ремонте приходят туда.</Text>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        loading={disconnect.isPending}
        onClick={() =>
          confirmModal({
            title: 'Отключить Telegram?',
            children: (
              <Text size="sm">
                Клиент перестанет получать сообщения в Telegram, пока не подключится снова.
              </Text>
            ),
            labels: { confirm: 'Отключить', cancel: 'Отмена' },
            onConfirm: () => disconnect.mutate(),
          })
        }
      >
        Отключить
      </Button>
    </Group>
  );
}
