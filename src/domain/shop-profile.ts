import { baseVersionSchema } from './edit-versions';
import { lineText, multiLineText } from './input-text';
import { z } from './zod-ru';

// The shop's requisites (issue 18, admin «Настройки»): printed on the приёмная квитанция and
// the акт выдачи, and shown to clients later. Every field may stay empty until filled in.

const digits = (label: string, lengths: readonly number[], hint: string) =>
  lineText(label, 20).refine(
    (value) => value === '' || (/^\d+$/.test(value) && lengths.includes(value.length)),
    `${label}: ${hint}`,
  );

export const SHOP_PROFILE_LIMITS = { receiptTerms: 5000 } as const;

export const shopProfileFields = {
  name: lineText('Название', 200),
  legalName: lineText('Юридическое лицо', 300),
  inn: digits('ИНН', [10, 12], '10 или 12 цифр'),
  ogrn: digits('ОГРН / ОГРНИП', [13, 15], '13 или 15 цифр'),
  address: lineText('Адрес', 500),
  phone: lineText('Телефон', 50),
  hours: lineText('Часы работы', 200),
  receiptTerms: multiLineText('Условия под квитанцией', SHOP_PROFILE_LIMITS.receiptTerms),
};

export type ShopProfileField = keyof typeof shopProfileFields;
export type ShopProfileValues = Record<ShopProfileField, string>;

export const SHOP_PROFILE_LABELS: Record<ShopProfileField, string> = {
  name: 'Название',
  legalName: 'Юридическое лицо',
  inn: 'ИНН',
  ogrn: 'ОГРН / ОГРНИП',
  address: 'Адрес',
  phone: 'Телефон',
  hours: 'Часы работы',
  receiptTerms: 'Условия под квитанцией',
};

export const EMPTY_SHOP_PROFILE: ShopProfileValues = {
  name: '',
  legalName: '',
  inn: '',
  ogrn: '',
  address: '',
  phone: '',
  hours: '',
  receiptTerms: '',
};

/** A save of the whole profile, judged against the version it was based on. */
export const shopProfileInput = z.strictObject({
  version: baseVersionSchema,
  name: shopProfileFields.name.default(''),
  legalName: shopProfileFields.legalName.default(''),
  inn: shopProfileFields.inn.default(''),
  ogrn: shopProfileFields.ogrn.default(''),
  address: shopProfileFields.address.default(''),
  phone: shopProfileFields.phone.default(''),
  hours: shopProfileFields.hours.default(''),
  receiptTerms: shopProfileFields.receiptTerms.default(''),
});
export type ShopProfileInput = z.input<typeof shopProfileInput>;

export interface ShopProfileDto extends ShopProfileValues {
  /** Raised by every save; a save names the version it was based on. */
  version: number;
  updatedAt: string | null;
  updatedByName: string;
}
