import { useState } from 'react';
import type { z } from 'zod';

/** Runs a shared schema over form values; returns the parsed data or the first message per field. */
export function validateForm<Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): { data: z.output<Schema>; errors: null } | { data: null; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/**
 * A create form's messages: none until the first submit, then recomputed from the
 * current values on every change, so a message goes as soon as its field is fixed.
 */
export function useFormValidation<Schema extends z.ZodType>(schema: Schema, values: unknown) {
  const [submitted, setSubmitted] = useState(false);
  const result = validateForm(schema, values);
  return {
    errors: submitted ? (result.errors ?? {}) : ({} as Record<string, string>),
    /** Marks the form submitted; the parsed data when everything is valid. */
    submit(): z.output<Schema> | null {
      setSubmitted(true);
      return result.data;
    },
  };
}
