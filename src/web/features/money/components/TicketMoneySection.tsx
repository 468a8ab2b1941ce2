import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  formatRubles,
  lineArithmetic,
  LINE_KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  type LineKind,
  type PaymentKind,
  type TicketLineDto,
} from '../../../../domain/money';
import { DANGER_CONFIRM } from '../../../components/danger';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useMoneyWrites, useTicketMoney } from '../api/money-api';
import { EstimateBox } from './EstimateBox';
import { LineDialog } from './LineDialog';
import { PayerPicker } from './PayerPicker';
import { PaymentDialog } from './PaymentDialog';
import { useCan } from '../../../lib/session';

function lineDetails(line: TicketLineDto): string {
  const warranty = line.warrantyDays === null ? '' : ` · гарантия ${line.warrantyDays} дн.`;
  const stock =
    line.stockState === 'reserved'
      ? ' · со склада, в резерве'
      : line.stockState === 'written_off'
        ? ' · со склада, списана'
        : '';
  return `${LINE_KIND_LABELS[line.kind]} · ${lineArithmetic(line)}${warranty}${stock}`;
}

/**
 * «Работы и оплата» (issue 50): the ticket's works and parts with their sums, what was paid and
 * what is due. Lines stay as they were once the ticket is closed; payments are still taken then
 * (a debt paid later), never while it is in the Корзина.
 */
export function TicketMoneySection({
  ticketId,
  linesLocked,
  trashed,
  onEstimateSent,
}: {
  ticketId: number;
  linesLocked: boolean;
  trashed: boolean;
  /** Opens the client's message with the estimate's sum and link. */
  onEstimateSent: () => void;
}) {
  const money = useTicketMoney(ticketId);
  const writes = useMoneyWrites(ticketId);
  const [editing, setEditing] = useState<{ line: TicketLineDto | null; kind: LineKind } | null>(null);
  const [paying, setPaying] = useState<PaymentKind | null>(null);
  const canTake = useCan('payments.take');
  const canRefund = useCan('payments.refund');

  const askDelete = (line: TicketLineDto) =>
    confirmModal({
      title: `Удалить строку «${line.name}»?`,
      children: <Text size="sm">{`${lineDetails(line)} = ${formatRubles(line.total)}`}</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        writes.deleteLine.mutate(line.id, { onError: (error) => toast.error(errorMessage(error)) }),
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid="money">
      <Stack gap="sm">
        <Text fw={500}>Работы и оплата</Text>
        {money.isPending && <Skeleton height={60} />}
        {money.isError && (
          <LoadFailed message={errorMessage(money.error)} onRetry={() => void money.refetch()} />
        )}
        {money.data && (
          <>
            {money.data.lines.length === 0 && (
              <Text size="sm" c="dimmed">
                Работ и запчастей пока нет.
              </Text>
            )}
            {money.data.lines.map((line) => (
              <Group
                key={line.id}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                data-testid="money-line"
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text>{line.name}</Text>
                  <Text size="sm" c="dimmed">
                    {lineDetails(line)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Text fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatRubles(line.total)}
                  </Text>
                  {!linesLocked && (
                    <>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={`Изменить строку «${line.name}»`}
                        onClick={() => setEditing({ line, kind: line.kind })}
                      >
                        Изменить
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Удалить строку «${line.name}»`}
                        onClick={() => askDelete(line)}
                      >
                        ✕
                      </ActionIcon>
                    </>
                  )}
                </Group>
              </Group>
            ))}
            {!linesLocked && (
              <Group gap="xs">
                <Button variant="light" size="xs" onClick={() => setEditing({ line: null, kind: 'work' })}>
                  + Работа
                </Button>
                <Button variant="light" size="xs" onClick={() => setEditing({ line: null, kind: 'part' })}>
                  + Запчасть
                </Button>
              </Group>
            )}
            <PayerPicker ticketId={ticketId} payer={money.data.payer} locked={linesLocked} />
            <EstimateBox
              estimate={money.data.estimate}
              hasLines={money.data.lines.length > 0}
              locked={linesLocked}
              writes={writes}
              onSent={onEstimateSent}
            />
            <Stack gap={2} data-testid="money-totals">
              <Group justify="space-between">
                <Text>Итого</Text>
                <Text fw={500}>{formatRubles(money.data.total)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Оплачено</Text>
                <Text>{formatRubles(money.data.paid)}</Text>
              </Group>
              {money.data.paid > money.data.total && (
                <Group justify="space-between">
                  <Text c="orange.9">Переплата</Text>
                  <Text c="orange.9" data-testid="money-overpaid">
                    {formatRubles(money.data.paid - money.data.total)}
                  </Text>
                </Group>
              )}
              <Group justify="space-between">
                <Text fw={700}>{money.data.payer ? `К оплате (${money.data.payer.name})` : 'К оплате'}</Text>
                <Text fw={700} c={money.data.due > 0 ? 'red.9' : undefined} data-testid="money-due">
                  {formatRubles(money.data.due)}
                </Text>
              </Group>
            </Stack>
            {money.data.payments.length > 0 && (
              <Stack gap={2} data-testid="payments">
                {money.data.payments.map((payment) => (
                  <Text key={payment.id} size="sm" c="dimmed">
                    {`${formatDateTime(payment.at)} · ${payment.kind === 'refund' ? 'Возврат' : 'Оплата'} ${formatRubles(payment.amount)} · ${PAYMENT_METHOD_LABELS[payment.method]} · ${payment.userName}${payment.note ? ` · ${payment.note}` : ''}`}
                  </Text>
                ))}
              </Stack>
            )}
            {!trashed && (canTake || canRefund) && (
              <Group gap="xs">
                {canTake && <Button onClick={() => setPaying('payment')}>Принять оплату</Button>}
                {canRefund && money.data.paid > 0 && (
                  <Button variant="subtle" color="red.9" onClick={() => setPaying('refund')}>
                    Возврат
                  </Button>
                )}
              </Group>
            )}
            {paying && (
              <PaymentDialog
                kind={paying}
                money={money.data}
                writes={writes}
                onClose={() => setPaying(null)}
              />
            )}
          </>
        )}
      </Stack>
      {editing && (
        <LineDialog
          line={editing.line}
          kind={editing.kind}
          writes={writes}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
