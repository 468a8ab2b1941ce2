import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  PRINTED_TITLE_MAX,
  TYPE_NAME_MAX,
  ticketTypeCreateInput,
  type TicketTypeDto,
} from '../../../../domain/ticket-types';
import { INTAKE_LABELS, INTAKES, isIntake, type Intake } from '../../../../domain/ticket-status';
import { DEFAULT_WARRANTY_DAYS, MAX_WARRANTY_DAYS } from '../../../../domain/warranty';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { assigneeOptions, UNASSIGNED, useUserOptions } from '../../employees/public';
import { useTicketTypeWrites } from '../api/ticket-types-api';

interface TypeValues {
  name: string;
  printedTitle: string;
  intake: Intake;
  warrantyDays: number | string;
  assignee: string;
  hidden: boolean;
}

function valuesOf(type: TicketTypeDto | null): TypeValues {
  return {
    name: type?.name ?? '',
    printedTitle: type?.printedTitle ?? '',
    intake: type?.intake ?? 'pvz',
    warrantyDays: type?.warrantyDays ?? DEFAULT_WARRANTY_DAYS,
    assignee: type?.defaultAssigneeId ? String(type.defaultAssigneeId) : UNASSIGNED,
    hidden: type?.hidden ?? false,
  };
}

/** Adds a type (`type` null) or edits one; a type in use keeps its name. */
export function TicketTypeDialog({ type, onClose }: { type: TicketTypeDto | null; onClose: () => void }) {
  const users = useUserOptions();
  const writes = useTicketTypeWrites();
  const [values, setValues] = useState(() => valuesOf(type));
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof TypeValues>(field: K, value: TypeValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const inUse = (type?.ticketCount ?? 0) > 0;
  const pending = writes.create.isPending || writes.update.isPending;

  const submit = () => {
    const parsed = ticketTypeCreateInput.safeParse({
      name: values.name,
      printedTitle: values.printedTitle,
      intake: values.intake,
      warrantyDays: typeof values.warrantyDays === 'number' ? values.warrantyDays : Number.NaN,
      defaultAssigneeId: values.assignee === UNASSIGNED ? null : Number(values.assignee),
      hidden: values.hidden,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
      return;
    }
    setProblem(null);
    const done = {
      onSuccess: () => {
        toast.success(type ? 'Тип сохранён' : 'Тип добавлен');
        onClose();
      },
      onError: (error: unknown) => setProblem(errorMessage(error)),
    };
    if (type) {
      const { name, ...rest } = parsed.data;
      writes.update.mutate({ id: type.id, version: type.version, ...rest, ...(inUse ? {} : { name }) }, done);
    } else {
      writes.create.mutate(parsed.data, done);
    }
  };

  return (
    <Modal opened onClose={onClose} title={type ? `Тип «${type.name}»` : 'Новый тип заявки'}>
      <Stack>
        <ErrorBox message={problem} />
        <TextInput
          label="Название"
          description={
            inUse ? 'Тип уже есть в заявках: название не меняется' : 'Как тип называется в списках'
          }
          required
          disabled={inUse}
          maxLength={TYPE_NAME_MAX}
          value={values.name}
          data-autofocus
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <TextInput
          label="Название в документах"
          description="«Тип заявки» в квитанции и акте; пусто — как название"
          maxLength={PRINTED_TITLE_MAX}
          value={values.printedTitle}
          onChange={(event) => set('printedTitle', event.currentTarget.value)}
        />
        <Select
          label="Как обычно принимают"
          data={INTAKES.map((intake) => ({ value: intake, label: INTAKE_LABELS[intake] }))}
          value={values.intake}
          onChange={(value) => value && isIntake(value) && set('intake', value)}
          allowDeselect={false}
        />
        <NumberInput
          label="Гарантия, дней"
          description="С даты выдачи; 0 — без гарантии. Можно изменить в заявке до закрытия"
          min={0}
          max={MAX_WARRANTY_DAYS}
          allowDecimal={false}
          allowNegative={false}
          value={values.warrantyDays}
          onChange={(value) => set('warrantyDays', value)}
        />
        <Select
          label="Исполнитель по умолчанию"
          description="«Не назначен» — как для всех заявок (Сотрудники)"
          data={assigneeOptions(users.data)}
          value={values.assignee}
          onChange={(value) => set('assignee', value ?? UNASSIGNED)}
          allowDeselect={false}
        />
        <Checkbox
          label="Скрыть: не предлагать для новых заявок"
          checked={values.hidden}
          onChange={(event) => set('hidden', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={pending} onClick={submit}>
            {type ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
