import { Anchor, Button, Image, Modal, Stack, Text, Timeline, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Page } from '../../domain/page';
import {
  EMPTY_VALUE,
  historyActionLabel,
  type HistoryEntryDto,
  type HistoryFileDto,
  type HistoryHead,
  type HistoryKind,
} from '../../domain/history';
import { api, errorMessage } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { queryKeys } from '../lib/query-keys';
import { RECORD_PATHS } from '../lib/trash';

/** Longer values (a description) read better one under the other than side by side. */
const INLINE_LIMIT = 60;

function isInline(value: string | null): boolean {
  return value === null || (value.length <= INLINE_LIMIT && !value.includes('\n'));
}

const shown = (value: string | null) => (value ? value : EMPTY_VALUE);

function Change({ entry }: { entry: HistoryEntryDto }) {
  const { oldValue, newValue } = entry;
  if (oldValue === null && newValue === null) return null;
  if (oldValue === null) return <Text size="sm">{shown(newValue)}</Text>;
  if (isInline(oldValue) && isInline(newValue)) {
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span c="dimmed">
          {shown(oldValue)}
        </Text>{' '}
        → {shown(newValue)}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Было: {shown(oldValue)}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Стало: {shown(newValue)}
      </Text>
    </Stack>
  );
}

/** The file's name: opens a photo in place, any other file in a new tab; plain text once the file is gone. */
function Note({
  entry,
  onOpenPhoto,
}: {
  entry: HistoryEntryDto;
  onOpenPhoto: (file: HistoryFileDto) => void;
}) {
  if (!entry.note) return null;
  const { file } = entry;
  if (!file) {
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.note}
      </Text>
    );
  }
  if (file.type.startsWith('image/')) {
    return (
      <UnstyledButton onClick={() => onOpenPhoto(file)}>
        <Text size="sm" c="blue" td="underline" style={{ overflowWrap: 'anywhere' }}>
          {entry.note}
        </Text>
      </UnstyledButton>
    );
  }
  return (
    <Anchor href={file.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {entry.note}
    </Anchor>
  );
}

/**
 * A card's history, newest first: what happened, from what to what, who and when.
 * The card brings the newest page; «Показать ещё» fetches older ones.
 */
export function HistoryList({
  kind,
  recordId,
  head,
}: {
  kind: HistoryKind;
  recordId: number;
  head: HistoryHead;
}) {
  const [wantsOlder, setWantsOlder] = useState(false);
  const [photo, setPhoto] = useState<HistoryFileDto | null>(null);
  const boundary = head.history.at(-1)?.id;
  const older = useInfiniteQuery({
    queryKey: queryKeys.history(kind, recordId, boundary ?? 0),
    queryFn: ({ pageParam }) =>
      api<Page<HistoryEntryDto>>(`${RECORD_PATHS[kind]}/${recordId}/history?before=${pageParam}`),
    initialPageParam: String(boundary),
    getNextPageParam: (last) => last.nextCursor,
    enabled: wantsOlder && head.historyMore && boundary !== undefined,
  });
  const seen = new Set<number>();
  const entries = [...head.history, ...(wantsOlder ? (older.data?.pages.flatMap((p) => p.items) ?? []) : [])]
    // A page fetched before a new row arrived may repeat a row: show it once.
    .filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
  // Until the first older page is in (or when it failed), the button stays, spinning or to retry.
  const loadedOlder = older.data !== undefined;
  const more = wantsOlder && loadedOlder ? older.hasNextPage : head.historyMore;

  return (
    <Stack gap="xs">
      <Text fw={500}>История</Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Пока ничего не менялось
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="history">
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={historyActionLabel(kind, entry.action)}>
              <Change entry={entry} />
              <Note entry={entry} onOpenPhoto={setPhoto} />
              <Text size="xs" c="dimmed">
                {entry.userName} · {formatDateTime(entry.ts)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {older.isError && (
        <Text size="sm" c="red">
          {errorMessage(older.error)}
        </Text>
      )}
      {more && (
        <Button
          variant="subtle"
          size="sm"
          loading={older.isFetching}
          onClick={() => {
            if (!wantsOlder) setWantsOlder(true);
            else if (older.isError && !loadedOlder) void older.refetch();
            else void older.fetchNextPage();
          }}
        >
          {older.isError ? 'Повторить' : 'Показать ещё'}
        </Button>
      )}
      <Modal opened={photo !== null} onClose={() => setPhoto(null)} title={photo?.name} size="xl">
        {photo && <Image src={photo.url} alt={photo.name} fit="contain" mah="70vh" />}
      </Modal>
    </Stack>
  );
}
