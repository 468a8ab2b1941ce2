import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RepairStageDto } from '../../../../domain/repair-stage-rules';
import type { RepairStageCreateInput, RepairStagePatchInput } from '../../../../domain/repair-stages';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { repairStagesQuery } from '../../../lib/repair-stages-query';

export const useRepairStages = () => useQuery(repairStagesQuery);

export function useRepairStageWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.settings.repairStages });
  return {
    create: useMutation({
      mutationFn: (input: RepairStageCreateInput) =>
        api<{ stage: RepairStageDto }>('/api/repair-stages', { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: RepairStagePatchInput & { id: number }) =>
        api<{ stage: RepairStageDto }>(`/api/repair-stages/${id}`, { method: 'PATCH', body: input }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/api/repair-stages/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
