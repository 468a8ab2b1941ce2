import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashShiftDto, CashShiftReportDto, TakingsDto } from '../../../../domain/cash-desk';
import type { CashMoveInput, CloseShiftInput, OpenShiftInput } from '../../../../domain/cash-desk-schemas';
import type { Page } from '../../../../domain/page';
import { api, ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type ShiftAnswer = { shift: CashShiftReportDto };

export const useCurrentShift = () =>
  useQuery({
    queryKey: queryKeys.cash.current,
    queryFn: async () => (await api<{ shift: CashShiftReportDto | null }>('/api/cash/current')).shift,
  });

/** Whether a shift is open, for the payment dialog's warning (open to anyone who takes money). */
export const useShiftOpen = () =>
  useQuery({
    queryKey: queryKeys.cash.open,
    queryFn: async () => (await api<{ open: boolean }>('/api/cash/open')).open,
  });

export const useShift = (id: number) =>
  useQuery({
    queryKey: queryKeys.cash.shift(id),
    queryFn: async () => (await api<ShiftAnswer>(`/api/cash/shifts/${id}`)).shift,
  });

export const useShifts = () =>
  useInfiniteQuery({
    queryKey: queryKeys.cash.shifts,
    queryFn: ({ pageParam }) =>
      api<Page<CashShiftDto>>(`/api/cash/shifts${pageParam ? `?cursor=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useTakings = () =>
  useQuery({
    queryKey: queryKeys.cash.takings,
    queryFn: async () => (await api<{ takings: TakingsDto }>('/api/cash/takings')).takings,
  });

/** A write to the desk: its answer is the shift as it now is, and so is a 409's (closed meanwhile). */
function useCashWrite<T>(request: (input: T) => Promise<ShiftAnswer>) {
  const client = useQueryClient();
  const settle = (shift: CashShiftReportDto) => {
    client.setQueryData(queryKeys.cash.current, shift.closedAt === null ? shift : null);
    client.setQueryData(queryKeys.cash.shift(shift.id), shift);
    void client.invalidateQueries({ queryKey: queryKeys.cash.shifts });
  };
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => settle(answer.shift),
    onError: (error) => {
      // Closed or opened by someone else meanwhile: the desk is read again (another shift may be
      // open by now); the dialog keeps what was typed and says why.
      const fresh = error instanceof ApiError ? (error.body as Partial<ShiftAnswer> | null) : null;
      if (fresh?.shift) client.setQueryData(queryKeys.cash.shift(fresh.shift.id), fresh.shift);
      void client.invalidateQueries({ queryKey: queryKeys.cash.all });
    },
  });
}

export function useCashWrites() {
  return {
    open: useCashWrite((input: OpenShiftInput) =>
      api<ShiftAnswer>('/api/cash/shifts', { method: 'POST', body: input }),
    ),
    move: useCashWrite((input: CashMoveInput) =>
      api<ShiftAnswer>('/api/cash/moves', { method: 'POST', body: input }),
    ),
    close: useCashWrite(({ id, ...input }: CloseShiftInput & { id: number }) =>
      api<ShiftAnswer>(`/api/cash/shifts/${id}/close`, { method: 'POST', body: input }),
    ),
  };
}

export type CashWrites = ReturnType<typeof useCashWrites>;
