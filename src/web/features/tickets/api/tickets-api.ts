import type { TicketReopenInput } from '../../../../domain/ticket-closing';
import { deviceKey, isDeviceKey, type DeviceHistoryDto } from '../../../../domain/device-key';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../../domain/page';
import type {
  TicketCreateInput,
  TicketDetailDto,
  TicketDto,
  TicketPatchInput,
  TicketStepInput,
} from '../../../../domain/ticket-schemas';
import type { MessageChannel } from '../../../../domain/client-message';
import { api, ApiError } from '../../../lib/api';
import { filesForm, uploadForm, type UploadOptions } from '../../../lib/upload';
import { usePagedQuery, useRecordQuery } from '../../../lib/record-queries';
import { writeRecord } from '../../../lib/own-writes';
import { queryKeys } from '../../../lib/query-keys';

export const useTicketList = (filter: { q: string; status: string }) =>
  usePagedQuery<TicketDto>(queryKeys.tickets.list(filter), '/api/tickets', filter);

/** A client's newest tickets, for the client card. */
export const useClientTickets = (clientId: number) =>
  useQuery({
    queryKey: queryKeys.tickets.list({ clientId }),
    queryFn: () => api<Page<TicketDto>>(`/api/tickets?clientId=${clientId}&limit=20`),
  });

export const useTicket = (id: number) =>
  useRecordQuery<TicketDetailDto>(queryKeys.tickets.detail(id), id, `/api/tickets/${id}`, 'ticket');

/** Every ticket change answers with the whole fresh ticket: put it in the cache, refresh lists. */
function useTicketMutation<Input>(request: (input: Input) => Promise<{ ticket: TicketDetailDto }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ ticket }) => {
      client.setQueryData(queryKeys.tickets.detail(ticket.id), ticket);
      void client.invalidateQueries({ queryKey: queryKeys.tickets.lists });
    },
    onError: (error) => {
      // 409: someone else changed it; the answer carries the ticket as it is now.
      const fresh =
        error instanceof ApiError ? (error.body as { ticket?: TicketDetailDto })?.ticket : undefined;
      if (fresh) client.setQueryData(queryKeys.tickets.detail(fresh.id), fresh);
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
  return writeRecord(queryClient, queryKeys.tickets.detail(id), queryKeys.tickets.lists, async () => {
    const { ticket } = await api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}`, {
      method: 'PATCH',
      body: changes,
    });
    return ticket;
  });
}

export function useStepTicket(id: number) {
  const client = useQueryClient();
  return useTicketMutation(async (input: TicketStepInput) => {
    const ticket = await writeRecord(
      client,
      queryKeys.tickets.detail(id),
      queryKeys.tickets.lists,
      async () => {
        const { ticket: stepped } = await api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}/step`, {
          method: 'POST',
          body: input,
        });
        return stepped;
      },
    );
    // The handover writes off the parts the repair held: its lines and the stock change.
    if (ticket.status === 'closed') {
      void client.invalidateQueries({ queryKey: queryKeys.tickets.money(id) });
      void client.invalidateQueries({ queryKey: queryKeys.stock.all });
    }
    return { ticket };
  });
}

/** «Открыть заново» with its reason (issue 49). */
export function useReopenTicket(id: number) {
  const client = useQueryClient();
  return useTicketMutation(async (input: TicketReopenInput) => ({
    ticket: await writeRecord(client, queryKeys.tickets.detail(id), queryKeys.tickets.lists, async () => {
      const { ticket } = await api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}/reopen`, {
        method: 'POST',
        body: input,
      });
      return ticket;
    }),
  }));
}

export const useUploadTicketFiles = (id: number, kind: 'files' | 'pvz-photos') =>
  useTicketMutation(({ files, options }: { files: File[]; options: UploadOptions }) =>
    uploadForm<{ ticket: TicketDetailDto }>(`/api/tickets/${id}/${kind}`, filesForm(files), options),
  );

export const useDeleteTicketFile = (id: number) =>
  useTicketMutation((fileId: number) => api(`/api/tickets/${id}/files/${fileId}`, { method: 'DELETE' }));

/** Legacy statuses some live ticket still has (the status filter offers only those). */
export const useLegacyStatusesInUse = () =>
  useQuery({
    queryKey: queryKeys.tickets.legacyStatuses,
    queryFn: async () => (await api<{ statuses: string[] }>('/api/tickets/legacy-statuses')).statuses,
  });

/** A new public link for the client; the old one stops working. */
export const useReplaceStatusLink = (id: number) =>
  useTicketMutation(() =>
    api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}/status-link`, { method: 'POST' }),
  );

/** Notes in the history that a message was opened in WhatsApp or the SMS app. */
export const useRecordMessage = (id: number) =>
  useTicketMutation((channel: MessageChannel) =>
    api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}/messages`, { method: 'POST', body: { channel } }),
  );

/** A device's tickets by its serial (issue 49); nothing is asked for a serial too short to mean one. */
export function useDeviceHistory(serial: string) {
  const key = deviceKey(serial);
  return useQuery({
    queryKey: queryKeys.tickets.device(key),
    queryFn: () => api<DeviceHistoryDto>(`/api/devices/${encodeURIComponent(key)}`),
    enabled: isDeviceKey(key),
    staleTime: 30_000,
  });
}

/** «Гарантийный возврат»: a new ticket under this closed one. */
export function useWarrantyReturn(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api<{ ticket: TicketDetailDto }>(`/api/tickets/${id}/warranty-return`, { method: 'POST' }))
        .ticket,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.tickets.detail(id) });
      void client.invalidateQueries({ queryKey: queryKeys.tickets.lists });
    },
  });
}
