import { Autocomplete, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { parseRubles, rublesInput } from '../../../../domain/money';
import type { PartDto } from '../../../../domain/stock';
import { PART_MODELS_MAX, PART_NAME_MAX, partInput } from '../../../../domain/stock-schemas';
import { ErrorBox } from '../../../components/ErrorBox';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { RublesInput } from '../../../components/MoneyInputs';
import { usePlaces, useStockWrites } from '../api/stock-api';

/** A new part (`part` null) or a change to one; its stock is never typed here, only received. */
export function PartDialog({ part, onClose }: { part: PartDto | null; onClose: (saved?: PartDto) => void }) {
  const writes = useStockWrites();
  const places = usePlaces().data ?? [];
  const [fields, setFields] = useState({
    name: part?.name ?? '',
    article: part?.article ?? '',
    barcode: part?.barcode ?? '',
    models: part?.models ?? '',
    unit: part?.unit ?? 'шт',
    place: part?.place ?? '',
  });
  const [price, setPrice] = useState(part && part.price > 0 ? rublesInput(part.price) : '');
  const [minQty, setMinQty] = useState<number | string>(part?.minQty ?? 0);
  const [version, setVersion] = useState(part?.version ?? 1);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((old) => ({ ...old, [name]: value }));

  const submit = () => {
    const kopecks = price.trim() === '' ? 0 : parseRubles(price);
    if (kopecks === null) return setProblem('Цена продажи: введите сумму в рублях, например 1 500');
    const parsed = partInput.safeParse({
      ...fields,
      price: kopecks,
      minQty: typeof minQty === 'number' ? minQty : Number.NaN,
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    const done = {
      onSuccess: (answer: { part: PartDto }) => {
        toast.success(part ? 'Запчасть сохранена' : 'Запчасть добавлена');
        onClose(answer.part);
      },
      onError: (error: unknown) => {
        setProblem(errorMessage(error));
        const fresh = error instanceof ApiError ? (error.body as { part?: PartDto } | null) : null;
        if (fresh?.part) setVersion(fresh.part.version);
      },
    };
    if (part) writes.updatePart.mutate({ id: part.id, version, ...parsed.data }, done);
    else writes.createPart.mutate(parsed.data, done);
  };

  return (
    <Modal opened onClose={() => onClose()} title={part ? `Запчасть «${part.name}»` : 'Новая запчасть'}>
      <Stack>
        <ErrorBox message={problem} />
        <TextInput
          label="Название"
          required
          maxLength={PART_NAME_MAX}
          value={fields.name}
          data-autofocus
          onChange={(event) => set('name')(event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Артикул"
            value={fields.article}
            onChange={(event) => set('article')(event.currentTarget.value)}
          />
          <TextInput
            label="Штрихкод"
            description="Пусто — свой код магазина"
            value={fields.barcode}
            onChange={(event) => set('barcode')(event.currentTarget.value)}
          />
        </Group>
        <TextInput
          label="Совместимые модели"
          placeholder="iPhone 11, iPhone XR"
          maxLength={PART_MODELS_MAX}
          value={fields.models}
          onChange={(event) => set('models')(event.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <RublesInput label="Цена продажи, ₽" value={price} onChange={setPrice} />
          <TextInput
            label="Единица"
            value={fields.unit}
            onChange={(event) => set('unit')(event.currentTarget.value)}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="Минимум"
            description="Столько и меньше — «Заканчивается»"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={minQty}
            onChange={setMinQty}
          />
          <Autocomplete
            label="Место хранения"
            data={places.map((entry) => entry.place).filter(Boolean)}
            value={fields.place}
            onChange={set('place')}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>
            Отмена
          </Button>
          <Button loading={writes.createPart.isPending || writes.updatePart.isPending} onClick={submit}>
            {part ? 'Сохранить' : 'Добавить'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
