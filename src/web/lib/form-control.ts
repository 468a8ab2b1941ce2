import type { ReactNode } from 'react';

/**
 * What a set of fields needs from its form: the values, messages and a setter, and,
 * on an autosaved card, focus/blur (a field being typed in is never rewritten) and
 * something to show under a field (someone else's change to it).
 */
export interface FormControl<T extends Record<string, string>> {
  values: T;
  errors: Partial<Record<keyof T, string>>;
  set: (field: keyof T, value: string) => void;
  focus?: (field: keyof T) => void;
  blur?: (field: keyof T) => void;
  /** The field's input holds a change it has not handed to `set` yet (a date being typed). */
  hold?: (field: keyof T, held: boolean) => void;
  below?: (field: keyof T) => ReactNode;
}

/** Props for a text input or textarea bound to `field` of `form`. */
export function textProps<T extends Record<string, string>>(form: FormControl<T>, field: keyof T) {
  return {
    value: form.values[field],
    error: form.errors[field],
    onChange: (event: { currentTarget: { value: string } }) => form.set(field, event.currentTarget.value),
    onFocus: () => form.focus?.(field),
    onBlur: () => form.blur?.(field),
  };
}
