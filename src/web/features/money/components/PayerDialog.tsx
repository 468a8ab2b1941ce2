import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { PayerDto } from '../../../../domain/payers';
import { PAYER_DETAILS_MAX, PAYER_NAME_MAX, payerInput } from '../../../../domain/payer-schemas';
import { ErrorBox } from '../../../components/ErrorBox';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { usePayerWrites } from '../api/payers-api';

/** Adds a payer (`payer` null) or edits one. */
export function PayerDialog({ payer, onClose }: { payer: PayerDto | null; onClose: () => void }) {
  const writes = usePayerWrites();
  const [name, setName] = useState(payer?.name ?? '');
  const [details, setDetails] = useState(payer?.details ?? '');
  const [version, setVersion] = useState(payer?.version ?? 1);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const parsed = payerInput.safeParse({ name, details });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    const done = {
      onSuccess: () => {
        toast.success(payer ? 'Плательщик сохранён' : 'Плательщик добавлен');
        onClose();
      },
      onError: (error: unknown) => {
        setProblem(errorMessage(error));
        const fresh = error instanceof ApiError ? (error.body as { payer?: PayerDto } | null) : null;
        if (fresh?.payer) setVersion(fresh.payer.version);
      },
    };
    if (payer) writes.update.mutate({ id: payer.id, version, ...parsed.data }, done);
    else writes.create.mutate(parsed.data, done);
  };

  return (
    <Modal opened onClose={onClose} title={payer ? `Плательщик «${payer.name}»` : 'Новый плательщик'}>
      <Stack>
        <ErrorBox message={problem} />
        <TextInput
          label="Название"
          required
          maxLength={PAYER_NAME_MAX}
          placeholder="Например: ООО «Техномир» или сервис производителя"
          value={name}
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Textarea
          label="Реквизиты и контакты"
          autosize
          minRows={2}
          maxLength={PAYER_DETAILS_MAX}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={writes.create.isPending || writes.update.isPending} onClick={submit}>
            {payer ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
