import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useLayoutEffect, useRef } from 'react';
import type { z } from 'zod';

/** The first message per field of a failed parse, keyed as the form names its fields. */
export function schemaErrors(
  issues: readonly z.core.$ZodIssue[],
  fieldOf: (path: readonly PropertyKey[]) => string = (path) => String(path[0] ?? ''),
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

interface SchemaFormOptions<Values extends Record<string, unknown>, Schema extends z.ZodType> {
  /** The shared schema the server checks the same payload with (src/domain). */
  schema: Schema;
  initialValues: Values;
  /** The payload the form's values stand for, when they differ (a select's '' for «none»). */
  toPayload?: (values: Values) => unknown;
  /** Which field shows a message for a path of the payload (default: its first segment). */
  fieldOf?: (path: readonly PropertyKey[]) => string;
}

export interface SchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType> {
  form: UseFormReturnType<Values>;
  /** A submit handler that marks the form submitted and hands over the parsed payload when valid. */
  onSubmit: (handle: (data: z.output<Schema>) => void) => (event?: React.FormEvent) => void;
  /** Back to the initial values, with no messages until the next submit. */
  reset: () => void;
}

/**
 * A create or edit form over a shared zod schema (@mantine/form holds the values).
 * No messages until the first submit; from then on they are recomputed on every
 * change, so a message goes as soon as its field is fixed. What is submitted is the
 * schema's parsed result, never the raw values.
 */
export function useSchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  schema,
  initialValues,
  toPayload = (values) => values,
  fieldOf,
}: SchemaFormOptions<Values, Schema>): SchemaForm<Values, Schema> {
  const submitted = useRef(false);
  const check = (values: Values) => {
    const result = schema.safeParse(toPayload(values));
    return result.success
      ? ({ data: result.data as z.output<Schema>, errors: {} } as const)
      : ({ data: null, errors: schemaErrors(result.error.issues, fieldOf) } as const);
  };
  // The form keeps the options of its first render; checks go through the latest ones
  // (toPayload may read data that arrived since, such as the default assignee).
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
    },
    reset: () => {
      submitted.current = false;
      form.reset();
    },
  };
}
