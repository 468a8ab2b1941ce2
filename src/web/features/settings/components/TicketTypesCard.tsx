import { Button, Group, Paper, Stack, Text } from '@mantine/core';
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
import { SettingListRow } from '../../../components/SettingListRow';
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
          <SettingListRow
            key={type.id}
            name={type.name}
            hidden={type.hidden}
            details={[
              printedTypeTitle(type) !== type.name && `в документах: «${printedTypeTitle(type)}»`,
              INTAKE_LABELS[type.intake],
              `гарантия: ${warrantyDaysText(type.warrantyDays)}`,
              nameOf(type.defaultAssigneeId) && `исполнитель: ${nameOf(type.defaultAssigneeId)}`,
              type.ticketCount > 0 ? countRu(type.ticketCount, ['заявка', 'заявки', 'заявок']) : 'нет заявок',
            ]}
            removeLabel={`Удалить тип «${type.name}»`}
            onEdit={() => setEditing(type)}
            onRemove={type.ticketCount === 0 ? () => askRemove(type) : undefined}
          />
        ))}
      </Stack>
      {editing && (
        <TicketTypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
