import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkRulesDto, WorkRulesInput } from '../../../../domain/work-rules';

import { api } from '../../../lib/api';
import { workRulesQuery } from '../../../lib/work-rules-query';

export const useWorkRules = () => useQuery(workRulesQuery);

export function useSaveWorkRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: WorkRulesInput) =>
      (await api<{ rules: WorkRulesDto }>('/api/settings/work-rules', { method: 'PUT', body: input })).rules,
    onSuccess: (rules) => client.setQueryData(workRulesQuery.queryKey, rules),
  });
}
