import { TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { isPlausibleDueDate } from '../../../domain/calendar-date';

export const INCOMPLETE_DATE_MESSAGE = 'Введите дату полностью';
export const IMPLAUSIBLE_DATE_MESSAGE = 'Срок: год от 2000 до 2099';

/**
 * A calendar date that reports a value once it is complete and valid. A date typed
 * on the keyboard is taken when the field is left (or on Enter): on the way to
 * 15.12.2026 a browser reports 0002-12-15, 0020-12-15, then 02 as the day while a
 * new one is typed. A date picked from the calendar is taken at once (spec §9: the
 * ticket's due date saves on change).
 */
export function DateField({
  label,
  value,
  onCommit,
  error,
  onFocus,
}: {
  label: string;
  /** `YYYY-MM-DD` or '' for no date. */
  value: string;
  onCommit: (value: string) => void;
  error?: string;
  onFocus?: () => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [ownError, setOwnError] = useState<string | undefined>();
  const typing = useRef(false);
  const [editing, setEditing] = useState(false);
  if (value !== seen && !editing) {
    setSeen(value);
    setText(value);
  }

  const commit = (input: HTMLInputElement) => {
    typing.current = false;
    if (input.validity.badInput) {
      setOwnError(INCOMPLETE_DATE_MESSAGE);
      return;
    }
    const next = input.value;
    if (next !== '' && !isPlausibleDueDate(next)) {
      setOwnError(IMPLAUSIBLE_DATE_MESSAGE);
      return;
    }
    setOwnError(undefined);
    if (next !== value) onCommit(next);
  };

  return (
    <TextInput
      label={label}
      type="date"
      value={text}
      error={ownError ?? error}
      onFocus={() => {
        setEditing(true);
        onFocus?.();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget);
        else if (event.key !== 'Tab') typing.current = true;
      }}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (!typing.current) commit(event.currentTarget);
        else if (ownError && !event.currentTarget.validity.badInput) setOwnError(undefined);
      }}
      onBlur={(event) => {
        setEditing(false);
        setSeen(value);
        commit(event.currentTarget);
      }}
    />
  );
}
