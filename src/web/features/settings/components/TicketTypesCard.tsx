import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { countRu } from '../../../../domain/plural';
import { printedTypeTitle, type TicketTypeDto } from '../../../../domain/ticket-types';
import { INTAKE_LABELS } from '../../../../domain/ticket-status';
import { warrantyDaysText } from '../../../../domain/warranty';
import { DANGER_CONFIRM } from '../../../components/danger';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import { useUserOptions } from '../../employees/public';
import { useTicketTypes, useTicketTypeWrites } from '../api/ticket-types-api';
import { TicketTypeDialog } from './TicketTypeDialog';

/**
 * «Типы заявок» (issue 49): the shop's own types, with the title their papers print, the route
 * a new ticket starts on, the warranty and who gets them. A type in use is hidden, not deleted.
 */
export function TicketTypesCard() {
  const types = useTicketTypes();
  const users = useUserOptions();
  const { remove } = useTicketTypeWrites();
  const [editing, setEditing] = useState<TicketTypeDto | 'new' | null>(null);
  const nameOf = (id: number | null) => users.data?.find((u) => u.id === id)?.displayName;

  const askRemove = (type: TicketTypeDto) =>
    confirmModal({
      title: `Удалить тип «${type.name}»?`,
      children: <Text size="sm">Его нет ни в одной заявке. Вернуть его можно, только добавив заново.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        remove.mutate(type.id, {
          onSuccess: () => toast.success('Тип удалён'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md" id="ticket-types">
      <Stack>
        <Group justify="space-between">
          <Text fw={500}>Типы заявок</Text>
          <Button variant="light" onClick={() => setEditing('new')}>
            Добавить тип
          </Button>
        </Group>
        {types.isError && (
          <LoadFailed message={errorMessage(types.error)} onRetry={() => void types.refetch()} />
        )}
        {types.data?.map((type) => (
          <Group key={type.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={500}>{type.name}</Text>
                {type.hidden && (
                  <Badge color="gray" variant="light">
                    Скрыт
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {[
                  printedTypeTitle(type) !== type.name && `в документах: «${printedTypeTitle(type)}»`,
                  INTAKE_LABELS[type.intake],
                  `гарантия: ${warrantyDaysText(type.warrantyDays)}`,
                  nameOf(type.defaultAssigneeId) && `исполнитель: ${nameOf(type.defaultAssigneeId)}`,
                  type.ticketCount > 0
                    ? countRu(type.ticketCount, ['заявка', 'заявки', 'заявок'])
                    : 'нет заявок',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Button variant="subtle" size="compact-sm" onClick={() => setEditing(type)}>
                Изменить
              </Button>
              {type.ticketCount === 0 && (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={`Удалить тип «${type.name}»`}
                  onClick={() => askRemove(type)}
                >
                  ✕
                </ActionIcon>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      {editing && (
        <TicketTypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
