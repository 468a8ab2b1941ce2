import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../../domain/routes';
import { useState } from 'react';
import {
  formatRubles,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  parseRubles,
  rublesInput,
  type PaymentKind,
  type PaymentMethod,
  type TicketMoneyDto,
} from '../../../../domain/money';
import { PAYMENT_NOTE_MAX, paymentInput } from '../../../../domain/money-schemas';
import { RublesInput } from '../../../components/MoneyInputs';
import { ErrorBox } from '../../../components/ErrorBox';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useShiftOpen } from '../api/cash-api';
import type { MoneyWrites } from '../api/money-api';
import { useCan } from '../../../lib/session';

/**
 * «Принять оплату» (prefilled with what is due) or «Возврат» (at most what was paid, with a
 * reason). The desk is not fiscal: no cheque is printed.
 */
export function PaymentDialog({
  kind,
  money,
  writes,
  onClose,
}: {
  kind: PaymentKind;
  money: TicketMoneyDto;
  writes: MoneyWrites;
  onClose: () => void;
}) {
  const refund = kind === 'refund';
  const [method, setMethod] = useState<PaymentMethod>('cash');
  // A payment starts at what is due; a refund starts empty, so that one tap never returns it all.
  const [amount, setAmount] = useState(() => (!refund && money.due > 0 ? rublesInput(money.due) : ''));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shiftOpen = useShiftOpen();
  const keepsDrawer = useCan('cash.shift');
  const typed = parseRubles(amount);

  const submit = () => {
    const kopecks = parseRubles(amount);
    if (kopecks === null || kopecks === 0) {
      return setProblem('Сумма: введите сумму в рублях, например 1 500 или 1 500,50');
    }
    const parsed = paymentInput.safeParse({ kind, method, amount: kopecks, note });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    writes.pay.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(
          refund ? `Возврат ${formatRubles(kopecks)} оформлен` : `Принято ${formatRubles(kopecks)}`,
        );
        onClose();
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <Modal opened onClose={onClose} title={refund ? 'Возврат клиенту' : 'Принять оплату'}>
      <Stack>
        <ErrorBox message={problem} />
        <Text size="sm" c="dimmed">
          {refund
            ? `Оплачено: ${formatRubles(money.paid)}. Вернуть можно не больше.`
            : `Итого: ${formatRubles(money.total)} · оплачено: ${formatRubles(money.paid)} · к оплате: ${formatRubles(money.due)}`}
        </Text>
        <SegmentedChoice
          label="Способ"
          value={method}
          onChange={setMethod}
          options={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          fullWidth
        />
        <RublesInput label="Сумма, ₽" required value={amount} onChange={setAmount} autoFocus />
        {!refund && money.total > 0 && typed !== null && typed > money.due && (
          <Text size="sm" c="orange.9" data-testid="overpay">
            {`Больше, чем к оплате: переплата составит ${formatRubles(typed - money.due)}.`}
          </Text>
        )}
        {method === 'cash' && shiftOpen.data === false && (
          <Text size="sm" c="orange.9" data-testid="no-shift">
            Смена в кассе не открыта: наличные не попадут ни в одну смену.{' '}
            {keepsDrawer ? (
              <Anchor component={Link} to={paths.cash} size="sm">
                Открыть смену
              </Anchor>
            ) : (
              'Смену открывает тот, кто ведёт кассу.'
            )}
          </Text>
        )}
        <TextInput
          label={refund ? 'Причина возврата' : 'Комментарий'}
          required={refund}
          maxLength={PAYMENT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          Учёт не фискальный: чек по 54-ФЗ не печатается.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={writes.pay.isPending} color={refund ? 'red.9' : undefined} onClick={submit}>
            {refund ? 'Вернуть' : 'Принять'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
