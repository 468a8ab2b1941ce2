import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageTemplatesDto, MessageTemplatesInput } from '../../../../domain/message-templates';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const messageTemplatesQuery = queryOptions({
  queryKey: queryKeys.settings.messageTemplates,
  queryFn: async () =>
    (await api<{ templates: MessageTemplatesDto }>('/api/settings/message-templates')).templates,
});

export const useMessageTemplates = () => useQuery(messageTemplatesQuery);

export function useSaveMessageTemplates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MessageTemplatesInput) =>
      (
        await api<{ templates: MessageTemplatesDto }>('/api/settings/message-templates', {
          method: 'PUT',
          body: input,
        })
      ).templates,
    onSuccess: (templates) => client.setQueryData(messageTemplatesQuery.queryKey, templates),
  });
}
