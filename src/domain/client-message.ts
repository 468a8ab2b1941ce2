import { z } from './zod-ru';

/** How a message to the client leaves the ticket (issue 19). */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};

export const messageSentInput = z.object({
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Укажите, как отправлено сообщение' }),
});

/** WhatsApp with the text filled in: the number as for the chat button (spec §5). */
export function whatsappMessageLink(number: string, text: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * The phone's SMS app with the text, to the number as dialled (dialNumber: `+7…`, a foreign
 * number with its +). `?body=` is what Android and iOS 8+ read.
 */
export function smsLink(dialNumber: string, text: string): string {
  return `sms:${dialNumber}?body=${encodeURIComponent(text)}`;
}

const CYRILLIC_WORD = /^[а-яё-]+$/i;

/**
 * How a message greets the client: «Юлия Эдуардовна» from «Щукина Юлия Эдуардовна» (name and
 * patronymic, as Russian shops write to clients), «Игорь» from «Сидоров Игорь»; any other shape
 * of name (one word, a Latin «Anna Smith») as it is.
 */
export function addressName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 3) return `${words[1]} ${words[2]}`;
  // «Сидоров Игорь» is a ФИО without the patronymic: «Здравствуйте, Игорь!» (issue 48).
  if (words.length === 2 && words.every((word) => CYRILLIC_WORD.test(word))) return words[1] ?? '';
  return words.join(' ');
}
