import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RECORD_KIND_LABELS, type RecordKind } from '../../../../domain/records';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-schemas';
import type { TrashItemDto } from '../../../../domain/trash';
import { openDeleteForeverDialog } from '../../../components/trash/delete-forever-dialog';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteForever, useRestore } from '../../../lib/trash';

const LINKS: Record<RecordKind, (id: number) => string> = {
  ticket: paths.ticket,
  task: paths.task,
  client: paths.client,
};

function heading(item: TrashItemDto): string {
  if (item.kind === 'ticket') return `${ticketNumber(item.id)} · ${item.title}`;
  if (item.kind === 'task') return `Задача ${item.id} · ${item.title}`;
  return item.title;
}

/** One deleted record: what, whose, when and by whom; «Восстановить», and «Удалить навсегда» for admins. */
export function TrashRow({ item, canPurge }: { item: TrashItemDto; canPurge: boolean }) {
  const restore = useRestore();
  const forever = useDeleteForever();
  const onError = (error: unknown) => toast.error(errorMessage(error));
  const target = { kind: item.kind, id: item.id };

  const confirmForever = () =>
    openDeleteForeverDialog(item.kind, () =>
      forever.mutate(target, { onSuccess: () => toast.success('Удалено навсегда'), onError }),
    );

  // One column on any width: what it is, then the buttons, so nothing is squeezed on a phone.
  return (
    <Paper withBorder p="sm" radius="md" data-testid="trash-row">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray">
            {RECORD_KIND_LABELS[item.kind]}
          </Badge>
          <Anchor
            component={Link}
            to={LINKS[item.kind](item.id)}
            fw={500}
            className="tap-target"
            style={{ overflowWrap: 'anywhere' }}
          >
            {heading(item)}
          </Anchor>
        </Group>
        {item.detail && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.detail}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Удалено {formatDateTime(item.deletedAt)}
          {item.deletedByName ? ` · ${item.deletedByName}` : ''}
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            size="sm"
            variant="light"
            loading={restore.isPending}
            aria-label={`Восстановить: ${heading(item)}`}
            onClick={() =>
              restore.mutate(target, { onSuccess: () => toast.success('Восстановлено'), onError })
            }
          >
            Восстановить
          </Button>
          {canPurge && (
            <Button
              size="sm"
              color="red"
              variant="subtle"
              loading={forever.isPending}
              aria-label={`Удалить навсегда: ${heading(item)}`}
              onClick={confirmForever}
            >
              Удалить навсегда
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
