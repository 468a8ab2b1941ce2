import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatRubles, parseRubles, rublesInput } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import type { PartDto } from '../../../../domain/stock';
import { receiptInput, STOCK_NOTE_MAX } from '../../../../domain/stock-schemas';
import { BackLink, CancelButton } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { WholeNumberInput, wholeNumber } from '../../../components/WholeNumberInput';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { RublesInput } from '../../../components/MoneyInputs';
import { useStockWrites, useSuppliers } from '../api/stock-api';
import { PartPicker } from './PartPicker';

interface DraftLine {
  part: PartDto;
  quantity: string;
  cost: string;
}

/** «Поступление» (issue 51): from a supplier, parts with how many and the unit cost. */
export function ReceiptNewPage() {
  const navigate = useNavigate();
  const suppliers = useSuppliers().data ?? [];
  const { receive } = useStockWrites();
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const add = (part: PartDto) =>
    setLines((old) =>
      old.some((line) => line.part.id === part.id)
        ? old
        : [...old, { part, quantity: '1', cost: part.lastCost ? rublesInput(part.lastCost) : '' }],
    );
  const change = (index: number, patch: Partial<DraftLine>) =>
    setLines((old) => old.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const amounts = lines.map((line) => ({
    quantity: wholeNumber(line.quantity),
    cost: parseRubles(line.cost),
  }));
  const total = amounts.every((a) => a.cost !== null && Number.isInteger(a.quantity))
    ? amounts.reduce((sum, a) => sum + a.quantity * (a.cost ?? 0), 0)
    : null;

  const submit = () => {
    const bad = lines.findIndex((_, i) => amounts[i]?.cost === null);
    if (bad >= 0)
      return setProblem(`«${lines[bad]?.part.name}»: цена закупки — сумма в рублях, например 1 200`);
    const parsed = receiptInput.safeParse({
      supplierId: supplierId === null ? null : Number(supplierId),
      note,
      lines: lines.map((line, i) => ({ partId: line.part.id, ...amounts[i] })),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    receive.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Поступление проведено');
        navigate(paths.stockReceipts);
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Stack>
      <BackLink fallback={paths.stock} fallbackLabel="Склад" />
      <Title order={2}>Поступление</Title>
      <ErrorBox message={problem} />
      <Select
        label="Поставщик"
        placeholder="Без поставщика"
        clearable
        data={suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name }))}
        value={supplierId}
        onChange={setSupplierId}
      />
      <PartPicker label="Добавить запчасть" onPick={add} autoFocus />
      {lines.length === 0 && (
        <Text size="sm" c="dimmed">
          Найдите запчасть по названию, артикулу или штрихкоду и добавьте её в поступление.
        </Text>
      )}
      {lines.map((line, index) => (
        <Paper key={line.part.id} withBorder p="sm" radius="md" data-testid="receipt-line">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{line.part.name}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Убрать «${line.part.name}»`}
                onClick={() => setLines((old) => old.filter((_, i) => i !== index))}
              >
                ✕
              </ActionIcon>
            </Group>
            <Group grow align="flex-start">
              <WholeNumberInput
                label={`Количество, ${line.part.unit}`}
                value={line.quantity}
                onChange={(quantity) => change(index, { quantity })}
              />
              <RublesInput
                label="Цена закупки, ₽"
                value={line.cost}
                onChange={(cost) => change(index, { cost })}
              />
            </Group>
          </Stack>
        </Paper>
      ))}
      <TextInput
        label="Комментарий"
        placeholder="Накладная № …"
        maxLength={STOCK_NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="space-between">
        <Text fw={500}>{total === null ? '' : `Итого: ${formatRubles(total)}`}</Text>
        <Group gap="xs">
          <CancelButton fallback={paths.stock} />
          <Button onClick={submit} loading={receive.isPending} disabled={lines.length === 0}>
            Провести поступление
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
