import { DANGER_CONFIRM } from '../../../components/danger';
import { ActionIcon, Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { confirmModal } from '../../../lib/confirm';
import type { StoredFileDto, TicketDetailDto } from '../../../../domain/ticket-schemas';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { reportUploadError } from '../../../lib/upload';
import { useDeleteTicketFile, useUploadTicketFiles } from '../api/tickets-api';
import { UploadButton } from '../../../components/UploadButton';

/** The ticket's files; `readOnly` (in the Корзина): they open, nothing is added or removed. */
export function Attachments({ ticket, readOnly = false }: { ticket: TicketDetailDto; readOnly?: boolean }) {
  const upload = useUploadTicketFiles(ticket.id, 'files');
  const remove = useDeleteTicketFile(ticket.id);
  const onError = (error: unknown) => toast.error(errorMessage(error));

  const confirmDelete = (file: StoredFileDto) =>
    confirmModal({
      title: 'Удалить файл?',
      children: <Text size="sm">{file.name}</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: DANGER_CONFIRM,
      onConfirm: () => remove.mutate(file.id, { onError }),
    });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={500}>Файлы</Text>
        {!readOnly && (
          <UploadButton
            label="Загрузить файлы"
            onFiles={(files, options) =>
              upload
                .mutateAsync({ files, options })
                .then(() => toast.success('Файлы загружены'), reportUploadError)
            }
          />
        )}
      </Group>
      {ticket.attachments.length === 0 && (
        <Text size="sm" c="dimmed">
          Файлов нет
        </Text>
      )}
      {ticket.attachments.map((file) => (
        <Group key={file.id} gap="sm" wrap="nowrap" data-testid="attachment">
          {file.thumbUrl && <Image src={file.thumbUrl} alt="" w={40} h={40} radius="sm" fit="cover" />}
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Anchor href={file.url} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
              {file.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size)} · {file.uploadedBy} · {formatDateTime(file.ts)}
            </Text>
          </Stack>
          {!readOnly && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Удалить файл ${file.name}`}
              onClick={() => confirmDelete(file)}
            >
              ✕
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
