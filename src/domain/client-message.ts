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
/** Endings of most Russian surnames (Сидоров, Петрова, Ильин, Вяземский, Толстой, Белых …). */
const SURNAME_ENDING = /(ов|ова|ев|ева|ёв|ёва|ин|ина|ын|ына|ский|ская|цкий|цкая|ской|ой|их|ых|енко|ук|юк)$/i;
/** First names with those endings, common enough to tell apart. */
const NAMES_LIKE_SURNAMES = new Set([
  'марина',
  'алина',
  'галина',
  'полина',
  'ирина',
  'нина',
  'кристина',
  'дина',
  'валентина',
  'каролина',
  'ангелина',
  'регина',
  'эвелина',
  'арина',
  'карина',
  'лев',
  'ярослав',
  'святослав',
  'вячеслав',
  'станислав',
  'владислав',
  'мирослав',
  'богдан',
]);

function looksLikeSurname(word: string): boolean {
  const lower = word.toLowerCase();
  return SURNAME_ENDING.test(lower) && !NAMES_LIKE_SURNAMES.has(lower);
}

/**
 * How a message greets the client: «Юлия Эдуардовна» from «Щукина Юлия Эдуардовна» (name and
 * patronymic, as Russian shops write to clients), «Игорь» from «Сидоров Игорь» or «Игорь
 * Сидоров»; any other shape of name (one word, a Latin «Anna Smith») as it is.
 */
export function addressName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 3) return `${words[1]} ${words[2]}`;
  // «Сидоров Игорь» or «Игорь Сидоров»: the word that is not the surname (issue 48). When neither
  // or both look like one («Анна Мария»), the name stays whole.
  if (words.length === 2 && words.every((word) => CYRILLIC_WORD.test(word))) {
    const [first = '', second = ''] = words;
    if (looksLikeSurname(first) && !looksLikeSurname(second)) return second;
    if (looksLikeSurname(second) && !looksLikeSurname(first)) return first;
  }
  return words.join(' ');
}
