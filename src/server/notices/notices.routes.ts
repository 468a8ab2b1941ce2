import {
  NOTICE_CHANNELS,
  noticeSecretsInput,
  noticeSettingsInput,
  type NoticeSettings,
} from '../../domain/client-notices';
import { z } from '../../domain/zod-ru';
import type { EventBus } from '../events/event-bus';
import { AppError } from '../errors';
import { parseId, parsePayload } from '../http/parse';
import type { RouteScopes } from '../http/route-scopes';
import { userOf } from '../http/current-user';
import type { ClientNotices } from './client-notices.service';
import { readNoticeSecrets, saveNoticeSecrets } from './notice-settings';

type WithId = { Params: { id: string } };

const testInput = z.object({
  channel: z.enum(NOTICE_CHANNELS, { error: 'Выберите канал' }),
  to: z.string().trim().max(254).default(''),
});

/**
 * Automatic client messages (issue 54): the rules, the channels' keys and a test in «Настройки»
 * (permission «Настройки»); a ticket's log and its Telegram link for everyone who works tickets.
 * A key is never sent back: the answer says only whether one is saved.
 */
export function registerNoticesRoutes(
  { permitted, staff }: RouteScopes,
  { notices, events }: { notices: ClientNotices; events: EventBus },
) {
  const settings = permitted('settings');

  async function state() {
    const secrets = await readNoticeSecrets(notices.settingsDb);
    const channels = await notices.channels();
    return {
      settings: await notices.settings.get(),
      channels: {
        sms: { configured: Boolean(secrets.smsApiId) },
        telegram: {
          configured: Boolean(secrets.telegramToken),
          bot: secrets.telegramToken ? await notices.botUsername() : null,
        },
        email: { configured: channels.ready.email },
      },
      smsCount: await notices.smsCount(),
    };
  }

  settings.get('/api/notices', state);

  settings.put('/api/notices', async (request) => {
    const admin = userOf(request);
    const input = parsePayload(noticeSettingsInput, request.body);
    await notices.settings.save(admin, input satisfies NoticeSettings & { version: number });
    request.log.info({ by: admin.id }, 'client message rules changed');
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return state();
  });

  settings.put('/api/notices/secrets', async (request) => {
    const admin = userOf(request);
    const input = parsePayload(noticeSecretsInput, request.body);
    await saveNoticeSecrets(notices.settingsDb, input);
    // The bot's name, asked now that the token is new: links and the status page show it.
    if (input.telegramToken) {
      await notices.botUsername();
      notices.poller.wake();
    }
    // Which keys changed, never their values.
    request.log.info(
      {
        by: admin.id,
        sms: Boolean(input.smsApiId),
        telegram: Boolean(input.telegramToken),
        clear: input.clear,
      },
      'client message keys changed',
    );
    events.publish({ entity: 'settings', id: null, op: 'update' });
    return state();
  });

  settings.post('/api/notices/test', async (request) => {
    const { channel, to } = parsePayload(testInput, request.body);
    if (channel === 'sms' && to.replace(/\D/g, '').length < 10) {
      throw new AppError('bad_request', 'Укажите номер телефона для проверки');
    }
    if (channel === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) {
      throw new AppError('bad_request', 'Укажите e-mail для проверки');
    }
    return notices.test(channel, to);
  });

  staff.get<WithId>('/api/tickets/:id/messages', async (request) => {
    const id = parseId(request.params.id, 'Заявка не найдена');
    return { messages: await notices.log(id) };
  });

  staff.post<WithId>('/api/tickets/:id/telegram-link', async (request) => {
    const id = parseId(request.params.id, 'Заявка не найдена');
    const link = await notices.telegramLink(id);
    if (!link) throw new AppError('conflict', 'Бот Telegram не настроен или не отвечает');
    return { link };
  });

  staff.post<WithId>('/api/clients/:id/telegram/disconnect', async (request) => {
    const id = parseId(request.params.id, 'Клиент не найден');
    await notices.disconnectTelegram(id);
    return { ok: true };
  });
}
