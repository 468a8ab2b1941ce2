import { CHANNEL_TIMEOUT_MS, requestJson, type CheckOutcome, type SendOutcome } from './channel';

// The Telegram Bot API (https://core.telegram.org/bots/api): POST JSON to
// `<base>/bot<token>/<method>`; every answer is `{ ok, result }` or `{ ok: false, error_code,
// description, parameters?: { retry_after } }`. The token is in the path: never log the URL.

const SERVICE = 'Telegram';

interface Answer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export interface TelegramUpdate {
  update_id: number;
  message?: { chat?: { id?: number | string }; text?: string };
}

export interface TelegramBot {
  sendMessage(chatId: string, text: string): Promise<SendOutcome>;
  /** The bot's @name, to build the `t.me/<name>?start=<token>` link. */
  check(): Promise<CheckOutcome & { username?: string }>;
  /** Waits up to `waitSeconds` for updates after `offset`; null when Telegram could not be asked. */
  getUpdates(offset: number, waitSeconds: number, cancel?: AbortSignal): Promise<TelegramUpdate[] | null>;
}

export function createTelegramBot(options: {
  token: string;
  baseUrl?: string;
  timeoutMs?: number;
}): TelegramBot {
  const base = (options.baseUrl ?? 'https://api.telegram.org').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? CHANNEL_TIMEOUT_MS;

  async function call(
    method: string,
    params: Record<string, unknown>,
    waitMs = timeoutMs,
    cancel?: AbortSignal,
  ) {
    const result = await requestJson(
      `${base}/bot${options.token}/${method}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) },
      waitMs,
      SERVICE,
      cancel,
    );
    if ('kind' in result) return result;
    const answer = (typeof result.body === 'object' && result.body !== null ? result.body : {}) as Answer;
    return { status: result.status, answer };
  }

  return {
    async sendMessage(chatId, text) {
      const result = await call('sendMessage', {
        chat_id: chatId,
        text,
        link_preview_options: { is_disabled: true },
      });
      if ('kind' in result) return result;
      const { status, answer } = result;
      if (answer.ok) return { kind: 'sent' };
      if (status === 429) {
        return {
          kind: 'retry',
          reason: 'Telegram просит подождать',
          afterMs: (answer.parameters?.retry_after ?? 30) * 1000,
        };
      }
      if (status >= 500) return { kind: 'retry', reason: `Telegram недоступен (HTTP ${status})` };
      if (status === 403) return { kind: 'gone', reason: 'Клиент остановил бота в Telegram' };
      if (status === 400 && /chat not found/i.test(answer.description ?? '')) {
        return { kind: 'gone', reason: 'Чат клиента в Telegram не найден' };
      }
      if (status === 401 || status === 404)
        return { kind: 'failed', reason: 'Неправильный токен бота Telegram' };
      return { kind: 'failed', reason: `Telegram отказал: ${answer.description ?? `HTTP ${status}`}` };
    },

    async check() {
      const result = await call('getMe', {});
      if ('kind' in result) return { ok: false, reason: result.reason };
      const me = result.answer.result as { username?: string } | undefined;
      if (!result.answer.ok || !me?.username) {
        return {
          ok: false,
          reason:
            result.status === 401 || result.status === 404
              ? 'Неправильный токен бота Telegram'
              : `Telegram отказал (HTTP ${result.status})`,
        };
      }
      return { ok: true, detail: `Бот @${me.username} на связи`, username: me.username };
    },

    async getUpdates(offset, waitSeconds, cancel) {
      const result = await call(
        'getUpdates',
        { offset, timeout: waitSeconds, allowed_updates: ['message'] },
        waitSeconds * 1000 + timeoutMs,
        cancel,
      );
      if ('kind' in result || !result.answer.ok || !Array.isArray(result.answer.result)) return null;
      return result.answer.result as TelegramUpdate[];
    },
  };
}
