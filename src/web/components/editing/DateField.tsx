import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isPlausibleDueDate } from '../../../domain/calendar-date';
import { useShopToday } from '../../lib/shop-today';

export const INCOMPLETE_DATE_MESSAGE = 'Введите дату полностью';
export const IMPLAUSIBLE_DATE_MESSAGE = 'Срок: год от 2000 до 2099';

/** How long a complete typed date rests before it is taken without leaving the field. */
export const TYPED_DATE_PAUSE_MS = 1000;

/**
 * A calendar date that reports a value once it is complete and valid. A date typed
 * on the keyboard is taken when the field is left (or on Enter), or, typed whole, after
 * a pause of TYPED_DATE_PAUSE_MS: on the way to 15.12.2026 a browser reports
 * 0002-12-15, 0020-12-15, then 02 as the day while a new one is typed, so a pause
 * mid-way must not send those. Tab may leave the focus inside the field (Chromium's
 * picker button), so blur alone was not enough (issue 48). A date picked from the
 * calendar is taken at once (spec §9: the ticket's due date saves on change).
 * `onHold` tells the form while the field shows a date not handed over yet.
 */
export function DateField({
  label,
  value,
  onCommit,
  error,
  onFocus,
  onHold,
  warnPast = false,
}: {
  label: string;
  /** `YYYY-MM-DD` or '' for no date. */
  value: string;
  onCommit: (value: string) => void;
  error?: string;
  onFocus?: () => void;
  onHold?: (held: boolean) => void;
  /** On a new item: say so when the date is already behind the shop's today (issue 48). */
  warnPast?: boolean;
}) {
  const today = useShopToday();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [ownError, setOwnError] = useState<string | undefined>();
  const typing = useRef(false);
  const [editing, setEditing] = useState(false);
  if (value !== seen && !editing) {
    setSeen(value);
    setText(value);
  }

  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const digitsTyped = useRef(0);
  useEffect(() => () => clearTimeout(pause.current), []);
  // The latest callback, so that a parent's new arrow function each render changes nothing.
  const holdRef = useRef(onHold);
  useEffect(() => {
    holdRef.current = onHold;
  });
  const held = editing && text !== value;
  useEffect(() => {
    holdRef.current?.(held);
  }, [held]);
  useEffect(() => () => holdRef.current?.(false), []);

  const commit = (input: HTMLInputElement) => {
    clearTimeout(pause.current);
    typing.current = false;
    digitsTyped.current = 0;
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
      description={warnPast && value !== '' && value < today ? 'Эта дата уже прошла' : undefined}
      onFocus={() => {
        digitsTyped.current = 0;
        setEditing(true);
        onFocus?.();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget);
        else if (event.key !== 'Tab') typing.current = true;
        if (/^\d$/.test(event.key)) digitsTyped.current += 1;
      }}
      onChange={(event) => {
        const input = event.currentTarget;
        setText(input.value);
        clearTimeout(pause.current);
        if (!typing.current) commit(input);
        else {
          if (ownError && !input.validity.badInput) setOwnError(undefined);
          // Only a date typed whole (eight digits since the field was entered): on the way to a
          // new day in a full date the browser already reports a plausible one (12-02 for 25).
          if (digitsTyped.current >= 8 && !input.validity.badInput && isPlausibleDueDate(input.value)) {
            pause.current = setTimeout(() => commit(input), TYPED_DATE_PAUSE_MS);
          }
        }
      }}
      onBlur={(event) => {
        setEditing(false);
        setSeen(value);
        commit(event.currentTarget);
      }}
    />
  );
}
