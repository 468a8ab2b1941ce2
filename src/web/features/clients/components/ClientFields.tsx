import { Select, Textarea, TextInput } from '@mantine/core';
import { MESSAGE_PREF_LABELS, MESSAGE_PREFS } from '../../../../domain/client-notices';
import type { ReactNode } from 'react';
import type { ClientEditableField } from '../../../../domain/client-schemas';
import { CLIENT_FIELD_LABELS, CLIENT_LIMITS } from '../../../../domain/client-schemas';

export type ClientValues = Record<ClientEditableField, string>;

export const EMPTY_CLIENT: ClientValues = {
  fullName: '',
  phone: '',
  warranty: '',
  address: '',
  comment: '',
  email: '',
  messagePref: 'auto',
};

/** What an input of the form needs: its value, message and handlers. */
export interface FieldBinding {
  value: string;
  error?: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** A text binding for a Select, which hands its new value over directly. */
function selectBinding({ value, error, onChange, onFocus, onBlur }: FieldBinding) {
  return {
    value,
    error,
    onFocus,
    onBlur,
    onChange: (next: string | null) => onChange({ currentTarget: { value: next ?? 'auto' } }),
  };
}

/** The client's fields, shared by the new-client form and the client card. */
export function ClientFields({
  bind,
  below,
  autoFocus = false,
}: {
  bind: (field: ClientEditableField) => FieldBinding;
  /** Shown under a field, e.g. someone else's change to it. */
  below?: (field: ClientEditableField) => ReactNode;
  autoFocus?: boolean;
}) {
  const labels = CLIENT_FIELD_LABELS;
  return (
    <>
      <TextInput
        label={labels.fullName}
        required
        autoFocus={autoFocus}
        maxLength={CLIENT_LIMITS.fullName}
        autoComplete="off"
        {...bind('fullName')}
      />
      {below?.('fullName')}
      <TextInput
        label={labels.phone}
        type="tel"
        maxLength={CLIENT_LIMITS.phone}
        autoComplete="off"
        {...bind('phone')}
      />
      {below?.('phone')}
      <TextInput label={labels.email} type="email" maxLength={254} autoComplete="off" {...bind('email')} />
      {below?.('email')}
      <Select
        label={labels.messagePref}
        data={MESSAGE_PREFS.map((value) => ({ value, label: MESSAGE_PREF_LABELS[value] }))}
        allowDeselect={false}
        {...selectBinding(bind('messagePref'))}
      />
      {below?.('messagePref')}
      <TextInput
        label={labels.warranty}
        maxLength={CLIENT_LIMITS.text}
        autoComplete="off"
        {...bind('warranty')}
      />
      {below?.('warranty')}
      <Textarea
        label={labels.address}
        autosize
        minRows={1}
        maxLength={CLIENT_LIMITS.text}
        {...bind('address')}
      />
      {below?.('address')}
      <Textarea
        label={labels.comment}
        autosize
        minRows={2}
        maxLength={CLIENT_LIMITS.text}
        {...bind('comment')}
      />
      {below?.('comment')}
    </>
  );
}
