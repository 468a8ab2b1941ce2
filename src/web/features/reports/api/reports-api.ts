import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportStep, TakingsReportDto } from '../../../../domain/reports';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The takings of a period (issue 53); the previous figures stay while another period loads. */
export function useTakingsReport(from: string, to: string, step: ReportStep, enabled: boolean) {
  const params = { from, to, step };
  return useQuery({
    queryKey: queryKeys.cash.takingsReport(params),
    queryFn: async () =>
      (await api<{ report: TakingsReportDto }>(`/api/reports/takings?${new URLSearchParams(params)}`)).report,
    enabled,
    placeholderData: keepPreviousData,
  });
}
