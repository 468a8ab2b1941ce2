import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TicketCreateInput,
  TicketDetailDto,
  TicketDto,
  TicketPatchInput,
} from '../../../../domain/ticket-schemas';
import type { StepDirection } from '../../../../domain/ticket-status';
import { api, ApiError } from '../../../lib/api';
import { usePagedQuery, useRecordQuery } from '../../../lib/record-queries';

export const ticketKeys = {
  lists: ['tickets', 'list'] as const,
  list: (filter: { q: string; status: string }) => ['tickets', 'list', filter] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
};

export const useTicketList = (filter: { q: string; status: string }) =>
  usePagedQuery<TicketDto>(ticketKeys.list(filter), '/api/tickets', filter);

export const useTicket = (id: number) =>
  useRecordQuery<TicketDetailDto>(ticketKeys.detail(id), id, `/api/tickets/${id}`, 'ticket');

/** Every ticket change answers with the whole fresh ticket: put it in the cache, refresh lists. */
function useTicketMutation<Input>(request: (input: Input) => Promise<{ ticket: TicketDetailDto }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ ticket }) => {
      client.setQueryData(ticketKeys.detail(ticket.id), ticket);
      void client.invalidateQueries({ queryKey: ticketKeys.lists });
    },
    onError: (error) => {
      // 409: someone else changed it; the answer carries the ticket as it is now.
      const fresh =
        error instanceof ApiError ? (error.body as { ticket?: TicketDetailDto })?.ticket : undefined;
      if (fresh) client.setQueryData(ticketKeys.detail(fresh.id), fresh);
    },
  });
}

export const useCreateTicket = () =>
  useTicketMutation((input: TicketCreateInput) => api('/api/tickets', { method: 'POST', body: input }));

/** Not a hook: the autosave draft needs a stable function. Resolves with the ticket as saved. */
export async function patchTicket(
  queryClient: ReturnType<typeof useQueryClient>,
  id: number,
  changes: TicketPatchInput,
): Promise<TicketDetailDto> {
  const { ticket } = await api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}`, {
    method: 'PATCH',
    body: changes,
  });
  queryClient.setQueryData(ticketKeys.detail(id), ticket);
  void queryClient.invalidateQueries({ queryKey: ticketKeys.lists });
  return ticket;
}

export const useStepTicket = (id: number) =>
  useTicketMutation((input: { direction: StepDirection; expectedStatus: string }) =>
    api(`/api/tickets/${id}/step`, { method: 'POST', body: input }),
  );

export const useUploadTicketFiles = (id: number, kind: 'files' | 'pvz-photos') =>
  useTicketMutation((files: File[]) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    return api(`/api/tickets/${id}/${kind}`, { method: 'POST', body: form });
  });

export const useDeleteTicketFile = (id: number) =>
  useTicketMutation((fileId: number) => api(`/api/tickets/${id}/files/${fileId}`, { method: 'DELETE' }));

export function useDeleteTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/tickets/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: ticketKeys.detail(id) });
      void client.invalidateQueries({ queryKey: ticketKeys.lists });
    },
  });
}
