import { Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { RepairStageDto } from '../../../../domain/repair-stage-rules';
import {
  STAGE_LIMIT_MAX,
  STAGE_NAME_MAX,
  STAGE_PUBLIC_MAX,
  repairStageCreateInput,
} from '../../../../domain/repair-stages';
import { ErrorBox } from '../../../components/ErrorBox';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRepairStageWrites } from '../api/repair-stages-api';

/** Adds a stage (`stage` null) or edits one. */
export function RepairStageDialog({ stage, onClose }: { stage: RepairStageDto | null; onClose: () => void }) {
  const writes = useRepairStageWrites();
  const [name, setName] = useState(stage?.name ?? '');
  const [publicText, setPublicText] = useState(stage?.publicText ?? '');
  const [limit, setLimit] = useState<number | string>(stage?.limitDays ?? '');
  const [hidden, setHidden] = useState(stage?.hidden ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  // After «Этап уже изменил другой сотрудник» the next save goes over their version.
  const [version, setVersion] = useState(stage?.version ?? 1);

  const submit = () => {
    const parsed = repairStageCreateInput.safeParse({
      name,
      publicText,
      limitDays: limit === '' ? null : typeof limit === 'number' ? limit : Number.NaN,
      hidden,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
      return;
    }
    const done = {
      onSuccess: () => {
        toast.success(stage ? 'Этап сохранён' : 'Этап добавлен');
        onClose();
      },
      onError: (error: unknown) => {
        setProblem(errorMessage(error));
        const fresh = error instanceof ApiError ? (error.body as { stage?: RepairStageDto } | null) : null;
        if (fresh?.stage) setVersion(fresh.stage.version);
      },
    };
    if (stage) writes.update.mutate({ id: stage.id, version, ...parsed.data }, done);
    else writes.create.mutate(parsed.data, done);
  };

  return (
    <Modal opened onClose={onClose} title={stage ? `Этап «${stage.name}»` : 'Новый этап ремонта'}>
      <Stack>
        <ErrorBox message={problem} />
        <TextInput
          label="Название"
          required
          maxLength={STAGE_NAME_MAX}
          value={name}
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label="Для клиента"
          description="Как этап назван на странице статуса; пусто — только «Устройство в ремонте»"
          maxLength={STAGE_PUBLIC_MAX}
          value={publicText}
          onChange={(event) => setPublicText(event.currentTarget.value)}
        />
        <NumberInput
          label="Срок на этапе, дней"
          description="Дольше — заявка отмечается; пусто — без срока"
          min={1}
          max={STAGE_LIMIT_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={limit}
          onChange={setLimit}
        />
        <Checkbox
          label="Скрыть: не предлагать в заявках"
          checked={hidden}
          onChange={(event) => setHidden(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={writes.create.isPending || writes.update.isPending} onClick={submit}>
            {stage ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
