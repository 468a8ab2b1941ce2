import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayPersonDto, PayRule, PayStatementDto } from '../../../../domain/pay';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function usePayPeople() {
  return useQuery({
    queryKey: queryKeys.pay.people,
    queryFn: async () => (await api<{ people: PayPersonDto[] }>('/api/pay/people')).people,
  });
}

/** Every person's statement of a month. */
export function usePayMonth(month: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pay.month(month),
    queryFn: async () =>
      (await api<{ statements: PayStatementDto[] }>(`/api/pay/statements?month=${month}`)).statements,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A write to pay answers the statement as it now is; everything about pay is read again. */
function usePayWrite<T>(request: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.pay.all }),
  });
}

export function usePayWrites() {
  return {
    setRule: usePayWrite(({ userId, rule }: { userId: number; rule: PayRule }) =>
      api(`/api/pay/rules/${userId}`, { method: 'PUT', body: rule }),
    ),
    markPaid: usePayWrite(
      ({ userId, month, expectedTotal }: { userId: number; month: string; expectedTotal: number }) =>
        api(`/api/pay/statements/${userId}/paid`, { method: 'POST', body: { month, expectedTotal } }),
    ),
    correct: usePayWrite(
      ({
        userId,
        ...body
      }: {
        userId: number;
        month: string;
        amount: number;
        reason: string;
        forMonth: string | null;
      }) => api(`/api/pay/statements/${userId}/corrections`, { method: 'POST', body }),
    ),
  };
}

/** The signed-in person's own statement of a month. */
export function useMyPay(month: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.pay.statement('mine', month),
    queryFn: async () =>
      (await api<{ statement: PayStatementDto }>(`/api/pay/mine?month=${month}`)).statement,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export const payFileHref = (userId: number, month: string, format: 'csv' | 'xlsx') =>
  `/api/pay/statements/${userId}/export?month=${month}&format=${format}`;
