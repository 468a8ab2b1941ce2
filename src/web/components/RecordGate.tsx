import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { CenteredMessage } from './CenteredMessage';

/** A detail screen's states: the spec's «… не найдена» for a bad or unknown id, loading, error, the record. */
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
  if (query.isError) return <CenteredMessage title={errorMessage(query.error)} />;
  if (query.data === undefined) return <CenteredMessage title="Загрузка..." />;
  return children(query.data);
}
