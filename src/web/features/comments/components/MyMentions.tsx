import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { pluralRu } from '../../../../domain/plural';
import { ticketNumber } from '../../../../domain/ticket-number';
import { paths } from '../../../../domain/routes';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMarkMentionRead, useMentions } from '../api/comments-api';

/**
 * «Вас упомянули»: shown first under «Мои» — the tickets and tasks where a colleague named this
 * person in a comment they have not answered yet. Answering on the item, or «Прочитано», takes
 * it off the list; opening the card does not (the push opens it, and the work may still be due).
 */
export function MyMentions() {
  const mentions = useMentions();
  const read = useMarkMentionRead();
  const items = mentions.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="my-mentions">
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>Вас упомянули</Text>
          <Badge variant="light">{mentions.data?.total}</Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Уйдёт отсюда, когда вы ответите в комментариях или нажмёте «Прочитано».
        </Text>
        {items.map((mention) => {
          const to = `${mention.kind === 'ticket' ? paths.ticket(mention.itemId) : paths.task(mention.itemId)}#comments`;
          const name =
            mention.kind === 'ticket'
              ? `${ticketNumber(mention.itemId)} ${mention.itemTitle}`
              : `Задача «${mention.itemTitle}»`;
          return (
            <Stack key={mention.id} gap={2}>
              <Anchor
                component={Link}
                to={to}
                fw={500}
                className="tap-target"
                style={{ overflowWrap: 'anywhere' }}
              >
                {name}
              </Anchor>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {mention.authorName}: {mention.excerpt}
              </Text>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {formatDateTime(mention.createdAt)}
                  {mention.count > 1
                    ? ` · ${mention.count} ${pluralRu(mention.count, ['упоминание', 'упоминания', 'упоминаний'])}`
                    : ''}
                </Text>
                <Button
                  variant="default"
                  style={{ flexShrink: 0 }}
                  aria-label={`Прочитано: ${name}`}
                  onClick={() =>
                    read.mutate(mention.id, { onError: (error) => toast.error(errorMessage(error)) })
                  }
                >
                  Прочитано
                </Button>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
