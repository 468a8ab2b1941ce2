import {
  Paper,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { warrantyDaysInput } from '../../../../domain/ticket-types';
import { DEFAULT_WARRANTY_DAYS, MAX_WARRANTY_DAYS } from '../../../../domain/warranty';
import { useState, type ReactNode } from 'react';
import {
  CREDIT_REASON_LABEL,
  CREDIT_REASON_MAX,
  SUMMARY_REQUIRED_MESSAGE,
} from '../../../../domain/ticket-closing';
import { formatRubles } from '../../../../domain/money';
import { TEXT_LIMIT } from '../../../../domain/ticket-schemas';
import { useCan } from '../../../lib/session';

/**
 * «Закрыть заявку?» (issue 49): closing asks first, with the repair summary the act prints —
 * required, prefilled with what the card holds (including what is typed and not yet saved) —
 * and the warranty it gives.
 */
export interface Closing {
  repairSummary: string;
  warrantyDays: number;
  /** «Выдать в долг»: why it goes home owing (issue 50). */
  onCredit?: string;
}

interface CloseFormProps {
  /** What the card holds, typed and not yet saved included. */
  summary: string;
  warrantyDays: number | null;
  /** «К оплате» in kopecks, once known: owing, it closes only «в долг» with a reason. */
  due: number;
  /** Who pays, when not the client: the balance is theirs and needs no «в долг». */
  payerName: string | null;
  /** «Принять оплату» right here: the money section's own dialog. */
  payment: ReactNode;
  pending: boolean;
  onCancel: () => void;
  onClose: (closing: Closing) => void;
}

export function CloseDialog({ opened, ...props }: CloseFormProps & { opened: boolean }) {
  return (
    <Modal opened={opened} onClose={props.onCancel} title="Закрыть заявку?">
      {opened && <CloseForm {...props} />}
    </Modal>
  );
}

function CloseForm({
  summary,
  warrantyDays,
  due,
  payerName,
  payment,
  pending,
  onCancel,
  onClose,
}: CloseFormProps) {
  const [onCredit, setOnCredit] = useState(false);
  // Without «Принимать оплату» the person hands over in debt, or asks who may take the money.
  const takesMoney = useCan('payments.take');
  const [reason, setReason] = useState('');
  const [creditError, setCreditError] = useState<string | null>(null);
  const [text, setText] = useState(summary);
  const [days, setDays] = useState<number | string>(warrantyDays ?? DEFAULT_WARRANTY_DAYS);
  const [error, setError] = useState<string | null>(null);
  const [daysError, setDaysError] = useState<string | null>(null);
  const submit = () => {
    const warranty = warrantyDaysInput.safeParse(typeof days === 'number' ? days : Number.NaN);
    if (!warranty.success) setDaysError(warranty.error.issues[0]?.message ?? null);
    if (text.trim() === '') setError(SUMMARY_REQUIRED_MESSAGE);
    const owing = due > 0 && payerName === null && (!onCredit || reason.trim() === '');
    if (owing)
      setCreditError(
        onCredit
          ? 'Укажите, почему в долг'
          : takesMoney
            ? 'Примите оплату или отметьте «Выдать в долг»'
            : 'Отметьте «Выдать в долг» или попросите принять оплату того, кто принимает деньги',
      );
    if (text.trim() === '' || !warranty.success || owing) return;
    onClose({
      repairSummary: text,
      warrantyDays: warranty.data,
      ...(due > 0 && payerName === null ? { onCredit: reason.trim() } : {}),
    });
  };
  return (
    <Stack>
      <Text size="sm">
        После закрытия заявка доступна только для чтения, а акт выдачи печатается таким, каким он был при
        закрытии.
      </Text>
      <Textarea
        label="Итог ремонта"
        description="Что сделано: печатается в акте выдачи"
        required
        autosize
        minRows={3}
        maxLength={TEXT_LIMIT}
        value={text}
        error={error}
        data-autofocus
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
      />
      <NumberInput
        label="Гарантия, дней"
        description="С сегодняшнего дня; 0 — без гарантии. Печатается в акте выдачи"
        min={0}
        max={MAX_WARRANTY_DAYS}
        allowDecimal={false}
        allowNegative={false}
        value={days}
        error={daysError}
        onChange={(value) => {
          setDays(value);
          setDaysError(null);
        }}
        w={{ base: '100%', xs: 240 }}
      />
      {due > 0 && payerName !== null && (
        <Text
          size="sm"
          data-testid="closing-payer"
        >{`Остаток ${formatRubles(due)} оплатит ${payerName}.`}</Text>
      )}
      {due > 0 && payerName === null && (
        <Paper withBorder p="sm" radius="md" bg="orange.0" data-testid="closing-debt">
          <Stack gap="xs">
            <Text fw={700}>{`Клиент должен ${formatRubles(due)}`}</Text>
            <Text size="sm">
              {takesMoney
                ? 'Примите оплату или выдайте устройство в долг.'
                : 'Оплату принимает тот, у кого есть это право; иначе выдайте устройство в долг.'}
            </Text>
            <Group>{payment}</Group>
            <Checkbox
              label="Выдать в долг"
              checked={onCredit}
              onChange={(event) => {
                setOnCredit(event.currentTarget.checked);
                setCreditError(null);
              }}
              error={!onCredit && creditError}
            />
            {onCredit && (
              <TextInput
                label={CREDIT_REASON_LABEL}
                required
                maxLength={CREDIT_REASON_MAX}
                value={reason}
                error={creditError}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setCreditError(null);
                }}
              />
            )}
          </Stack>
        </Paper>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Отмена
        </Button>
        <Button loading={pending} onClick={submit}>
          Закрыть заявку
        </Button>
      </Group>
    </Stack>
  );
}
