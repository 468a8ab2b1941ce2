import {
  CHANNEL_TIMEOUT_MS,
  requestJson,
  type CheckOutcome,
  type DeliveryOutcome,
  type SendOutcome,
} from './channel';

// SMS.RU's HTTP API (https://sms.ru/api): POST form fields, `json=1` for JSON answers. Every
// answer carries `status` ("OK" | "ERROR") and `status_code`; `sms/send` answers per number.

/** Codes that mean «not now»: the service is busy or down (220), or a limit per minute (231). */
const RETRY_CODES = new Set([220, 231]);

/** sms/status codes of a message that reached its end without being delivered. */
const UNDELIVERED = new Set([104, 105, 106, 107, 108, 150]);

/** The service's own words for a refusal when it gives none (its documented codes). */
const REFUSALS: Record<number, string> = {
  200: 'Неправильный ключ API SMS.ru',
  201: 'На счёте SMS.ru не хватает денег',
  202: 'Неправильный номер получателя',
  203: 'Пустой текст сообщения',
  204: 'Имя отправителя не согласовано с SMS.ru',
  205: 'Сообщение слишком длинное',
  206: 'Дневной лимит SMS.ru исчерпан',
  207: 'На этот номер SMS.ru не отправляет',
  209: 'Номер в стоп-листе SMS.ru',
  220: 'SMS.ru временно недоступен',
  230: 'Лимит сообщений на этот номер за день исчерпан',
  231: 'Слишком много одинаковых сообщений на этот номер за минуту',
  232: 'Лимит одинаковых сообщений на этот номер за день исчерпан',
  300: 'Неправильный ключ API SMS.ru',
  301: 'Неправильный ключ API SMS.ru',
  302: 'Учётная запись SMS.ru не подтверждена',
};

const SERVICE = 'SMS.ru';

interface Answer {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, Answer & { sms_id?: string }>;
  balance?: number;
}

function refusal(answer: Answer): string {
  const code = answer.status_code ?? 0;
  return (
    REFUSALS[code] ?? (answer.status_text ? `SMS.ru: ${answer.status_text}` : `SMS.ru отказал (код ${code})`)
  );
}

export interface SmsGateway {
  send(phone: string, text: string): Promise<SendOutcome>;
  status(providerId: string): Promise<DeliveryOutcome | { kind: 'retry'; reason: string }>;
  check(): Promise<CheckOutcome>;
}

/** The digits SMS.RU takes: 7XXXXXXXXXX for a Russian number however it was typed. */
export function smsNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `7${digits}`;
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  return digits;
}

export function createSmsRu(options: {
  apiId: string;
  sender: string;
  baseUrl?: string;
  timeoutMs?: number;
}): SmsGateway {
  const base = (options.baseUrl ?? 'https://sms.ru').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? CHANNEL_TIMEOUT_MS;

  async function call(method: string, fields: Record<string, string>) {
    const body = new URLSearchParams({ api_id: options.apiId, json: '1', ...fields });
    const result = await requestJson(`${base}/${method}`, { method: 'POST', body }, timeoutMs, SERVICE);
    if ('kind' in result) return result;
    if (result.status >= 500 || result.status === 429) {
      return { kind: 'retry' as const, reason: `SMS.ru недоступен (HTTP ${result.status})` };
    }
    if (typeof result.body !== 'object' || result.body === null) {
      return { kind: 'retry' as const, reason: 'SMS.ru ответил непонятно' };
    }
    return { answer: result.body as Answer };
  }

  return {
    async send(phone, text) {
      const to = smsNumber(phone);
      const result = await call('sms/send', {
        to,
        msg: text,
        ...(options.sender ? { from: options.sender } : {}),
      });
      if ('kind' in result) return result;
      const { answer } = result;
      if (answer.status !== 'OK') {
        return RETRY_CODES.has(answer.status_code ?? 0)
          ? { kind: 'retry', reason: refusal(answer) }
          : { kind: 'failed', reason: refusal(answer) };
      }
      const one = answer.sms?.[to] ?? Object.values(answer.sms ?? {})[0];
      if (!one) return { kind: 'retry', reason: 'SMS.ru ответил непонятно' };
      if (one.status !== 'OK') {
        return RETRY_CODES.has(one.status_code ?? 0)
          ? { kind: 'retry', reason: refusal(one) }
          : { kind: 'failed', reason: refusal(one) };
      }
      return { kind: 'sent', providerId: one.sms_id };
    },

    async status(providerId) {
      const result = await call('sms/status', { sms_id: providerId });
      if ('kind' in result) return result;
      const one = result.answer.sms?.[providerId];
      if (result.answer.status !== 'OK' || !one) return { kind: 'retry', reason: refusal(result.answer) };
      const code = one.status_code ?? 0;
      if (code === 103) return { kind: 'delivered' };
      if (UNDELIVERED.has(code)) {
        return {
          kind: 'failed',
          reason: one.status_text ? `SMS.ru: ${one.status_text}` : `Не доставлено (код ${code})`,
        };
      }
      return { kind: 'pending' };
    },

    async check() {
      const result = await call('my/balance', {});
      if ('kind' in result) return { ok: false, reason: result.reason };
      if (result.answer.status !== 'OK') return { ok: false, reason: refusal(result.answer) };
      return { ok: true, detail: `SMS.ru на связи, на счёте ${result.answer.balance ?? 0} ₽` };
    },
  };
}
