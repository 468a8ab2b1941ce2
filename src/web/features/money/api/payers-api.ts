import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketMoneyDto } from '../../../../domain/money';
import type { PayerDto, PayerStatementDto } from '../../../../domain/payers';
import type { PayerInput, PayerPatch } from '../../../../domain/payer-schemas';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The directory of payers (issue 50); a live «settings» event refreshes it. */
export const payersQuery = queryOptions({
  queryKey: queryKeys.settings.payers,
  queryFn: async () => (await api<{ payers: PayerDto[] }>('/api/payers')).payers,
  staleTime: 5 * 60_000,
});

export const usePayers = () => useQuery(payersQuery);

export const usePayerStatement = (id: number, from: string, to: string) =>
  useQuery({
    queryKey: queryKeys.payerStatement(id, from, to),
    queryFn: async () =>
      (
        await api<{ statement: PayerStatementDto }>(
          `/api/payers/${id}/statement?${new URLSearchParams({ from, to })}`,
        )
      ).statement,
  });

export function usePayerWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.settings.payers });
  return {
    create: useMutation({
      mutationFn: (input: PayerInput) =>
        api<{ payer: PayerDto }>('/api/payers', { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: PayerPatch & { id: number }) =>
        api<{ payer: PayerDto }>(`/api/payers/${id}`, { method: 'PATCH', body: input }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/api/payers/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}

/** «Кто платит» on a ticket: its money comes back with the payer named. */
export function useSetPayer(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payerId: number | null) =>
      api<{ money: TicketMoneyDto }>(`/api/tickets/${ticketId}/payer`, { method: 'PUT', body: { payerId } }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.tickets.money(ticketId), answer.money);
      void client.invalidateQueries({ queryKey: queryKeys.tickets.detail(ticketId), exact: true });
    },
  });
}
