import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { useValidatedForm, type ValidatedForm } from './validated-form';

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

export type SchemaForm<Values extends Record<string, unknown>, Schema extends z.ZodType> = ValidatedForm<
  Values,
  z.output<Schema>
>;

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
  return useValidatedForm<Values, z.output<Schema>>({
    initialValues,
    check: (values) => {
      const result = schema.safeParse(toPayload(values));
      return result.success
        ? { data: result.data as z.output<Schema>, errors: {} }
        : { data: null, errors: schemaErrors(result.error.issues, fieldOf) };
    },
  });
}
