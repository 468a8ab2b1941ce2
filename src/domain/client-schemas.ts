import { baseVersionSchema } from './edit-versions';
import { z } from './zod-ru';

export const CLIENT_LIMITS = { fullName: 200, phone: 50, text: 5000 } as const;

const text = (label: string) =>
  z
    .string({ error: `${label}: ожидается текст` })
    .trim()
    .max(CLIENT_LIMITS.text, `${label}: не длиннее ${CLIENT_LIMITS.text} символов`);

const clientFields = {
  fullName: z
    .string({ error: 'Введите ФИО' })
    .trim()
    .min(1, 'Введите ФИО')
    .max(CLIENT_LIMITS.fullName, `ФИО не длиннее ${CLIENT_LIMITS.fullName} символов`),
  phone: z
    .string({ error: 'Телефон: ожидается текст' })
    .trim()
    .max(CLIENT_LIMITS.phone, `Телефон не длиннее ${CLIENT_LIMITS.phone} символов`),
  warranty: text('Гарантийный талон'),
  address: text('Адрес'),
  comment: text('Комментарий'),
};

/** New client. Unknown fields are dropped (z.object strips them). */
export const clientCreateInput = z.object({
  fullName: clientFields.fullName,
  phone: clientFields.phone.default(''),
  warranty: clientFields.warranty.default(''),
  address: clientFields.address.default(''),
  comment: clientFields.comment.default(''),
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
});
export type ClientPatchInput = z.infer<typeof clientPatchInput>;

export const CLIENT_EDITABLE_FIELDS = ['fullName', 'phone', 'warranty', 'address', 'comment'] as const;
export type ClientEditableField = (typeof CLIENT_EDITABLE_FIELDS)[number];

export const CLIENT_FIELD_LABELS: Record<ClientEditableField, string> = {
  fullName: 'ФИО',
  phone: 'Телефон',
  warranty: 'Гарантийный талон',
  address: 'Адрес',
  comment: 'Комментарий',
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
  createdAt: string;
  updatedAt: string;
  /** Raised by every change; a save names the version it was based on. */
  version: number;
}

export interface Page<T> {
  items: T[];
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}
