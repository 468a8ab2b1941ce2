import { DANGER_CONFIRM } from './danger';
import { Button, Group, Image, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { confirmModal } from '../lib/confirm';
import { useState } from 'react';
import type { StoredFileDto } from '../../domain/ticket-schemas';
import type { UploadOptions } from '../lib/upload';
import { UploadButton } from './UploadButton';

/** Thumbnails with a full view, several-at-once upload and delete after confirming. */
export function PhotoGallery({
  title,
  photos,
  onUpload,
  onDelete,
}: {
  /** Empty: no heading (the photos sit inside something that already says what they are). */
  title: string;
  photos: StoredFileDto[];
  /** Without it (and onDelete) the gallery is read-only: photos open, nothing is added or removed. */
  onUpload?: (files: File[], options: UploadOptions) => Promise<unknown>;
  onDelete?: (photo: StoredFileDto) => void;
}) {
  const [open, setOpen] = useState<StoredFileDto | null>(null);

  const confirmDelete = (photo: StoredFileDto) =>
    confirmModal({
      title: 'Удалить фото?',
      children: <Text size="sm">{photo.name}</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () => {
        setOpen(null);
        onDelete?.(photo);
      },
    });

  return (
    <Stack gap="xs">
      {(title !== '' || onUpload) && (
        <Group justify="space-between">
          <Text fw={500}>{title}</Text>
          {onUpload && <UploadButton label="Добавить фото" accept="image/*" photos onFiles={onUpload} />}
        </Group>
      )}
      {photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          Фото пока нет
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {photos.map((photo) => (
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
            {onDelete && (
              <Group justify="flex-end">
                <Button color="red" variant="subtle" onClick={() => confirmDelete(open)}>
                  Удалить фото
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
