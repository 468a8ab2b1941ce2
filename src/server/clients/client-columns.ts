import type { ClientPatchInput } from '../../domain/client-schemas';
import { phoneDigits, whatsappNumber } from '../../domain/phone';
import { normalizeSearchText } from '../../domain/search-text';
import type { ClientColumns } from './clients.repository';

export type ClientFields = Omit<ClientPatchInput, 'version'>;

/** Maps API field names to columns, adding the search columns that follow from them. */
export function toClientColumns(input: ClientFields): Partial<ClientColumns> {
  const columns: Partial<ClientColumns> = {};
  if (input.fullName !== undefined) {
    columns.full_name = input.fullName;
    columns.search_name = normalizeSearchText(input.fullName);
  }
  if (input.phone !== undefined) {
    columns.phone = input.phone;
    columns.phone_digits = phoneDigits(input.phone);
    columns.phone_key = whatsappNumber(input.phone);
  }
  if (input.warranty !== undefined) columns.warranty = input.warranty;
  if (input.address !== undefined) columns.address = input.address;
  if (input.comment !== undefined) columns.comment = input.comment;
  if (input.email !== undefined) columns.email = input.email;
  if (input.messagePref !== undefined) columns.message_pref = input.messagePref;
  return columns;
}

/** Every column of a new client: what was given, empty text for the rest. */
export function newClientColumns(input: ClientFields & { fullName: string }): ClientColumns {
  return {
    full_name: '',
    phone: '',
    warranty: '',
    address: '',
    comment: '',
    search_name: '',
    phone_digits: '',
    phone_key: '',
    email: '',
    message_pref: 'auto',
    ...toClientColumns(input),
  };
}
