import { Textarea, TextInput } from '@mantine/core';
import type { ClientEditableField } from '../../../../domain/client-schemas';
import { CLIENT_LIMITS } from '../../../../domain/client-schemas';

export type ClientValues = Record<ClientEditableField, string>;

export const EMPTY_CLIENT: ClientValues = { fullName: '', phone: '', warranty: '', address: '', comment: '' };

/** The client's fields, shared by the new-client form and the client card. */
export function ClientFields({
  values,
  errors,
  onChange,
  autoFocus = false,
}: {
  values: ClientValues;
  errors: Partial<Record<ClientEditableField, string>>;
  onChange: (field: ClientEditableField, value: string) => void;
  autoFocus?: boolean;
}) {
  const bind = (field: ClientEditableField) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(field, e.currentTarget.value),
  });
  return (
    <>
      <TextInput
        label="ФИО"
        required
        autoFocus={autoFocus}
        maxLength={CLIENT_LIMITS.fullName}
        autoComplete="off"
        {...bind('fullName')}
      />
      <TextInput
        label="Телефон"
        type="tel"
        maxLength={CLIENT_LIMITS.phone}
        autoComplete="off"
        {...bind('phone')}
      />
      <TextInput
        label="Гарантийный талон"
        maxLength={CLIENT_LIMITS.text}
        autoComplete="off"
        {...bind('warranty')}
      />
      <Textarea label="Адрес" autosize minRows={1} maxLength={CLIENT_LIMITS.text} {...bind('address')} />
      <Textarea
        label="Комментарий"
        autosize
        minRows={2}
        maxLength={CLIENT_LIMITS.text}
        {...bind('comment')}
      />
    </>
  );
}
