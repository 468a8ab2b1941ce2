import { Button, Stack } from '@mantine/core';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../domain/page';
import { errorMessage } from '../lib/api';
import { CenteredMessage } from './CenteredMessage';
import { LoadFailed } from './LoadFailed';
import { LoadingMessage } from './LoadingMessage';
import { ListSkeleton } from './Skeletons';

/** Rows of a server-paged list with its loading, error and empty states and 'Показать ещё'. */
export function PagedList<T extends { id: number }>({
  query,
  empty,
  emptyAction,
  renderItem,
  renderItems,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  empty: string;
  /** Under the empty message: what to try instead (the worklist's «Показать закрытые»). */
  emptyAction?: ReactNode;
  renderItem: (item: T) => ReactNode;
  /** Renders all rows at once instead (a table), when there are any. */
  renderItems?: (items: T[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {query.isPending && (
        <LoadingMessage paused={query.fetchStatus === 'paused'} skeleton={<ListSkeleton />} />
      )}
      {query.isError && items.length === 0 && (
        <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && items.length === 0 && (
        <CenteredMessage title={empty} inList>
          {emptyAction}
        </CenteredMessage>
      )}
      {renderItems && items.length > 0 ? renderItems(items) : <Stack gap="xs">{items.map(renderItem)}</Stack>}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Показать ещё
        </Button>
      )}
    </>
  );
}
