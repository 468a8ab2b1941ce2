import { baseVersionSchema } from './edit-versions';
import { multiLineText } from './input-text';
import { TICKET_PIPELINE, type PipelineStatus } from './ticket-status';
import { z } from './zod-ru';

// Messages to the client (issue 19): admins keep one template per status and a general one;
// on a ticket «Написать клиенту» fills the template in and opens WhatsApp or an SMS with it.

export const TEMPLATE_KEYS = ['general', ...TICKET_PIPELINE, 'estimate', 'payment', 'not_picked_up'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
export type MessageTemplates = Record<TemplateKey, string>;

export const TEMPLATE_LIMIT = 1000;

/** The placeholders, as admins type them, and what each stands for. */
export const PLACEHOLDERS = {
  клиент: 'имя клиента',
  номер: 'номер заявки',
  устройство: 'устройство',
  статус: 'этап ремонта для клиента',
  служба: 'служба доставки',
  ссылка: 'ссылка на страницу статуса',
  магазин: 'название сервиса',
  телефон_магазина: 'телефон сервиса',
  смета: 'сумма сметы',
  к_оплате: 'сколько осталось оплатить',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export type TemplateValues = Record<Placeholder, string>;

/**
 * The built-in texts. {статус} stands as a sentence of its own (it starts with a capital and
 * leaves out a service not chosen yet); a status without its own text uses the general one.
 */
export const DEFAULT_TEMPLATES: MessageTemplates = {
  general: 'Здравствуйте, {клиент}! Заявка {номер} ({устройство}). {статус}. Подробнее: {ссылка}',
  new: 'Здравствуйте, {клиент}! Заявка {номер} ({устройство}) оформлена. {статус}. Следить за ремонтом: {ссылка}',
  delivery_requested: '',
  at_pvz: '',
  in_repair: '',
  repair_done: '',
  to_pvz: '',
  delivery_to_client: '',
  notify_client:
    'Здравствуйте, {клиент}! Заявка {номер} ({устройство}). {статус}. Подробнее: {ссылка}\n{магазин} {телефон_магазина}',
  closed: 'Здравствуйте, {клиент}! Заявка {номер} закрыта. Спасибо, что обратились к нам!\n{магазин}',
  estimate:
    'Здравствуйте, {клиент}! Смета на ремонт по заявке {номер} ({устройство}): {смета}. Согласовать или отказаться: {ссылка}\n{магазин} {телефон_магазина}',
  payment: 'Здравствуйте, {клиент}! Заявка {номер} ({устройство}): оплата получена, спасибо!\n{магазин}',
  not_picked_up:
    'Здравствуйте, {клиент}! Заявка {номер} ({устройство}). {статус}. Ждём вас!\n{магазин} {телефон_магазина}',
};

export const TEMPLATE_LABELS: Record<TemplateKey, string> = {
  general: 'Общий',
  new: 'Новая',
  delivery_requested: 'Доставка оформлена',
  at_pvz: 'Прибыл в ПВЗ',
  in_repair: 'В ремонте',
  repair_done: 'Готов к отправке / к выдаче',
  to_pvz: 'Отнести в ПВЗ',
  delivery_to_client: 'Доставка до клиента',
  notify_client: 'Оповестить клиента',
  closed: 'Закрыта',
  estimate: 'Смета',
  payment: 'Оплата получена',
  not_picked_up: 'Устройство ждёт клиента',
};

/** The estimate's message (issue 50), or the built-in one when an admin left it empty. */
export function estimateTemplate(templates: MessageTemplates): string {
  return templates.estimate.trim() ? templates.estimate : DEFAULT_TEMPLATES.estimate;
}

/** The general template, or the built-in one when an admin left it empty. */
export function generalTemplate(templates: MessageTemplates): string {
  return templates.general.trim() ? templates.general : DEFAULT_TEMPLATES.general;
}

/** The template for a ticket's status: its own when filled in, else the general one. */
export function templateFor(templates: MessageTemplates, status: string): string {
  const own = (TICKET_PIPELINE as readonly string[]).includes(status)
    ? templates[status as PipelineStatus]
    : '';
  return own.trim() ? own : generalTemplate(templates);
}

const PLACEHOLDER_PATTERN = /\{([а-яё_]+)\}/gi;

/**
 * «Подробнее: {ссылка}», «…, статус тут: {ссылка}»: a few plain words and a colon that only
 * announce the link, after the start of a sentence, a line or a comma. They go with a link that
 * is not sent (issue 48); anything else around it stays as the admin typed it.
 */
const LINK_LABEL = /(^|[.!?]|,)([ \t]*[a-zа-яё][a-zа-яё \t-]{0,40}):[ \t]*\{ссылка\}/gimu;

function withoutLinkLabel(template: string): string {
  return template.replace(LINK_LABEL, (_whole, before: string) => (before === ',' ? '' : before));
}
/** Where an empty value stood, until the text around it is tidied. */
const GAP = '\uE000'; // a private-use character: never in a template or a value

/**
 * The message: each known placeholder replaced by its value. A value that is missing leaves
 * no trace — no «{служба}», no empty brackets, no double space or space before a comma where
 * it stood, no «Подробнее:» left announcing a missing link — and only there: the rest of the admin's text stays exactly as typed («Ждём :)»).
 * An unknown placeholder stays as typed so the admin sees the typo. Line breaks, Cyrillic and
 * emoji pass through; Windows line ends become plain ones (what wa.me and sms: expect).
 */
export function fillTemplate(template: string, values: Partial<TemplateValues>): string {
  const text = template.replace(/\r\n?/g, '\n');
  const filled = (values.ссылка?.trim() ? text : withoutLinkLabel(text)).replace(
    PLACEHOLDER_PATTERN,
    (whole, name: string) => {
      const key = name.toLowerCase() as Placeholder;
      if (!(key in PLACEHOLDERS)) return whole;
      // A value goes in as one line (a line break inside one would split the sentence).
      const value = (values[key] ?? '').replace(/\s+/g, ' ').trim();
      return value || GAP;
    },
  );
  return filled
    .replace(/\([ \t]*(?:\uE000[ \t]*)+\)/g, GAP)
    .replace(/([.!?:])[ \t]*(?:\uE000[ \t]*)+\./g, '$1')
    .replace(/,[ \t]*(?:\uE000[ \t]*)+(?=[!?.,;:])/g, '')
    .replace(/[ \t]*(?:\uE000[ \t]*)+(?=[,.!?;:)])/g, '')
    .replace(/[ \t]+(?:\uE000[ \t]*)+(?=\S)/g, ' ')
    .replace(/[ \t]*\uE000[ \t]*/g, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

const templateText = (label: string) => multiLineText(label, TEMPLATE_LIMIT);

/** A save of every template at once, judged against the version it was based on. */
export const messageTemplatesInput = z.strictObject({
  version: baseVersionSchema,
  ...(Object.fromEntries(
    TEMPLATE_KEYS.map((key) => [key, templateText(`Шаблон «${TEMPLATE_LABELS[key]}»`).default('')]),
  ) as Record<TemplateKey, z.ZodDefault<ReturnType<typeof templateText>>>),
});
export type MessageTemplatesInput = z.input<typeof messageTemplatesInput>;

export interface MessageTemplatesDto extends MessageTemplates {
  version: number;
  updatedAt: string | null;
  updatedByName: string;
}
