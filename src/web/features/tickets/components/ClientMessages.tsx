import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MESSAGE_STATE_LABELS,
  NOTICE_CHANNEL_LABELS,
  NOTICE_EVENT_LABELS,
  type ClientMessageDto,
  type MessageState,
} from '../../../../domain/client-notices';
import { api, errorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

const STATE_COLORS: Record<MessageState, string> = {
  queued: 'blue',
  sent: 'teal',
  delivered: 'green',
  failed: 'red',
  skipped: 'gray',
};

/**
 * «Сообщения клиенту» (issue 54): what the service wrote to the client by itself, newest first,
 * with where each one is — waiting (and until when), sent, delivered, or why not.
 */
export function ClientMessages({ ticketId, readOnly }: { ticketId: number; readOnly: boolean }) {
  const messages = useQuery({
    queryKey: queryKeys.tickets.messages(ticketId),
    queryFn: () => api<{ messages: ClientMessageDto[] }>(`/api/tickets/${ticketId}/messages`),
  });
  const link = useMutation({
    mutationFn: () => api<{ link: string }>(`/api/tickets/${ticketId}/telegram-link`, { method: 'POST' }),
  });
  const list = messages.data?.messages ?? [];

  return (
    <Stack gap="xs">
      <Title order={4}>Сообщения клиенту</Title>
      {messages.isError && (
        <Text size="sm" c="red">
          {errorMessage(messages.error)}
        </Text>
      )}
      {messages.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          Сервис ещё ничего не писал клиенту сам.
        </Text>
      )}
      {list.map((message) => (
        <MessageRow key={message.id} message={message} />
      ))}
      {messages.isPending && (
        <Text size="sm" c="dimmed">
          Загрузка...
        </Text>
      )}
      {readOnly ? null : link.data ? (
        <Stack gap={4}>
          <Text size="sm">Ссылка для клиента — откроет бота в Telegram:</Text>
          <Anchor
            href={link.data.link}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {link.data.link}
          </Anchor>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={async () => {
                if (await copyText(link.data.link)) toast.success('Ссылка скопирована');
                else toast.error('Не удалось скопировать');
              }}
            >
              Копировать
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button size="xs" variant="default" loading={link.isPending} onClick={() => link.mutate()}>
            Ссылка на Telegram для клиента
          </Button>
          {link.isError && (
            <Text size="xs" c="red">
              {errorMessage(link.error)}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}

function MessageRow({ message }: { message: ClientMessageDto }) {
  const what = message.event === 'test' ? 'Проверка' : NOTICE_EVENT_LABELS[message.event];
  const how = message.channel ? NOTICE_CHANNEL_LABELS[message.channel] : '';
  const when = message.state === 'queued' ? message.sendAt : (message.deliveredAt ?? message.sendAt);
  return (
    <Stack gap={2} data-testid="client-message">
      <Group gap="xs" wrap="wrap">
        <Badge color={STATE_COLORS[message.state]} variant="light">
          {MESSAGE_STATE_LABELS[message.state]}
        </Badge>
        <Text size="sm" fw={500}>
          {what}
        </Text>
        <Text size="xs" c="dimmed">
          {[how, message.channel === 'telegram' ? '' : message.recipient, formatDateTime(when)]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      {message.reason && (
        <Text size="xs" c={message.state === 'failed' ? 'red' : 'dimmed'}>
          {message.reason}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} lineClamp={3}>
        {message.text}
      </Text>
    </Stack>
  );
}
