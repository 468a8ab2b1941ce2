import { Anchor, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { ErrorBox } from '../../../components/ErrorBox';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useBackups, useStartBackup } from '../api/backups-api';

/**
 * «Резервные копии» (issue 21): when the automatic copy is made and how many are kept, a copy
 * made now (it runs on the server; the card follows it), and each archive to download.
 */
export function BackupsCard() {
  const listing = useBackups();
  const start = useStartBackup();
  const data = listing.data;
  const busy = start.isPending || data?.inProgress === true;
  // Says «готова» once the copy this person asked for has appeared.
  const awaited = useRef<string | null>(null);
  const newest = data?.backups[0]?.name ?? null;
  useEffect(() => {
    if (awaited.current !== null && data && !data.inProgress && newest !== awaited.current) {
      awaited.current = null;
      toast.success('Резервная копия готова');
    }
  }, [data, newest]);

  const makeNow = () => {
    awaited.current = newest ?? '';
    start.mutate(undefined, {
      onError: (error) => {
        awaited.current = null;
        toast.error(errorMessage(error));
      },
    });
  };

  const schedule = data?.schedule;
  return (
    <Paper withBorder p="md" radius="md" data-testid="backups-card">
      <Stack>
        <Text fw={500}>Резервные копии</Text>
        {schedule && (
          <Text size="sm" c="dimmed">
            {schedule.hour === null
              ? 'Автоматические копии выключены (BACKUP_HOUR=off).'
              : `Автоматически каждый день в ${String(schedule.hour).padStart(2, '0')}:00 по часовому поясу сервиса; хранятся последние ${schedule.keep}.`}{' '}
            Папка на сервере: {schedule.dir}. Лучше, если она на другом диске.
          </Text>
        )}
        {data?.lastFailure && (
          <ErrorBox
            message={`Копия ${formatDateTime(data.lastFailure.at)} не удалась: ${data.lastFailure.message}`}
          />
        )}
        {listing.isError && <ErrorBox message={errorMessage(listing.error)} />}
        <Group>
          <Button onClick={makeNow} loading={busy} disabled={!data}>
            Сделать копию сейчас
          </Button>
          {busy && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">Копия делается…</Text>
            </Group>
          )}
        </Group>
        {data && data.backups.length === 0 && (
          <Text size="sm" c="dimmed">
            Копий пока нет.
          </Text>
        )}
        {data && data.backups.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Когда</Table.Th>
                  <Table.Th>Размер</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.backups.map((backup) => (
                  <Table.Tr key={backup.name}>
                    <Table.Td>{formatDateTime(backup.createdAt)}</Table.Td>
                    <Table.Td>{formatFileSize(backup.size)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        href={`/api/backups/${encodeURIComponent(backup.name)}`}
                        download={backup.name}
                        className="tap-target"
                        aria-label={`Скачать копию от ${formatDateTime(backup.createdAt)}`}
                      >
                        Скачать
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
