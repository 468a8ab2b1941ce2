import { Button, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { StoredFileDto, TicketDetailDto } from '../../../../domain/ticket-schemas';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteTicketFile, useUploadTicketFiles } from '../api/tickets-api';
import { UploadButton } from './UploadButton';

/** Photos taken at the pickup point; shown only in «Прибыл в ПВЗ» (spec §4). */
export function PvzPhotos({ ticket }: { ticket: TicketDetailDto }) {
  const upload = useUploadTicketFiles(ticket.id, 'pvz-photos');
  const remove = useDeleteTicketFile(ticket.id);
  const [open, setOpen] = useState<StoredFileDto | null>(null);
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const confirmDelete = (photo: StoredFileDto) =>
    modals.openConfirmModal({
      title: 'Удалить фото?',
      children: <Text size="sm">{photo.name}</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setOpen(null);
        remove.mutate(photo.id, { onError });
      },
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>Фото из ПВЗ</Text>
        <UploadButton
          label="Добавить фото"
          accept="image/*"
          loading={upload.isPending}
          onFiles={(files) =>
            upload.mutate(files, { onSuccess: () => toast.success('Фото загружены'), onError })
          }
        />
      </Group>
      {ticket.pvzPhotos.length === 0 ? (
        <Text size="sm" c="dimmed">
          Фото пока нет
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {ticket.pvzPhotos.map((photo) => (
            <UnstyledButton
              key={photo.id}
              onClick={() => setOpen(photo)}
              aria-label={`Открыть фото ${photo.name}`}
            >
              <Image src={photo.thumbUrl ?? photo.url} alt={photo.name} radius="sm" h={96} fit="cover" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open?.name} size="xl">
        {open && (
          <Stack>
            <Image src={open.url} alt={open.name} fit="contain" mah="70vh" />
            <Group justify="flex-end">
              <Button color="red" variant="subtle" onClick={() => confirmDelete(open)}>
                Удалить фото
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
