import { Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailColumns } from './DetailColumns';

/**
 * Grey shapes where a screen's content is about to appear (issue 17), so the page
 * keeps its layout instead of flashing «Загрузка...» and jumping. A screen reader
 * still hears the spec's «Загрузка...».
 */
function Busy({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div data-testid={testId}>
      {/* Outside the busy region, which a screen reader may hold back until it is done. */}
      <VisuallyHidden role="status">Загрузка...</VisuallyHidden>
      <Stack aria-busy="true" gap="xs">
        {children}
      </Stack>
    </div>
  );
}

function RowShape() {
  return (
    <Paper withBorder px="md" py="sm" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={10} width="20%" />
          <Skeleton height={14} width="60%" />
          <Skeleton height={10} width="45%" />
        </Stack>
        <Skeleton height={20} width={90} radius="xl" />
      </Group>
    </Paper>
  );
}

/** A list's rows on their way. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Busy testId="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <RowShape key={i} />
      ))}
    </Busy>
  );
}

function BlockShape({ lines }: { lines: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Skeleton height={12} width="30%" />
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    </Paper>
  );
}

/** A ticket's, task's or client's page on its way, in the same columns as the page. */
export function DetailSkeleton() {
  return (
    <Busy testId="detail-skeleton">
      <DetailColumns
        top={
          <>
            <Skeleton height={12} width={90} />
            <Skeleton height={28} width="50%" />
            <Skeleton height={10} width="30%" />
          </>
        }
        main={
          <>
            <BlockShape lines={1} />
            <BlockShape lines={3} />
          </>
        }
        side={
          <>
            <BlockShape lines={1} />
            <BlockShape lines={2} />
          </>
        }
      />
    </Busy>
  );
}

/** A screen whose code is still loading: a title and a list. */
export function ScreenSkeleton() {
  return (
    <Busy testId="screen-skeleton">
      <Skeleton height={28} width={200} mb="sm" />
      <ListSkeleton rows={4} />
    </Busy>
  );
}
