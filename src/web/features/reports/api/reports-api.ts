import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DurationsReportDto,
  MarginReportDto,
  MarginTicketRow,
  ModelsReportDto,
  ReportPageDto,
  ReportStep,
  TakingsReportDto,
  UnpaidReportDto,
} from '../../../../domain/reports';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ReportPeriod {
  from: string;
  to: string;
  step: ReportStep;
}

const search = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

/** The takings of a period (issue 53); the previous figures stay while another period loads. */
export function useTakingsReport(period: ReportPeriod, enabled: boolean) {
  const params = { ...period };
  return useQuery({
    queryKey: queryKeys.cash.takingsReport(params),
    queryFn: async () =>
      (await api<{ report: TakingsReportDto }>(`/api/reports/takings?${search(params)}`)).report,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One of the period's reports; the previous figures stay while another period loads. */
function usePeriodReport<T>(name: string, params: Record<string, string>, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.cash.report(name, params),
    queryFn: async () => (await api<{ report: T }>(`/api/reports/${name}?${search(params)}`)).report,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const useMarginReport = (period: ReportPeriod, enabled: boolean) =>
  usePeriodReport<MarginReportDto>('margin', { ...period }, enabled);
export const useModelsReport = (period: ReportPeriod, enabled: boolean) =>
  usePeriodReport<ModelsReportDto>('models', { from: period.from, to: period.to }, enabled);
export const useDurationsReport = (period: ReportPeriod, enabled: boolean) =>
  usePeriodReport<DurationsReportDto>('durations', { from: period.from, to: period.to }, enabled);

export function useMarginTickets(period: ReportPeriod, offset: number, enabled: boolean) {
  const params = { ...period, offset: String(offset) };
  return useQuery({
    queryKey: queryKeys.cash.report('margin-tickets', params),
    queryFn: async () =>
      (await api<{ page: ReportPageDto<MarginTicketRow> }>(`/api/reports/margin/tickets?${search(params)}`))
        .page,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useUnpaidReport(offset: number) {
  const params = { offset: String(offset) };
  return useQuery({
    queryKey: queryKeys.cash.report('unpaid', params),
    queryFn: async () =>
      (await api<{ report: UnpaidReportDto }>(`/api/reports/unpaid?${search(params)}`)).report,
    placeholderData: keepPreviousData,
  });
}

/** Where a report's file downloads from. */
export function reportFileHref(report: string, format: 'csv' | 'xlsx', period?: ReportPeriod) {
  return `/api/reports/export?${search({ report, format, ...period })}`;
}
