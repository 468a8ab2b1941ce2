import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatRubles, type ServiceDto } from '../../../../domain/money';
import { DANGER_CONFIRM } from '../../../components/danger';
import { LoadFailed } from '../../../components/LoadFailed';
import { SettingListRow } from '../../../components/SettingListRow';
import { errorMessage } from '../../../lib/api';
import { confirmModal } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import { useServices, useServiceWrites } from '../api/services-api';
import { ServiceDialog } from './ServiceDialog';

/** «Услуги» (issue 50): what a work line can start from, with its price and warranty. */
export function ServicesCard() {
  const services = useServices();
  const { remove } = useServiceWrites();
  const [editing, setEditing] = useState<ServiceDto | 'new' | null>(null);

  const askRemove = (service: ServiceDto) =>
    confirmModal({
      title: `Удалить услугу «${service.name}»?`,
      children: <Text size="sm">В заявках, где она уже есть, строки останутся как были.</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () =>
        remove.mutate(service.id, {
          onSuccess: () => toast.success('Услуга удалена'),
          onError: (error) => toast.error(errorMessage(error)),
        }),
    });

  return (
    <Paper withBorder p="md" radius="md" id="services">
      <Stack>
        <Group justify="space-between">
          <Text fw={500}>Услуги</Text>
          <Button variant="light" onClick={() => setEditing('new')}>
            Добавить услугу
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Работы с ценой и гарантией: их предлагают, когда в заявку добавляют работу.
        </Text>
        {services.isError && (
          <LoadFailed message={errorMessage(services.error)} onRetry={() => void services.refetch()} />
        )}
        {services.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Услуг пока нет.
          </Text>
        )}
        {services.data?.map((service) => (
          <SettingListRow
            key={service.id}
            name={service.name}
            hidden={false}
            details={[
              formatRubles(service.price),
              service.warrantyDays !== null && `гарантия: ${service.warrantyDays} дн.`,
            ]}
            removeLabel={`Удалить услугу «${service.name}»`}
            onEdit={() => setEditing(service)}
            onRemove={() => askRemove(service)}
          />
        ))}
      </Stack>
      {editing && (
        <ServiceDialog service={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Paper>
  );
}
