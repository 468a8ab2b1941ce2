import type { WorkItemDto } from '../../../../domain/worklist-query';
import { usePagedQuery } from '../../../lib/record-queries';

export interface WorkFilters {
  q: string;
  type: string;
  assignee: string;
  /** Comma-separated states, or undefined for the default (new and in progress). */
  states: string | undefined;
}

export function useWorklist(filters: WorkFilters) {
  const params: Record<string, string> = {};
  if (filters.q) params.q = filters.q;
  if (filters.type) params.type = filters.type;
  if (filters.assignee) params.assignee = filters.assignee;
  if (filters.states !== undefined) params.states = filters.states;
  return usePagedQuery<WorkItemDto>(['work', 'list', params], '/api/work', params);
}
