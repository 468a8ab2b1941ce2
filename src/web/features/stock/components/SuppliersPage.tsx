import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { paths } from '../../../../domain/routes';
import type { SupplierDto } from '../../../../domain/stock';
import { supplierInput } from '../../../../domain/stock-schemas';
import { BackLink } from '../../../components/BackLink';
import { DANGER_CONFIRM } from '../../../components/danger';
import { DirectoryEntryDialog } from '../../../components/DirectoryEntryDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { SettingListRow } from '../../../components/SettingListRow';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import { useStockWrites, useSuppliers } from '../api/stock-api';

/** «Поставщики» (issue 51): who goods come from; a receipt keeps the name it was received under. */
export function SuppliersPage() {
  const suppliers = useSuppliers();
  const { removeSupplier } = useStockWrites();
  const [editing, setEditing] = useState<SupplierDto | 'new' | null>(null);
  const askRemove = (supplier: SupplierDto) =>
    confirmModal({
      title: `Удалить поставщика «${supplier.name}»?`,
      children: <Text size="sm">Прошлые поступления сохранят его название.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        removeSupplier.mutate(supplier.id, {
          onSuccess: () => toast.success('Поставщик удалён'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });
  return (
    <Stack>
      <BackLink fallback={paths.stock} fallbackLabel="Склад" />
      <Group justify="space-between">
        <Title order={2}>Поставщики</Title>
        <Button onClick={() => setEditing('new')}>Добавить поставщика</Button>
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack>
          {suppliers.isError && (
            <LoadFailed message={errorMessage(suppliers.error)} onRetry={() => void suppliers.refetch()} />
          )}
          {suppliers.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              Поставщиков пока нет: поступление можно провести и без поставщика.
            </Text>
          )}
          {suppliers.data?.map((supplier) => (
            <SettingListRow
              key={supplier.id}
              name={supplier.name}
              hidden={false}
              details={[supplier.details.split('\n')[0]]}
              removeLabel={`Удалить поставщика «${supplier.name}»`}
              onEdit={() => setEditing(supplier)}
              onRemove={() => askRemove(supplier)}
            />
          ))}
        </Stack>
      </Paper>
      {editing && (
        <SupplierDialog supplier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function SupplierDialog({ supplier, onClose }: { supplier: SupplierDto | null; onClose: () => void }) {
  const writes = useStockWrites();
  return (
    <DirectoryEntryDialog
      entry={supplier}
      schema={supplierInput}
      conflictKey="supplier"
      texts={{
        newTitle: 'Новый поставщик',
        title: 'Поставщик',
        detailsLabel: 'Контакты и реквизиты',
        saved: 'Поставщик сохранён',
        added: 'Поставщик добавлен',
      }}
      create={writes.createSupplier}
      update={writes.updateSupplier}
      onClose={onClose}
    />
  );
}
