import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeChannel, NoticeSettings } from '../../../../domain/client-notices';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** «Сообщения клиентам» as the server has them: the rules, which channels are set up, the SMS count. */
export interface NoticesState {
  settings: NoticeSettings & { version: number; updatedAt: string | null; updatedByName: string };
  channels: {
    sms: { configured: boolean };
    telegram: { configured: boolean; bot: string | null };
    email: { configured: boolean };
  };
  smsCount: { today: number; month: number; todayParts: number; monthParts: number };
}

const KEY = [...queryKeys.settings.all, 'notices'] as const;

export const useNotices = () => useQuery({ queryKey: KEY, queryFn: () => api<NoticesState>('/api/notices') });

export function useSaveNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NoticeSettings & { version: number }) =>
      api<NoticesState>('/api/notices', { method: 'PUT', body: input }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}

export function useSaveNoticeSecrets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { smsApiId?: string; telegramToken?: string; clear?: ('sms' | 'telegram')[] }) =>
      api<NoticesState>('/api/notices/secrets', { method: 'PUT', body: input }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}

export function useTestNotice() {
  return useMutation({
    mutationFn: (input: { channel: NoticeChannel; to: string }) =>
      api<{ ok: true; detail: string } | { ok: false; reason: string }>('/api/notices/test', {
        method: 'POST',
        body: input,
      }),
  });
}
