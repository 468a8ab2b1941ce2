import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { countRu } from '../../../../domain/plural';
import type { RepairStageDto } from '../../../../domain/repair-stage-rules';
import { DANGER_CONFIRM } from '../../../components/danger';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import { SettingListRow } from '../../../components/SettingListRow';
import { useRepairStages, useRepairStageWrites } from '../api/repair-stages-api';
import { RepairStageDialog } from './RepairStageDialog';

/**
 * «Этапы ремонта» (issue 49): the shop's finer steps inside «В ремонте», each with the words the
 * client reads and its own time limit. A stage a ticket is at is hidden, not deleted.
 */
export function RepairStagesCard() {
  const stages = useRepairStages();
  const { remove } = useRepairStageWrites();
  const [editing, setEditing] = useState<RepairStageDto | 'new' | null>(null);

  const askRemove = (stage: RepairStageDto) =>
    confirmModal({
      title: `Удалить этап «${stage.name}»?`,
      children: <Text size="sm">Сейчас на этом этапе нет заявок.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        remove.mutate(stage.id, {
          onSuccess: () => toast.success('Этап удалён'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md" id="repair-stages">
      <Stack>
        <Group justify="space-between">
          <Text fw={500}>Этапы ремонта</Text>
          <Button variant="light" onClick={() => setEditing('new')}>
            Добавить этап
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Внутри статуса «В ремонте»: этап видно на карточке и в списке, по нему можно отобрать заявки.
        </Text>
        {stages.isError && (
          <LoadFailed message={errorMessage(stages.error)} onRetry={() => void stages.refetch()} />
        )}
        {stages.data?.map((stage) => (
          <SettingListRow
            key={stage.id}
            name={stage.name}
            hidden={stage.hidden}
            details={[
              stage.publicText && `клиенту: «${stage.publicText}»`,
              stage.limitDays !== null && `срок: ${countRu(stage.limitDays, ['день', 'дня', 'дней'])}`,
              stage.ticketCount > 0
                ? countRu(stage.ticketCount, ['заявка', 'заявки', 'заявок'])
                : 'нет заявок',
            ]}
            removeLabel={`Удалить этап «${stage.name}»`}
            onEdit={() => setEditing(stage)}
            onRemove={stage.ticketCount === 0 ? () => askRemove(stage) : undefined}
          />
        ))}
      </Stack>
      {editing && (
        <RepairStageDialog stage={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
