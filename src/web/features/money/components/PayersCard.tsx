import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PayerDto } from '../../../../domain/payers';
import { paths } from '../../../../domain/routes';
import { DANGER_CONFIRM } from '../../../components/danger';
import { LoadFailed } from '../../../components/LoadFailed';
import { SettingListRow } from '../../../components/SettingListRow';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { useCan } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { usePayers, usePayerWrites } from '../api/payers-api';
import { PayerDialog } from './PayerDialog';

/** «Плательщики» (issue 50): organisations that pay for warranty work, each with its statement. */
export function PayersCard() {
  const seesStatements = useCan('reports');
  const payers = usePayers();
  const { remove } = usePayerWrites();
  const [editing, setEditing] = useState<PayerDto | 'new' | null>(null);

  const askRemove = (payer: PayerDto) =>
    confirmModal({
      title: `Удалить плательщика «${payer.name}»?`,
      children: <Text size="sm">Плательщика, указанного в заявках, удалить нельзя.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        remove.mutate(payer.id, {
          onSuccess: () => toast.success('Плательщик удалён'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md" id="payers">
      <Stack>
        <Group justify="space-between">
          <Text fw={500}>Плательщики</Text>
          <Button variant="light" onClick={() => setEditing('new')}>
            Добавить плательщика
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Кто платит за гарантийный ремонт вместо клиента: продавец, маркетплейс, сервис производителя. В
          заявке выбирается в «Работы и оплата».
        </Text>
        {payers.isError && (
          <LoadFailed message={errorMessage(payers.error)} onRetry={() => void payers.refetch()} />
        )}
        {payers.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Плательщиков пока нет: за все ремонты платят клиенты.
          </Text>
        )}
        {payers.data?.map((payer) => (
          <Stack key={payer.id} gap={2} data-testid="payer-row">
            <SettingListRow
              name={payer.name}
              hidden={false}
              details={[payer.details.split('\n')[0]]}
              removeLabel={`Удалить плательщика «${payer.name}»`}
              onEdit={() => setEditing(payer)}
              onRemove={() => askRemove(payer)}
            />
            {seesStatements && (
              <Anchor component={Link} to={paths.payerStatement(payer.id)} size="sm">
                Выписка
              </Anchor>
            )}
          </Stack>
        ))}
      </Stack>
      {editing && <PayerDialog payer={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
