import { formatMonth } from '../../../../domain/calendar-date';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../domain/date-time';
import { formatRubles, parseRubles } from '../../../../domain/money';
import { payCorrectionInput, ruleText, type PayStatementDto } from '../../../../domain/pay';
import { paths } from '../../../../domain/routes';
import { ticketNumber } from '../../../../domain/ticket-number';
import { RublesInput } from '../../../components/MoneyInputs';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { useShopDate, useShopToday } from '../../../lib/shop-today';
import { toast } from '../../../lib/toast';
import { payFileHref, usePayWrites } from '../api/pay-api';
import { nextMonth } from './pay-format';

interface CorrectionDraft {
  month: string;
  amount: string;
  sign: 'plus' | 'minus';
  reason: string;
  forMonth: string | null;
}

/**
 * One person's statement for a month: each repair and what it earned, the salary, corrections,
 * the total. Paid, it stays as paid; a change since shows, and is paid as a correction later.
 */
export function PayStatementView({
  statement,
  canPay,
  mine = false,
}: {
  statement: PayStatementDto;
  /** Marks paid and writes corrections; false on one's own (the owner's to do). */
  canPay: boolean;
  /** One's own statement: a repair's margin shows only when it earns a share of it. */
  mine?: boolean;
}) {
  const { markPaid } = usePayWrites();
  const shopDate = useShopDate();
  const today = useShopToday();
  const showMargin = !mine || statement.rule.marginShare > 0;
  const [draft, setDraft] = useState<CorrectionDraft | null>(null);
  const { userId, month } = statement;
  const columns = showMargin ? 4 : 3;

  const pay = () =>
    confirmModal({
      title: 'Отметить выплаченной?',
      children: (
        <Text size="sm">
          {`${statement.userName}, ${formatMonth(month)}: ${formatRubles(statement.total)}. После отметки ведомость не меняется; что изменится потом, вносится корректировкой.`}
          {month === today.slice(0, 7) &&
            ' Месяц ещё идёт: ремонты, закрытые до его конца, покажутся как «изменилось после выплаты».'}
        </Text>
      ),
      labels: { confirm: 'Выплачено', cancel: 'Отмена' },
      onConfirm: () =>
        markPaid.mutate(
          { userId, month, expectedTotal: statement.total },
          {
            onSuccess: () => toast.success('Ведомость отмечена выплаченной'),
            onError: (error) => toast.error(errorMessage(error)),
          },
        ),
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid="pay-statement">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={500}>{`${statement.userName}: ${formatMonth(month)}`}</Text>
            <Text size="sm" c="dimmed">
              {ruleText(statement.rule)}
            </Text>
          </Stack>
          {!mine && (
            <Group gap="md">
              <Anchor href={payFileHref(userId, month, 'csv')} download className="tap-target">
                Скачать CSV
              </Anchor>
              <Anchor href={payFileHref(userId, month, 'xlsx')} download className="tap-target">
                Скачать Excel
              </Anchor>
            </Group>
          )}
        </Group>
        {statement.changedSincePaid !== 0 && canPay && (
          <Alert color="orange" title="После выплаты ремонты изменились" data-testid="pay-changed">
            <Stack gap="xs">
              <Text size="sm">
                {`По правилу этого месяца теперь выходит ${statement.changedSincePaid > 0 ? 'больше' : 'меньше'} на ${formatRubles(Math.abs(statement.changedSincePaid))}. Выплаченная ведомость не меняется: разницу вносят корректировкой в месяц, который ещё не выплачен.`}
              </Text>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    setDraft({
                      month: nextMonth(month),
                      amount: formatRubles(Math.abs(statement.changedSincePaid)).replace(/\s?₽$/, ''),
                      sign: statement.changedSincePaid > 0 ? 'plus' : 'minus',
                      reason: `Изменения после выплаты за ${formatMonth(month)}`,
                      forMonth: month,
                    })
                  }
                >
                  Внести корректировку
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4} data-testid="pay-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ремонт</Table.Th>
                <Table.Th ta="right">Работы</Table.Th>
                {showMargin && <Table.Th ta="right">Маржа</Table.Th>}
                <Table.Th ta="right">Начислено</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.repairs.map((line) => (
                <Table.Tr key={line.ticketId}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.ticket(line.ticketId)} size="sm">
                      {ticketNumber(line.ticketId)}
                    </Anchor>{' '}
                    <Text span size="sm">
                      {`${line.title}, закрыта ${shopDate(line.closedAt)}`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatRubles(line.works)}</Table.Td>
                  {showMargin && <Table.Td ta="right">{formatRubles(line.margin)}</Table.Td>}
                  <Table.Td ta="right">{formatRubles(line.earned)}</Table.Td>
                </Table.Tr>
              ))}
              {statement.repairs.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <Text size="sm" c="dimmed">
                      Закрытых ремонтов за месяц нет.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {statement.salary > 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns - 1}>Оклад</Table.Td>
                  <Table.Td ta="right">{formatRubles(statement.salary)}</Table.Td>
                </Table.Tr>
              )}
              {statement.corrections.map((correction) => (
                <Table.Tr key={correction.id}>
                  <Table.Td colSpan={columns - 1}>
                    <Text size="sm">{`Корректировка: ${correction.reason}`}</Text>
                    <Text size="xs" c="dimmed">
                      {`${correction.createdByName}, ${formatDateTime(correction.createdAt)}`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatRubles(correction.amount)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td colSpan={columns - 1} fw={600}>
                  Итого
                </Table.Td>
                <Table.Td ta="right" fw={600} data-testid="pay-total">
                  {formatRubles(statement.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {statement.paid ? (
          <Text size="sm" c="green.9" data-testid="pay-paid">
            {`Выплачено ${formatDateTime(statement.paid.at)}, отметил(а) ${statement.paid.byName}`}
          </Text>
        ) : !canPay ? null : (
          <Group>
            <Button onClick={pay} loading={markPaid.isPending}>
              Отметить выплаченной
            </Button>
            <Button
              variant="default"
              onClick={() => setDraft({ month, amount: '', sign: 'plus', reason: '', forMonth: null })}
            >
              Корректировка
            </Button>
          </Group>
        )}
      </Stack>
      {draft && <CorrectionDialog userId={userId} draft={draft} onClose={() => setDraft(null)} />}
    </Paper>
  );
}

function CorrectionDialog({
  userId,
  draft,
  onClose,
}: {
  userId: number;
  draft: CorrectionDraft;
  onClose: () => void;
}) {
  const { correct } = usePayWrites();
  const [form, setForm] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const kopecks = parseRubles(form.amount);
    if (kopecks === null) return setError('Сумма: рубли, например 1 500 или 1 500,50');
    const input = payCorrectionInput.safeParse({
      month: form.month,
      amount: form.sign === 'minus' ? -kopecks : kopecks,
      reason: form.reason,
      forMonth: form.forMonth,
    });
    if (!input.success) return setError(input.error.issues[0]?.message ?? 'Проверьте корректировку');
    correct.mutate(
      { userId, ...input.data },
      {
        onSuccess: () => {
          toast.success(`Корректировка внесена в ${formatMonth(form.month)}`);
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Корректировка">
      <Stack>
        <TextInput
          type="month"
          label="В ведомость за месяц"
          value={form.month}
          onChange={(e) => setForm({ ...form, month: e.currentTarget.value })}
        />
        <SegmentedControl
          aria-label="Доплата или удержание"
          data={[
            { value: 'plus', label: 'Доплата' },
            { value: 'minus', label: 'Удержание' },
          ]}
          value={form.sign}
          onChange={(value) => setForm({ ...form, sign: value as 'plus' | 'minus' })}
        />
        <RublesInput
          label="Сумма, ₽"
          required
          value={form.amount}
          onChange={(amount) => setForm({ ...form, amount })}
        />
        <TextInput
          label="За что"
          required
          value={form.reason}
          onChange={(e) => setForm({ ...form, reason: e.currentTarget.value })}
        />
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button onClick={save} loading={correct.isPending}>
            Внести
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
