import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { errorMessage } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { confirmModal } from '../../../lib/confirm';
import { publicConfigQuery } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useReplaceStatusLink } from '../api/tickets-api';
import { statusLinkOf } from './MessageDialog';
import { NoClientLinkNote } from './NoClientLinkNote';

/**
 * «Клиенту» (issue 19): write to the client, and the ticket's public status page — to open,
 * copy or replace (the old link then stops working).
 */
export function ClientContact({
  ticket,
  readOnly,
  onWrite,
}: {
  ticket: TicketDetailDto;
  readOnly: boolean;
  onWrite: () => void;
}) {
  const config = useQuery(publicConfigQuery);
  const replace = useReplaceStatusLink(ticket.id);
  const clientLink = statusLinkOf(ticket, config.data?.publicUrl);
  // Staff can still open the page inside the shop's network; it is only never handed to a client.
  const link = clientLink ?? `${window.location.origin}${ticket.statusPath}`;

  const copy = async () => {
    if (await copyText(link)) toast.success('Ссылка скопирована');
    else toast.error('Не удалось скопировать');
  };
  const askReplace = () =>
    confirmModal({
      title: 'Заменить ссылку?',
      children: (
        <Text size="sm">
          Старая ссылка перестанет открываться — и QR-код на уже напечатанной квитанции тоже. Отправьте
          клиенту новую.
        </Text>
      ),
      labels: { confirm: 'Заменить', cancel: 'Отмена' },
      onConfirm: () =>
        replace.mutate(undefined, {
          onSuccess: () => toast.success('Ссылка заменена'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Stack gap="xs">
      <Text fw={500}>Клиенту</Text>
      {!readOnly && (
        <Group gap="xs">
          <Button size="sm" onClick={onWrite}>
            Написать клиенту
          </Button>
        </Group>
      )}
      <Text size="sm" c="dimmed">
        Страница статуса ремонта для клиента:
      </Text>
      <Anchor
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
      >
        {link}
      </Anchor>
      {config.isSuccess && clientLink === null && <NoClientLinkNote />}
      <Group gap="xs">
        {clientLink !== null && (
          <Button size="xs" variant="default" onClick={() => void copy()}>
            Копировать ссылку
          </Button>
        )}
        {!readOnly && (
          <Button size="xs" variant="subtle" onClick={askReplace} loading={replace.isPending}>
            Заменить ссылку
          </Button>
        )}
      </Group>
    </Stack>
  );
}
