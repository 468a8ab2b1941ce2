import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { CenteredMessage } from './CenteredMessage';
import { LoadFailed } from './LoadFailed';
import { LoadingMessage } from './LoadingMessage';
import { DetailSkeleton } from './Skeletons';

/**
 * A detail screen's states: the spec's «… не найдена» for a bad or unknown id,
 * loading (or waiting for a connection), error, the record. Once the record is on
 * screen it stays there: a failed refetch (offline, say) never takes a card, and
 * what is being typed into it, away.
 */
export function RecordGate<T>({
  id,
  query,
  notFound,
  children,
}: {
  id: number;
  query: UseQueryResult<T>;
  notFound: string;
  children: (record: T) => ReactNode;
}) {
  const missing =
    !Number.isSafeInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404);
  if (missing) return <CenteredMessage title={notFound} />;
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <LoadingMessage paused={query.fetchStatus === 'paused'} skeleton={<DetailSkeleton />} />;
}
