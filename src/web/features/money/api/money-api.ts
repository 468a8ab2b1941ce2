import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketMoneyDto } from '../../../../domain/money';
import type { PaymentInput, TicketLineInput, TicketLinePatch } from '../../../../domain/money-schemas';
import { api, ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type MoneyAnswer = { money: TicketMoneyDto };

export const useTicketMoney = (ticketId: number) =>
  useQuery({
    queryKey: queryKeys.tickets.money(ticketId),
    queryFn: async () => (await api<MoneyAnswer>(`/api/tickets/${ticketId}/money`)).money,
  });

/**
 * One kind of money write. Its answer is the ticket's money as it now is, and so is a 409's
 * (someone changed the line first): the screen shows it either way.
 */
function useMoneyWrite<T>(ticketId: number, request: (base: string, input: T) => Promise<MoneyAnswer>) {
  const client = useQueryClient();
  const key = queryKeys.tickets.money(ticketId);
  return useMutation({
    mutationFn: (input: T) => request(`/api/tickets/${ticketId}`, input),
    onSuccess: (answer) => {
      client.setQueryData(key, answer.money);
      // The card's history names every line and payment.
      void client.invalidateQueries({ queryKey: queryKeys.tickets.detail(ticketId), exact: true });
    },
    onError: (error) => {
      const fresh = error instanceof ApiError ? (error.body as Partial<MoneyAnswer> | null) : null;
      if (fresh?.money) client.setQueryData(key, fresh.money);
    },
  });
}

export function useMoneyWrites(ticketId: number) {
  return {
    addLine: useMoneyWrite(ticketId, (base, input: TicketLineInput) =>
      api<MoneyAnswer>(`${base}/lines`, { method: 'POST', body: input }),
    ),
    editLine: useMoneyWrite(ticketId, (base, { id, ...patch }: TicketLinePatch & { id: number }) =>
      api<MoneyAnswer>(`${base}/lines/${id}`, { method: 'PATCH', body: patch }),
    ),
    deleteLine: useMoneyWrite(ticketId, (base, id: number) =>
      api<MoneyAnswer>(`${base}/lines/${id}`, { method: 'DELETE' }),
    ),
    pay: useMoneyWrite(ticketId, (base, input: PaymentInput) =>
      api<MoneyAnswer>(`${base}/${input.kind === 'refund' ? 'refunds' : 'payments'}`, {
        method: 'POST',
        body: input,
      }),
    ),
    sendEstimate: useMoneyWrite(ticketId, (base, _: void) =>
      api<MoneyAnswer>(`${base}/estimate`, { method: 'POST' }),
    ),
  };
}

export type MoneyWrites = ReturnType<typeof useMoneyWrites>;
