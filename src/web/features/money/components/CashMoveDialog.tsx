import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { CashMoveKind } from '../../../../domain/cash-desk';
import { CASH_REASON_MAX, cashMoveInput } from '../../../../domain/cash-desk-schemas';
import { formatRubles, parseRubles } from '../../../../domain/money';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { CashWrites } from '../api/cash-api';
import { RublesInput } from '../../../components/MoneyInputs';

const TITLES: Record<CashMoveKind, string> = { in: 'Внести наличные', out: 'Изъять наличные' };

/** «Внести» (change for the drawer) or «Изъять» (cash to the bank, to a courier): always with a reason. */
export function CashMoveDialog({
  kind,
  expected,
  writes,
  onClose,
}: {
  kind: CashMoveKind;
  expected: number;
  writes: CashWrites;
  onClose: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const kopecks = parseRubles(amount);
    if (kopecks === null || kopecks === 0) {
      return setProblem('Сумма: введите сумму в рублях, например 1 500 или 1 500,50');
    }
    const parsed = cashMoveInput.safeParse({ kind, amount: kopecks, reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    writes.move.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`${kind === 'in' ? 'Внесено' : 'Изъято'} ${formatRubles(kopecks)}`);
        onClose();
      },
      onError: (error) => {
        setProblem(errorMessage(error));
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={TITLES[kind]}>
      <Stack>
        <ErrorBox message={problem} />
        <Text size="sm" c="dimmed">
          Должно быть в кассе: {formatRubles(expected)}
        </Text>
        <RublesInput label="Сумма, ₽" required value={amount} onChange={setAmount} autoFocus />
        <TextInput
          label="Причина"
          required
          maxLength={CASH_REASON_MAX}
          placeholder={kind === 'in' ? 'Например: размен' : 'Например: сдали в банк'}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={writes.move.isPending} onClick={submit}>
            {kind === 'in' ? 'Внести' : 'Изъять'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
