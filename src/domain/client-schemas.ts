import { baseVersionSchema } from './edit-versions';
import { lineText, multiLineText } from './input-text';
import type { HistoryHead } from './history';
import { clientEmail, MESSAGE_PREFS, type MessagePref } from './client-notices';
import { z } from './zod-ru';

export const CLIENT_LIMITS = { fullName: 200, phone: 50, text: 5000 } as const;

/** A client's name and phone as text, shared with the new-client part of a ticket. */
export const clientName = (required: string) => lineText('ФИО', CLIENT_LIMITS.fullName, { required });
export const clientPhone = lineText('Телефон', CLIENT_LIMITS.phone);

const clientFields = {
  fullName: clientName('Введите ФИО'),
  phone: clientPhone,
  warranty: lineText('Гарантийный талон', CLIENT_LIMITS.text),
  address: multiLineText('Адрес', CLIENT_LIMITS.text),
  comment: multiLineText('Комментарий', CLIENT_LIMITS.text),
  email: clientEmail,
  messagePref: z.enum(MESSAGE_PREFS, { error: 'Выберите, как писать клиенту' }),
};

/** New client. Unknown fields are dropped (z.object strips them). */
export const clientCreateInput = z.object({
  /** Confirmed: the phone is already another client's, and this is another person (issue 49). */
  despiteSamePhone: z.boolean({ error: 'Подтвердите нового клиента' }).default(false),
  fullName: clientFields.fullName,
  phone: clientFields.phone.default(''),
  warranty: clientFields.warranty.default(''),
  address: clientFields.address.default(''),
  comment: clientFields.comment.default(''),
  email: clientFields.email.default(''),
  messagePref: clientFields.messagePref.default('auto'),
});
export type ClientCreateInput = z.infer<typeof clientCreateInput>;

/**
 * Only the fields that changed, so that two people editing different fields never
 * clash, and the version they were based on (src/domain/edit-versions.ts).
 */
export const clientPatchInput = z.object({
  version: baseVersionSchema,
  fullName: clientFields.fullName.optional(),
  phone: clientFields.phone.optional(),
  warranty: clientFields.warranty.optional(),
  address: clientFields.address.optional(),
  comment: clientFields.comment.optional(),
  email: clientFields.email.optional(),
  messagePref: clientFields.messagePref.optional(),
});
export type ClientPatchInput = z.infer<typeof clientPatchInput>;

export const CLIENT_EDITABLE_FIELDS = [
  'fullName',
  'phone',
  'warranty',
  'address',
  'comment',
  'email',
  'messagePref',
] as const;
export type ClientEditableField = (typeof CLIENT_EDITABLE_FIELDS)[number];

export const CLIENT_FIELD_LABELS: Record<ClientEditableField, string> = {
  fullName: 'ФИО',
  phone: 'Телефон',
  warranty: 'Гарантийный талон',
  address: 'Адрес',
  comment: 'Комментарий',
  email: 'E-mail',
  messagePref: 'Автоматические сообщения',
};

export interface ClientDto {
  id: number;
  fullName: string;
  phone: string;
  warranty: string;
  address: string;
  comment: string;
  /** From imported data: used for the WhatsApp button instead of the phone. */
  whatsappUrl: string | null;
  email: string;
  messagePref: MessagePref;
  /** The client connected the shop's Telegram bot (issue 54). */
  telegramConnected: boolean;
  createdAt: string;
  updatedAt: string;
  /** Raised by every change; a save names the version it was based on. */
  version: number;
  /** Set while the client is in the Корзина. */
  deletedAt: string | null;
  deletedByName: string;
}

export type ClientDetailDto = ClientDto & HistoryHead;

/** What deleting a client leaves linked to it. */
export interface ClientLinksDto {
  tickets: number;
  tasks: number;
}
