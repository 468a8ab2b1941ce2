import type { WorkState } from '../../../../domain/worklist';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type { WorkItemDto } from '../../../../domain/worklist-query';
import { api } from '../../../lib/api';
import { pagedQueryOptions, usePagedQuery } from '../../../lib/record-queries';
import { queryKeys } from '../../../lib/query-keys';

export interface WorkFilters {
  q: string;
  type: string;
  assignee: string;
  /** Comma-separated states, or undefined for the default (new and in progress). */
  states: string | undefined;
  /** 'overdue' for «Сначала просроченные»; '' for the spec's order. */
  order?: string;
  /** '1': only tickets over their status's time limit. */
  overLimit?: string;
  /** Tickets at one stage inside «В ремонте» (a stage's id). */
  stage?: string;
  /** Tickets in one status, or come in one way (the dashboard's links). */
  status?: string;
  provider?: string;
  /** Tickets received, or closed, in the week from this Monday (the dashboard's weekly chart). */
  receivedWeek?: string;
  closedWeek?: string;
}

function queryParams(filters: WorkFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.type) params.type = filters.type;
  if (filters.assignee) params.assignee = filters.assignee;
  if (filters.states !== undefined) params.states = filters.states;
  if (filters.order === 'overdue') params.order = 'overdue';
  if (filters.overLimit === '1') params.overLimit = '1';
  if (filters.stage) params.stage = filters.stage;
  if (filters.status) params.status = filters.status;
  if (filters.provider) params.provider = filters.provider;
  if (filters.receivedWeek) params.receivedWeek = filters.receivedWeek;
  if (filters.closedWeek) params.closedWeek = filters.closedWeek;
  return params;
}

export function workFiltersFromUrl(search: URLSearchParams): WorkFilters {
  return {
    q: (search.get('q') ?? '').trim(),
    type: search.get('type') ?? '',
    assignee: search.get('assignee') ?? '',
    states: search.get('states') ?? undefined,
    order: search.get('order') ?? '',
    overLimit: search.get('overLimit') ?? '',
    stage: search.get('stage') ?? '',
    status: search.get('status') ?? '',
    provider: search.get('provider') ?? '',
    receivedWeek: search.get('receivedWeek') ?? '',
    closedWeek: search.get('closedWeek') ?? '',
  };
}

/**
 * A first page fetched as the app starts (main.tsx, from the page's preload) is fresh for
 * a few seconds, so the worklist does not ask for it again the moment it mounts; live
 * updates still refresh it at once (they invalidate, whatever its age).
 */
const FRESH_MS = 5000;

export function worklistQueryOptions(filters: WorkFilters) {
  const params = queryParams(filters);
  return {
    ...pagedQueryOptions<WorkItemDto>(queryKeys.work.list(params), '/api/work', params),
    staleTime: FRESH_MS,
  };
}

export function useWorklist(filters: WorkFilters) {
  const params = queryParams(filters);
  return usePagedQuery<WorkItemDto>(queryKeys.work.list(params), '/api/work', params, FRESH_MS);
}

/** Whether the shop has any ticket or task at all (closed ones too): the first steps show until it does. */
export function useShopHasWork(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.work.list({ states: 'new,in_progress,closed', limit: '1' }),
    queryFn: async () =>
      (await api<Page<WorkItemDto>>('/api/work?states=new,in_progress,closed&limit=1')).items.length > 0,
    enabled,
  });
}

/**
 * The numbers beside the states, with whether they were counted for a search: then past 1,000
 * they read «1000+». Kept with the numbers, since the last numbers stay on screen while the
 * next are asked for (typing a search, or clearing it).
 */
export type ShownStateCounts = Record<WorkState, number> & { searched?: boolean };

/** How many items each state holds under the other filters: shown beside the state checkboxes. */
export function useWorkCounts(filters: WorkFilters) {
  const others = queryParams({ ...filters, states: undefined, order: '' });
  return useQuery({
    queryKey: queryKeys.work.counts(others),
    queryFn: async (): Promise<ShownStateCounts> => ({
      ...(await api<{ counts: Record<WorkState, number> }>(`/api/work/counts?${new URLSearchParams(others)}`))
        .counts,
      searched: others.q !== undefined,
    }),
    staleTime: FRESH_MS,
    // The last numbers stay while the next come (a search being typed), instead of blinking.
    placeholderData: keepPreviousData,
  });
}
