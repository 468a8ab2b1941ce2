import { queryOptions } from '@tanstack/react-query';
import type { RepairStageDto } from '../../domain/repair-stage-rules';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * The shop's stages inside «В ремонте» (issue 49), hidden ones included: a ticket may still be at
 * one. Read by the card, the worklist's rows and filters; kept free of zod for the first screen.
 */
export const repairStagesQuery = queryOptions({
  queryKey: queryKeys.settings.repairStages,
  queryFn: async () => (await api<{ stages: RepairStageDto[] }>('/api/repair-stages')).stages,
  // Changes rarely; a live «settings» event refreshes it when an admin does change it.
  staleTime: 5 * 60_000,
});
