import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DIFFERENCE_REASON_REQUIRED, type CashShiftReportDto } from '../../../../domain/cash-desk';
import { CASH_REASON_MAX, closeShiftInput } from '../../../../domain/cash-desk-schemas';
import { formatRubles, parseRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import type { CashWrites } from '../api/cash-api';
import { RublesInput } from '../../../components/MoneyInputs';
import { differenceText } from './ShiftDetails';

/**
 * «Закрыть смену»: the cash counted in the drawer, set against what should be there as it is
 * typed; then the shift's report.
 */
export function CloseShiftDialog({
  shift,
  writes,
  onClose,
}: {
  shift: CashShiftReportDto;
  writes: CashWrites;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const kopecks = parseRubles(counted);

  const submit = () => {
    if (kopecks === null) return setProblem('Наличные по факту: введите сумму в рублях, например 2 100');
    if (kopecks !== shift.expectedCash && note.trim() === '') return setProblem(DIFFERENCE_REASON_REQUIRED);
    const parsed = closeShiftInput.safeParse({ version: shift.version, countedCash: kopecks, note });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Проверьте поля');
    writes.close.mutate(
      { id: shift.id, ...parsed.data },
      {
        onSuccess: (answer) => {
          toast.success('Смена закрыта');
          onClose();
          void navigate(paths.cashShift(answer.shift.id));
        },
        onError: (error) => {
          setProblem(errorMessage(error));
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Закрыть смену">
      <Stack>
        <ErrorBox message={problem} />
        <Text>
          Должно быть в кассе: <b>{formatRubles(shift.expectedCash)}</b>
        </Text>
        <RublesInput
          label="Наличные по факту, ₽"
          required
          value={counted}
          onChange={(value) => {
            setCounted(value);
            setProblem(null);
          }}
          autoFocus
        />
        {kopecks !== null && (
          <Text
            fw={600}
            c={kopecks === shift.expectedCash ? 'green.9' : 'red.9'}
            data-testid="close-difference"
          >
            Расхождение: {differenceText(kopecks - shift.expectedCash)}
          </Text>
        )}
        <TextInput
          label="Комментарий"
          description="Обязателен, если наличные не сходятся"
          maxLength={CASH_REASON_MAX}
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={writes.close.isPending} onClick={submit}>
            Закрыть смену
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
