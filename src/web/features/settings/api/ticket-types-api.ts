import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TicketTypeCreateInput,
  TicketTypeDto,
  TicketTypePatchInput,
} from '../../../../domain/ticket-types';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The shop's ticket types (issue 49), hidden ones included: a ticket may still have one. */
export const ticketTypesQuery = queryOptions({
  queryKey: queryKeys.settings.ticketTypes,
  queryFn: async () => (await api<{ types: TicketTypeDto[] }>('/api/ticket-types')).types,
});

/** The types a form offers: the shown ones, plus the one a ticket already has. */
export function shownTypes(types: TicketTypeDto[] | undefined, current = ''): string[] {
  const shown = (types ?? []).filter((type) => !type.hidden).map((type) => type.name);
  return current && !shown.includes(current) ? [current, ...shown] : shown;
}

export const useTicketTypes = () => useQuery(ticketTypesQuery);

export function useTicketTypeWrites() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.settings.ticketTypes });
  return {
    create: useMutation({
      mutationFn: (input: TicketTypeCreateInput) =>
        api<{ type: TicketTypeDto }>('/api/ticket-types', { method: 'POST', body: input }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: TicketTypePatchInput & { id: number }) =>
        api<{ type: TicketTypeDto }>(`/api/ticket-types/${id}`, { method: 'PATCH', body: input }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(`/api/ticket-types/${id}`, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
