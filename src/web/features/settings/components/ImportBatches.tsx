import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ImportBatchDto } from '../../../../domain/sheet-import-dto';
import { DANGER_CONFIRM } from '../../../components/danger';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useImportBatches, useUndoImport } from '../api/sheet-import-api';

const STATE_LABELS: Record<ImportBatchDto['state'], string> = {
  running: 'Загружается',
  done: 'Загружено',
  failed: 'Прервано',
  undone: 'Отменено',
};

/** «Отменить загрузку», after asking: everything the batch made goes, or nothing does. */
function UndoButton({ batch }: { batch: ImportBatchDto }) {
  const undo = useUndoImport();
  if (batch.state === 'running' || batch.state === 'undone') return null;
  const ask = () =>
    confirmModal({
      title: 'Отменить загрузку?',
      children: (
        <Text size="sm">
          Удалятся заявки ({batch.ticketsCreated}) и новые клиенты ({batch.clientsCreated}) из «
          {batch.fileName}». Клиенты, которые были до загрузки, останутся.
        </Text>
      ),
      labels: { confirm: 'Отменить загрузку', cancel: 'Не отменять' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        undo.mutate(batch.id, {
          onSuccess: () => toast.success('Загрузка отменена'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
  return (
    <Button variant="default" color="red" onClick={ask} loading={undo.isPending}>
      Отменить загрузку
    </Button>
  );
}

/** What a finished batch made, and its undo. */
export function ImportOutcome({ batch }: { batch: ImportBatchDto }) {
  return (
    <Alert
      color={batch.state === 'done' ? 'green' : batch.state === 'failed' ? 'orange' : 'gray'}
      title={STATE_LABELS[batch.state]}
    >
      <Stack gap="xs">
        <Text size="sm" data-testid="import-outcome">
          Создано заявок: {batch.ticketsCreated}; новых клиентов: {batch.clientsCreated}; пропущено (уже
          были): {batch.rowsSkipped}; с ошибками: {batch.rowsRefused}.
          {batch.state === 'failed'
            ? ' Загрузка прервалась: загруженное можно отменить и загрузить файл заново.'
            : ''}
        </Text>
        <Group>
          <UndoButton batch={batch} />
        </Group>
      </Stack>
    </Alert>
  );
}

/** The imports made so far, newest first, each with its undo. */
export function ImportBatches() {
  const batches = useImportBatches();
  const list = batches.data ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3}>Прошлые загрузки</Title>
      {list.map((batch) => (
        <Paper key={batch.id} withBorder p="sm" radius="md" data-testid="import-batch">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {batch.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(batch.createdAt)} · {batch.createdByName} · {STATE_LABELS[batch.state]}
                {batch.undoneAt ? ` ${formatDateTime(batch.undoneAt)} (${batch.undoneByName})` : ''}
              </Text>
              <Text size="xs">
                Заявок: {batch.ticketsCreated}, новых клиентов: {batch.clientsCreated}, пропущено:{' '}
                {batch.rowsSkipped}, с ошибками: {batch.rowsRefused}
              </Text>
            </Stack>
            <UndoButton batch={batch} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
