import { queryOptions } from '@tanstack/react-query';
import type { WorkRulesDto } from '../../domain/work-rules';
import { api } from './api';
import { queryKeys } from './query-keys';

/** The shop's rules for what is urgent (its time zone); read by every screen with due marks. */
export const workRulesQuery = queryOptions({
  queryKey: queryKeys.settings.workRules,
  queryFn: async () => (await api<{ rules: WorkRulesDto }>('/api/settings/work-rules')).rules,
  // Changes rarely; a live «settings» event refreshes it when an admin does change it.
  staleTime: 5 * 60_000,
});
