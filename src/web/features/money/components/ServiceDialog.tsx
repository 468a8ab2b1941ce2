import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseRubles, rublesInput, type ServiceDto } from '../../../../domain/money';
import { SERVICE_NAME_MAX, serviceInput } from '../../../../domain/money-schemas';
import { RublesInput, WarrantyDaysInput, warrantyValue } from '../../../components/MoneyInputs';
import { ErrorBox } from '../../../components/ErrorBox';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useServiceWrites } from '../api/services-api';

/** Adds a service (`service` null) or edits one. */
export function ServiceDialog({ service, onClose }: { service: ServiceDto | null; onClose: () => void }) {
  const writes = useServiceWrites();
  const [name, setName] = useState(service?.name ?? '');
  const [price, setPrice] = useState(service ? rublesInput(service.price) : '');
  const [warranty, setWarranty] = useState<number | string>(service?.warrantyDays ?? '');
  const [version, setVersion] = useState(service?.version ?? 1);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const kopecks = parseRubles(price);
    if (kopecks === null) return setProblem('Цена: введите сумму в рублях, например 1 500 или 1 500,50');
    const parsed = serviceInput.safeParse({
      name,
      price: kopecks,
      warrantyDays: warrantyValue(warranty),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    const done = {
      onSuccess: () => {
        toast.success(service ? 'Услуга сохранена' : 'Услуга добавлена');
        onClose();
      },
      onError: (error: unknown) => {
        setProblem(errorMessage(error));
        const fresh = error instanceof ApiError ? (error.body as { service?: ServiceDto } | null) : null;
        if (fresh?.service) setVersion(fresh.service.version);
      },
    };
    if (service) writes.update.mutate({ id: service.id, version, ...parsed.data }, done);
    else writes.create.mutate(parsed.data, done);
  };

  return (
    <Modal opened onClose={onClose} title={service ? `Услуга «${service.name}»` : 'Новая услуга'}>
      <Stack>
        <ErrorBox message={problem} />
        <TextInput
          label="Название"
          required
          maxLength={SERVICE_NAME_MAX}
          value={name}
          data-autofocus
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <RublesInput label="Цена, ₽" required value={price} onChange={setPrice} />
        <WarrantyDaysInput value={warranty} onChange={setWarranty} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={writes.create.isPending || writes.update.isPending} onClick={submit}>
            {service ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
