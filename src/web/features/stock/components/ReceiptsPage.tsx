import { Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import type { ReceiptDto } from '../../../../domain/stock';
import { reversalInput } from '../../../../domain/stock-schemas';
import { BackLink } from '../../../components/BackLink';
import { ErrorBox } from '../../../components/ErrorBox';
import { PagedList } from '../../../components/PagedList';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useReceipts, useStockWrites } from '../api/stock-api';

/** Goods received, newest first; a mistake is undone by «Сторнировать» with a reason. */
export function ReceiptsPage() {
  const receipts = useReceipts();
  const [reversing, setReversing] = useState<ReceiptDto | null>(null);
  return (
    <Stack>
      <BackLink fallback={paths.stock} fallbackLabel="Склад" />
      <Group justify="space-between">
        <Title order={2}>Поступления</Title>
        <Button component={Link} to={paths.stockReceiptNew}>
          Новое поступление
        </Button>
      </Group>
      <PagedList
        query={receipts}
        empty="Поступлений пока не было"
        renderItem={(receipt) => (
          <Paper key={receipt.id} withBorder p="sm" radius="md" data-testid="receipt-row">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text fw={500}>
                  {receipt.reversesId === null ? 'Поступление' : 'Сторно'} № {receipt.id} ·{' '}
                  {receipt.supplierName}
                </Text>
                <Text fw={500}>{formatRubles(receipt.total)}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {formatDateTime(receipt.at)} · {receipt.userName}
                {receipt.note ? ` · ${receipt.note}` : ''}
                {receipt.reversesId !== null ? ` · отменяет № ${receipt.reversesId}` : ''}
              </Text>
              {receipt.lines.map((line, index) => (
                <Text size="sm" key={index}>
                  {line.partName}: {line.quantity < 0 ? `−${-line.quantity}` : line.quantity} ×{' '}
                  {formatRubles(line.cost)}
                </Text>
              ))}
              {receipt.lineCount > receipt.lines.length && (
                <Text size="sm" c="dimmed">
                  и ещё строк: {receipt.lineCount - receipt.lines.length}
                </Text>
              )}
              <Group>
                {receipt.reversedById !== null && (
                  <Badge variant="light" color="gray">
                    Сторнировано (№ {receipt.reversedById})
                  </Badge>
                )}
                {receipt.reversesId === null && receipt.reversedById === null && (
                  <Button size="xs" variant="default" onClick={() => setReversing(receipt)}>
                    Сторнировать
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        )}
      />
      {reversing && <ReverseDialog receipt={reversing} onClose={() => setReversing(null)} />}
    </Stack>
  );
}

function ReverseDialog({ receipt, onClose }: { receipt: ReceiptDto; onClose: () => void }) {
  const { reverse } = useStockWrites();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const parsed = reversalInput.safeParse({ reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Укажите причину');
    reverse.mutate(
      { id: receipt.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success('Поступление сторнировано');
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Сторнировать поступление № ${receipt.id}?`}>
      <Stack>
        <Text size="sm">
          Всё, что пришло этим поступлением, спишется со склада ({formatRubles(receipt.total)}) — например,
          при ошибке в накладной или возврате поставщику. Если часть уже взята под ремонты, сначала снимите её
          с заявок.
        </Text>
        <ErrorBox message={problem} />
        <TextInput
          label="Причина"
          required
          data-autofocus
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Отмена
          </Button>
          <Button color="red" loading={reverse.isPending} onClick={submit}>
            Сторнировать
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
