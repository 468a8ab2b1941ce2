import { baseVersionSchema } from './edit-versions';
import { multiLineText } from './input-text';
import { TICKET_PIPELINE, type PipelineStatus } from './ticket-status';
import { z } from './zod-ru';

// Messages to the client (issue 19): admins keep one template per status and a general one;
// on a ticket «Написать клиенту» fills the template in and opens WhatsApp or an SMS with it.

export const TEMPLATE_KEYS = ['general', ...TICKET_PIPELINE] as const;
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
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export type TemplateValues = Record<Placeholder, string>;

export const DEFAULT_TEMPLATES: MessageTemplates = {
  general:
    'Здравствуйте, {клиент}! Это {магазин}, заявка {номер} ({устройство}). {статус}. Подробнее: {ссылка}',
  new: 'Здравствуйте, {клиент}! Заявка {номер} ({устройство}) оформлена. Подробнее: {ссылка}',
  delivery_requested:
    'Здравствуйте, {клиент}! Доставка по заявке {номер} оформлена, служба {служба}. Ждём вашу посылку. Подробнее: {ссылка}',
  at_pvz:
    'Здравствуйте, {клиент}! Посылка по заявке {номер} пришла, скоро начнём ремонт. Подробнее: {ссылка}',
  in_repair:
    'Здравствуйте, {клиент}! Заявка {номер} ({устройство}): устройство в ремонте. Подробнее: {ссылка}',
  repair_done:
    'Здравствуйте, {клиент}! Ремонт по заявке {номер} ({устройство}) закончен. {статус}. Подробнее: {ссылка}',
  to_pvz:
    'Здравствуйте, {клиент}! Заявка {номер} ({устройство}): отправляем вам, служба {служба}. Подробнее: {ссылка}',
  delivery_to_client:
    'Здравствуйте, {клиент}! Заявка {номер} ({устройство}) едет к вам, служба {служба}. Подробнее: {ссылка}',
  notify_client:
    'Здравствуйте, {клиент}! Заявка {номер} ({устройство}): {статус}. Подробнее: {ссылка}\nВопросы: {телефон_магазина}, {магазин}',
  closed: 'Здравствуйте, {клиент}! Спасибо, что обратились в {магазин}. Заявка {номер} закрыта.',
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
};

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
 * The message: each known placeholder replaced by its value. A value that is missing leaves
 * no trace — no «{служба}», no double space or space before a comma where it stood; an
 * unknown placeholder stays as typed so the admin sees the typo. Line breaks, Cyrillic and
 * emoji pass through untouched.
 */
export function fillTemplate(template: string, values: Partial<TemplateValues>): string {
  const filled = template.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    const key = name.toLowerCase() as Placeholder;
    if (!(key in PLACEHOLDERS)) return whole;
    return (values[key] ?? '').trim();
  });
  return filled
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/\(\s*\)/g, '')
        .replace(/,(\s*[,.!?])/g, '$1')
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ +([,.!?:;)])/g, '$1')
        .replace(/([(]) +/g, '$1')
        .trimEnd(),
    )
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
