import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useLayoutEffect, useRef } from 'react';

/** A form's values checked: the payload to send, or a message per field. */
export type FormCheck<Output> = { data: Output; errors: FormErrors } | { data: null; errors: FormErrors };

export interface ValidatedForm<Values extends Record<string, unknown>, Output> {
  form: UseFormReturnType<Values>;
  /** A submit handler that marks the form submitted and hands over the checked payload when valid. */
  onSubmit: (handle: (data: Output) => void) => (event?: React.FormEvent) => void;
  /** Back to the initial values, with no messages until the next submit. */
  reset: () => void;
}

/**
 * A form (@mantine/form holds the values) checked by `check`: no messages until the
 * first submit; from then on they are recomputed on every change, so a message goes
 * as soon as its field is fixed. What is submitted is the check's result, never the
 * raw values. Most forms check with a shared zod schema (schema-form.ts); the login
 * screen with plain functions, so that it loads no zod.
 */
export function useValidatedForm<Values extends Record<string, unknown>, Output>({
  initialValues,
  check,
}: {
  initialValues: Values;
  check: (values: Values) => FormCheck<Output>;
}): ValidatedForm<Values, Output> {
  const submitted = useRef(false);
  // The form keeps the options of its first render; checks go through the latest ones
  // (a payload may read data that arrived since, such as the default assignee).
  const latestCheck = useRef(check);
  useLayoutEffect(() => {
    latestCheck.current = check;
  });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => latestCheck.current(values).errors,
    onValuesChange: (values) => {
      if (submitted.current) form.setErrors(latestCheck.current(values).errors);
    },
  });
  return {
    form,
    onSubmit: (handle) => (event) => {
      event?.preventDefault();
      submitted.current = true;
      const { data, errors } = check(form.getValues());
      form.setErrors(errors);
      if (data !== null) handle(data);
      else if (event?.currentTarget instanceof HTMLFormElement) showFirstError(event.currentTarget);
    },
    reset: () => {
      submitted.current = false;
      form.reset();
    },
  };
}

/**
 * Brings the first field with a message into view and into focus, once the messages are drawn:
 * on a phone the form's foot, where «Сохранить» is, is often a screen below its first error
 * (issue 48: a wrong ИНН in «Настройки» said nothing on screen).
 */
export function showFirstError(form: HTMLFormElement) {
  requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  });
}
